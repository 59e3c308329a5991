// Prints "DATE SEED" for each YYYY-MM-DD given, the seed by the core's wasm build's
// `delve_daily_seed` (0 for a day that does not exist).
import { readFileSync } from "node:fs";

const [wasmPath, ...dates] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { delve_daily_seed } = instance.exports;
for (const date of dates) {
  const [y, m, d] = date.split("-").map(Number);
  console.log(`${date} ${BigInt.asUintN(64, delve_daily_seed(y, m, d)).toString()}`);
}
