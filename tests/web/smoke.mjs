// Loads the served game in headless Chromium (SwiftShader WebGL2), waits for the first frame,
// plays a few turns, saves a screenshot, hides the tab (the game must save to local storage),
// exports the run's replay from the pause menu (a download), and fails on any page error or
// console error. Usage: node smoke.mjs URL DIR   (writes DIR/web.png and DIR/web.replay;
// playwright-core under $NODE_TOOLS; Debian's chromium)
import { createRequire } from "node:module";

// ES modules ignore NODE_PATH, so playwright-core is required from where web.sh installed it.
const { chromium } = createRequire(`${process.env.NODE_TOOLS}/`)("playwright-core");

const [url, dir] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic",
  ],
});
const errors = [];
const context = await browser.newContext({ viewport: { width: 1024, height: 700 }, acceptDownloads: true });
const page = await context.newPage();
page.on("pageerror", (e) => {
  // winit leaves its start-up function by throwing this on purpose.
  if (!String(e).includes("Using exceptions for control flow")) errors.push(`page error: ${e}`);
});
page.on("console", (m) => {
  if (m.type() === "error") errors.push(`console error: ${m.text()}`);
});
const started = Date.now();
let firstFrame = null;
let saved = null;
let replay = null;
try {
  await page.goto(url);
  await page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
  firstFrame = await page.evaluate(() => window.delveFirstFrameMs);
  // Let the floor draw, then auto-explore (X) so the turn loop runs in the browser for a while.
  await page.waitForTimeout(3000);
  await page.focus("canvas#bevy");
  await page.keyboard.press("KeyX");
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `${dir}/web.png` });
  // The tab goes hidden: the run must be in local storage right after.
  saved = await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    const v = localStorage.getItem("delve.run");
    return v && v.slice(0, 14);
  });
  if (!saved || !saved.startsWith("DELVE-SAVE ")) errors.push(`no save in local storage: ${saved}`);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  });
  // Pause, then R: the replay arrives as a download.
  const download = page.waitForEvent("download", { timeout: 20000 });
  await page.keyboard.press("Escape");
  await page.waitForTimeout(500);
  await page.keyboard.press("KeyR");
  const file = await download;
  replay = `${dir}/web.replay`;
  await file.saveAs(replay);
} catch (e) {
  errors.push(`the game did not get through the smoke: ${e.message}`);
  await page.screenshot({ path: `${dir}/web.png` }).catch(() => {});
}
await browser.close();
console.log(JSON.stringify({ first_frame_ms: firstFrame, total_ms: Date.now() - started, saved, replay, errors }));
process.exit(errors.length ? 1 : 0);
