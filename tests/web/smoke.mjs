// Loads the served game in headless Chromium (SwiftShader WebGL2), waits for the first frame
// and a few turns of the run, saves a screenshot, and fails on any page error or console error.
// Usage: node smoke.mjs URL OUT.png   (playwright-core under $NODE_TOOLS; Debian's chromium)
import { createRequire } from "node:module";

// ES modules ignore NODE_PATH, so playwright-core is required from where web.sh installed it.
const { chromium } = createRequire(`${process.env.NODE_TOOLS}/`)("playwright-core");

const [url, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic",
  ],
});
const errors = [];
const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
page.on("pageerror", (e) => {
  // winit leaves its start-up function by throwing this on purpose.
  if (!String(e).includes("Using exceptions for control flow")) errors.push(`page error: ${e}`);
});
page.on("console", (m) => {
  if (m.type() === "error") errors.push(`console error: ${m.text()}`);
});
const started = Date.now();
let firstFrame = null;
try {
  await page.goto(url);
  await page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
  firstFrame = await page.evaluate(() => window.delveFirstFrameMs);
  // Let the floor draw, then walk a few steps so the turn loop runs in the browser too.
  await page.waitForTimeout(3000);
  await page.focus("canvas#bevy");
  for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(1500);
} catch (e) {
  errors.push(`the game did not show its first frame: ${e.message}`);
}
await page.screenshot({ path: out });
await browser.close();
console.log(JSON.stringify({ first_frame_ms: firstFrame, total_ms: Date.now() - started, errors }));
process.exit(errors.length ? 1 : 0);
