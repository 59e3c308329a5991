//! The core's replay as bare wasm exports (feature `wasm-replay`), so a test can check that
//! the same replay ends in the same state hash under the browser's wasm as natively.
// A wasm module's exports are `no_mangle` functions and the host hands back raw memory: the
// one place where `unsafe` is the interface itself.
#![allow(unsafe_code)]
use crate::content::Content;
use crate::runs::replay::Replay;

/// Room for `len` bytes the host writes a replay file into.
#[unsafe(no_mangle)]
pub extern "C" fn delve_alloc(len: usize) -> *mut u8 {
    let mut buf = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    buf.as_mut_ptr()
}

/// Replays the file at `ptr..ptr + len` (from `delve_alloc`, consumed) against the core
/// content; the final state hash, or 0 when the replay cannot be read or diverges.
///
/// # Safety
/// `ptr` must come from `delve_alloc(len)` with `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn delve_replay_hash(ptr: *mut u8, len: usize) -> u64 {
    // SAFETY: the caller passes back delve_alloc's buffer, fully written.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len) };
    let Ok(content) = Content::core() else {
        return 0;
    };
    Replay::decode(&bytes, &content)
        .and_then(|r| r.run(&content))
        .map_or(0, |g| g.state_hash())
}

/// The daily run's seed for a date (`daily::daily_seed`), 0 for a day that does not exist:
/// the browser's build must give the native build's seed.
#[unsafe(no_mangle)]
pub extern "C" fn delve_daily_seed(year: u32, month: u32, day: u32) -> u64 {
    crate::daily::Date::parse(&format!("{year:04}-{month:02}-{day:02}"))
        .map_or(0, crate::daily::daily_seed)
}
