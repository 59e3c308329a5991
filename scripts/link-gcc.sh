#!/bin/sh
# The linker for x86_64 Linux (.cargo/config.toml): the C compiler, with mold when it is on
# the PATH. mold links the large Bevy binaries in a fraction of the default linker's time, but a
# machine without it must still build. Choosing here, not in RUSTFLAGS, keeps the compiler flags
# the same with and without mold, so installing it never rebuilds Bevy.
# The name ends in -gcc because rustc picks the linker's argument style from its name.
if command -v mold >/dev/null 2>&1; then
  exec "${CC:-cc}" -fuse-ld=mold "$@"
fi
exec "${CC:-cc}" "$@"
