// Which file the page downloads and what decodes it, on three hosts: a plain static server
// (the Brotli file, decoded on the page: checked by smoke.mjs), the same server with the Brotli
// decoder unreachable (the page falls back to the gzip file), and a host that sends the `.br`
// file with `Content-Encoding: br` (the browser decodes it; the page sees plain wasm). Each must
// reach its first frame. Prints what each took.
// Usage: node encodings.mjs PLAIN_URL ENCODING_URL   (playwright-core under $NODE_TOOLS)
import { launch } from "./browser.mjs";

const [plainUrl, encodedUrl] = process.argv.slice(2);
const browser = await launch();
const errors = [];
const seen = {};

async function load(name, url, expect, setup = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await setup(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) errors.push(`${name}: page error: ${e}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
    const got = await page.evaluate(() => ({ ...window.delveDownload, bytes: window.delveDownload.bytes(), firstFrameMs: window.delveFirstFrameMs }));
    seen[name] = got;
    for (const [k, v] of Object.entries(expect)) {
      if (!v.includes(got[k])) errors.push(`${name}: ${k} is ${got[k]}, expected one of ${v}: ${JSON.stringify(got)}`);
    }
  } catch (e) {
    errors.push(`${name}: ${e}`);
  }
  await context.close();
}

// A browser without Brotli of its own (as Chromium 156 is; one that has it is made to lack it)
// whose decoder does not arrive.
await load("no decoder", plainUrl, { encoding: ["gzip"], decodedBy: ["browser"] }, async (c) => {
  await c.addInitScript(() => {
    const Native = window.DecompressionStream;
    window.DecompressionStream = class extends Native {
      constructor(format) {
        if (format === "brotli") throw new TypeError("no Brotli in this browser");
        super(format);
      }
    };
  });
  await c.route("**/vendor/brotli-dec/**", (r) => r.abort());
});
await load("host encodes", encodedUrl, { encoding: ["brotli"], decodedBy: ["host"] });
await browser.close();
console.log(JSON.stringify({ seen, errors }));
process.exit(errors.length ? 1 : 0);
