// Loads the served game N times in fresh headless Chromium contexts and prints each time from
// navigation to Bevy's first frame (the canvas sized by the renderer) and to the game's own
// pictures and sounds all in (the page's loader goes then), and their medians.
// Usage: node first_frame.mjs URL [N]   (playwright-core under $NODE_TOOLS; Debian's chromium)
import { launch } from "./browser.mjs";

const [url, n = "5"] = process.argv.slice(2);
const browser = await launch();
const times = [];
const files = [];
for (let i = 0; i < Number(n); i++) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
  times.push(await page.evaluate(() => window.delveFirstFrameMs));
  await page.waitForFunction(() => window.delveFilesMs !== undefined, null, { timeout: 180000 });
  files.push(await page.evaluate(() => window.delveFilesMs));
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
  first_frame_ms: times, median_ms: median(times), files_in_ms: files, files_median_ms: median(files),
}));
