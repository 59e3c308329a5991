// Replays each file given on the command line in the core's wasm build and prints
// "FILE HASH" per line (HASH as 16 hex digits, 0 when the replay failed).
import { readFileSync } from "node:fs";

const [wasmPath, ...files] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { memory, delve_alloc, delve_replay_hash } = instance.exports;
for (const file of files) {
  const bytes = readFileSync(file);
  const ptr = delve_alloc(bytes.length);
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
  const hash = BigInt.asUintN(64, delve_replay_hash(ptr, bytes.length));
  console.log(`${file} ${hash.toString(16).padStart(16, "0")}`);
}
