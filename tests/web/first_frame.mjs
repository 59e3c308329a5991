// Loads the served game N times in fresh headless Chromium contexts and prints each time from
// navigation to Bevy's first frame (the canvas sized by the renderer) and their median.
// Usage: node first_frame.mjs URL [N]   (playwright-core under $NODE_TOOLS; Debian's chromium)
import { launch } from "./browser.mjs";

const [url, n = "5"] = process.argv.slice(2);
const browser = await launch();
const times = [];
for (let i = 0; i < Number(n); i++) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
  times.push(await page.evaluate(() => window.delveFirstFrameMs));
  await context.close();
}
await browser.close();
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ first_frame_ms: times, median_ms: sorted[Math.floor(sorted.length / 2)] }));
