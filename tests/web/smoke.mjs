// Loads the served game in headless Chromium (SwiftShader WebGL2), waits for the first frame,
// plays a few turns, saves a screenshot, hides the tab (the game must save to local storage),
// exports the run's replay from the pause menu (a download); then, on a touch screen, taps a
// tile next to the hero and checks the hero travelled (web-touch.png), then long-presses the
// hero's tile and checks it was looked at, with no turn passed (web-look-touch.png); watches the exported
// replay from the Watch list (web-watch.png), imports it there (web-import.png) and races it as
// a ghost; then adds a folder of mods through the Mods screen's folder picker (web-mods.png),
// reloads and finds them kept; reads
// the page's live region (the turns' lines) and the main menu's focused entry from the page;
// last, a failure while playing must show on the page.
// Fails on any page error or console error.
// Usage: node smoke.mjs URL DIR MODS_DIR   (MODS_DIR holds one folder per mod to add; writes
// DIR/web.png, DIR/web-touch.png, DIR/web-mods.png and DIR/web.replay; playwright-core under
// $NODE_TOOLS; Debian's chromium)
import { readFileSync } from "node:fs";
import { launch } from "./browser.mjs";

const [url, dir, modsDir] = process.argv.slice(2);
const browser = await launch();
const errors = [];
// winit leaves its start-up function by throwing on purpose; the failure check below throws
// a stand-in trap, which the page then reports.
const STAND_IN = "smoke: a stand-in trap";
const expected = (text) => text.includes("Using exceptions for control flow") || text.includes(STAND_IN);
// The files the game loads itself, from its own list (`FILES` in src/app/content/files.rs,
// which a unit test holds to every sound the game plays), not a copy kept here.
function gameFiles() {
  const source = readFileSync(new URL("../../src/app/content/files.rs", import.meta.url), "utf8");
  const start = source.indexOf("pub const FILES");
  const list = source.slice(start, source.indexOf("];", start));
  return start < 0 ? [] : [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}
// The game's own files the page fetched over HTTP (path → status), from the first page.
const fetched = {};
function watch(page) {
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes("/assets/")) fetched[path] = r.status();
  });
  page.on("pageerror", (e) => {
    if (!expected(String(e))) errors.push(`page error: ${e}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !expected(m.text())) errors.push(`console error: ${m.text()}`);
  });
  return page;
}
// Presses `keys` in turn, again and again, until the page opens a file picker (a slow build
// may still be drawing the screen a key is meant for); the chooser.
async function untilPicker(p, keys) {
  const chooser = p.waitForEvent("filechooser", { timeout: 40000 });
  let picker = null;
  chooser.then((c) => { picker = c; }, () => {});
  for (let i = 0; i < 8 && !picker; i++) {
    for (const key of keys) {
      if (!picker) await p.keyboard.press(key);
      await p.waitForTimeout(1200);
    }
  }
  return chooser;
}
// A new page of the same browser (its storage too) on the game's menu, with the keys' focus.
async function menuPage() {
  const p = watch(await context.newPage());
  await p.goto(`${new URL(url).origin}/`);
  await firstFrame(p);
  // A slow machine draws its first frame before the menu: wait for the menu itself.
  await p.waitForFunction(() => document.getElementById("a11y-title").textContent === "Main menu",
    null, { timeout: 60000 });
  await p.waitForTimeout(500);
  await p.focus("canvas#bevy");
  return p;
}
const firstFrame = (page) =>
  page.waitForFunction(() => window.delveFirstFrameMs !== undefined, null, { timeout: 180000 });
const context = await browser.newContext({ viewport: { width: 1024, height: 700 }, acceptDownloads: true });
const page = watch(await context.newPage());
const started = Date.now();
let firstFrameMs = null;
let download = null;
let files = null;
let saved = null;
let replay = null;
let touch = null;
let mods = null;
let news = null;
let a11y = null;
try {
  await page.goto(url);
  await firstFrame(page);
  firstFrameMs = await page.evaluate(() => window.delveFirstFrameMs);
  download = await page.evaluate(() => ({ ...window.delveDownload, bytes: window.delveDownload?.bytes() }));
  // A plain static server: the Brotli file, decoded on the page (by Chromium itself once its
  // DecompressionStream takes "brotli", by the shipped decoder until then).
  if (download.encoding !== "brotli" || !["browser", "decoder"].includes(download.decodedBy)) {
    errors.push(`the page did not fetch and decode the Brotli wasm: ${JSON.stringify(download)}`);
  }
  // The pictures and sounds come over HTTP (not inside the wasm), all of them, and the
  // loader counted them in.
  await page.waitForFunction(() => window.delveFilesMs !== undefined, null, { timeout: 60000 });
  files = { ms: await page.evaluate(() => window.delveFilesMs), fetched: { ...fetched } };
  const wanted = gameFiles();
  if (wanted.length < 2) errors.push(`the game's list of its files was not read: ${JSON.stringify(wanted)}`);
  for (const f of wanted) {
    if (fetched[`/assets/${f}`] !== 200) errors.push(`the page did not fetch assets/${f}: ${JSON.stringify(fetched)}`);
  }
  // Let the floor draw, then auto-explore (X) so the turn loop runs in the browser for a while.
  await page.waitForTimeout(3000);
  await page.focus("canvas#bevy");
  await page.keyboard.press("KeyX");
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `${dir}/web.png` });
  // What a browser screen reader hears: the page's polite live region holds the turns' lines.
  news = await page.evaluate(() => [...document.querySelectorAll("#a11y-news p")].map((p) => p.textContent));
  if (!news.some((t) => t.startsWith("Welcome to Delve.")) || news.length < 2) {
    errors.push(`the page's live region lacks the log's lines: ${JSON.stringify(news)}`);
  }
  // Ctrl+F opens the game's find list, not the browser's find bar: the key's default is
  // prevented before it reaches the page, and the page's words show the list.
  await page.evaluate(() => {
    window.addEventListener("keydown", (e) => {
      if (e.ctrlKey && e.code === "KeyF") window.delveFindPrevented = e.defaultPrevented;
    });
  });
  await page.keyboard.press("Control+KeyF");
  const found = await page.waitForFunction(
    () => document.getElementById("a11y-title").textContent === "Find", null, { timeout: 20000 },
  ).then(() => true, () => false);
  const prevented = await page.evaluate(() => window.delveFindPrevented);
  if (!found || prevented !== true) {
    errors.push(`Ctrl+F did not open the game's find list with the page's find bar kept shut: ${JSON.stringify({ found, prevented, title: await page.evaluate(() => document.getElementById("a11y-title").textContent) })}`);
  }
  await page.keyboard.press("Escape");
  await page.waitForTimeout(1000);
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
  // A slow build may take a while to draw the pause menu: R is pressed until the file comes.
  const exported = page.waitForEvent("download", { timeout: 60000 });
  await page.keyboard.press("Escape");
  let file = null;
  exported.then((f) => { file = f; }, () => {});
  for (let i = 0; i < 6 && !file; i++) {
    await page.waitForTimeout(2000);
    if (!file) await page.keyboard.press("KeyR");
  }
  file = await exported;
  replay = `${dir}/web.replay`;
  await file.saveAs(replay);
} catch (e) {
  errors.push(`the game did not get through the smoke: ${e.message}`);
  await page.screenshot({ path: `${dir}/web.png` }).catch(() => {});
}

// The main menu in the page: its title, entries and the focused one (aria-activedescendant),
// and the focus following the cursor.
{
  try {
    const p = await menuPage();
    const menu = () => p.evaluate(() => {
      const id = document.getElementById("bevy").getAttribute("aria-activedescendant");
      return {
        title: document.getElementById("a11y-title").textContent,
        focused: id && document.getElementById(id)?.textContent,
        entries: [...document.querySelectorAll("#a11y-menu [role=option]")].map((e) => e.textContent),
      };
    });
    const before = await menu();
    await p.keyboard.press("ArrowDown");
    await p.waitForFunction(() => {
      const id = document.getElementById("bevy").getAttribute("aria-activedescendant");
      return id && document.getElementById(id)?.textContent !== "New run: N";
    }, null, { timeout: 20000 }).catch(() => {});
    const after = await menu();
    a11y = { before, after };
    if (before.title !== "Main menu" || before.focused !== "New run: N" || !before.entries.includes("Quit: Q")) {
      errors.push(`the page does not carry the main menu: ${JSON.stringify(before)}`);
    }
    if (after.focused !== "Random seed: R") errors.push(`the page's focus did not follow the cursor: ${JSON.stringify(after)}`);
    await p.close();
  } catch (e) {
    errors.push(`reading the menu from the page failed: ${e.message}`);
  }
}

// A phone: a tap on a seen floor tile two or three steps from the hero travels there; a long
// press looks.
try {
  const phone = await browser.newContext({ viewport: { width: 900, height: 640 }, hasTouch: true, isMobile: true });
  const p = watch(await phone.newPage());
  await p.goto(url);
  await firstFrame(p);
  await p.waitForFunction(() => window.delveGame !== undefined, null, { timeout: 30000 });
  await p.waitForTimeout(1500);
  const start = await p.evaluate(() => window.delveGame);
  let after = start;
  for (const [dx, dy] of [[2, 0], [-2, 0], [0, 2], [0, -2], [3, 0], [-3, 0], [0, 3], [0, -3], [1, 1], [-1, -1], [1, -1], [-1, 1]]) {
    const g = await p.evaluate(() => window.delveGame);
    await p.touchscreen.tap(g.hero[0] + dx * g.tile, g.hero[1] + dy * g.tile);
    await p.waitForTimeout(1500);
    after = await p.evaluate(() => window.delveGame);
    if (after.turn > start.turn) break;
  }
  await p.screenshot({ path: `${dir}/web-touch.png` });
  touch = { before: start, after };
  if (!(after.turn > start.turn)) errors.push(`a tap did not make the hero travel: ${JSON.stringify(touch)}`);
  // A long press on the hero's tile looks there: the cursor's words reach the live region
  // ("here: ..."), the context bar shows (web-look-touch.png), and no turn passes.
  const still = await p.evaluate(() => window.delveGame);
  const cdp = await phone.newCDPSession(p);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: still.hero[0], y: still.hero[1] }] });
  await p.waitForTimeout(1000);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await p.waitForTimeout(1000);
  await p.screenshot({ path: `${dir}/web-look-touch.png` });
  touch.longPress = {
    turn: (await p.evaluate(() => window.delveGame)).turn,
    news: await p.evaluate(() => document.getElementById("a11y-news")?.textContent ?? ""),
  };
  if (touch.longPress.turn !== still.turn) errors.push(`a long press passed a turn: ${JSON.stringify(touch.longPress)}`);
  if (!/here:/.test(touch.longPress.news)) errors.push(`a long press did not look at its tile: ${JSON.stringify(touch.longPress)}`);
  const scrolled = await p.evaluate(() => [window.scrollX, window.scrollY, window.visualViewport?.scale ?? 1]);
  if (scrolled[0] !== 0 || scrolled[1] !== 0 || scrolled[2] !== 1) errors.push(`the page moved under the finger: ${scrolled}`);
  await phone.close();
} catch (e) {
  errors.push(`the touch check failed: ${e.message}`);
}

// A phone held upright, by touch alone from the main menu: Settings and Records open and
// close with taps on their entries and buttons (where the game says they are, in
// `window.delveMenu`), then New run asks for a class, a tap picks the rogue
// (`web-classes-touch.png`), and the run shows the narrow layout (`web-portrait.png`).
let portrait = null;
try {
  const upright = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const p = watch(await upright.newPage());
  await p.goto(`${new URL(url).origin}/`);
  await firstFrame(p);
  const until = (title) => p.waitForFunction((t) => window.delveMenu?.title === t && window.delveMenu.entries.length > 0, title, { timeout: 30000 });
  const tap = async (start) => {
    const entry = await p.evaluate((s) => window.delveMenu.entries.find((e) => e.words.startsWith(s)), start);
    if (!entry) throw new Error(`no "${start}" to tap in ${JSON.stringify(await p.evaluate(() => window.delveMenu))}`);
    const [x, y, w, h] = entry.rect;
    await p.touchscreen.tap(x + w / 2, y + h / 2);
  };
  const steps = [];
  await until("Main menu");
  await tap("Settings");
  await until("Settings");
  steps.push("Settings");
  await p.waitForTimeout(500);
  await p.screenshot({ path: `${dir}/web-settings-touch.png` });
  await tap("Close");
  await until("Main menu");
  await tap("Records");
  await until("Records").catch(async () => {
    // No finished run yet: the Records list is empty, but its screen is open.
    await p.waitForFunction(() => window.delveMenu?.entries.some((e) => e.words === "Back"), null, { timeout: 10000 });
  });
  steps.push("Records");
  await tap("Back");
  await until("Main menu");
  steps.push("Main menu");
  await tap("New run");
  await until("Choose your delver");
  steps.push("Choose your delver");
  await p.waitForTimeout(500);
  await p.screenshot({ path: `${dir}/web-classes-touch.png` });
  await tap("Rogue");
  await p.waitForFunction(() => window.delveGame !== undefined, null, { timeout: 30000 });
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `${dir}/web-portrait.png` });
  portrait = { steps, game: await p.evaluate(() => window.delveGame) };
  if (portrait.game.class !== "core:rogue") {
    errors.push(`a tap on Rogue did not start a rogue's run: ${JSON.stringify(portrait.game)}`);
  }
  await upright.close();
} catch (e) {
  errors.push(`the phone held upright could not get through the menus by touch: ${e.message}`);
}

// Watching in the browser: W on the menu lists the kept replays, O opens a replay file (the
// run exported above) and the viewer plays it.
let watched = null;
if (replay) {
  try {
    const p = await menuPage();
    // Escape (back to the menu from wherever a slow build left it), W, O.
    await (await untilPicker(p, ["Escape", "KeyW", "KeyO"])).setFiles(replay);
    await p.waitForFunction(() => (window.delveGame?.turn ?? 0) > 0, null, { timeout: 30000 });
    await p.waitForTimeout(1500);
    await p.screenshot({ path: `${dir}/web-watch.png` });
    watched = await p.evaluate(() => window.delveGame);
    await p.close();
  } catch (e) {
    errors.push(`watching a replay file failed: ${e.message}`);
  }
}

// Importing and racing in the browser: I on the Watch list picks replay files, which the game
// plays again and keeps in the Records only when they prove their claims (the run exported
// above must); G picks replays of one seed to race: a new run of that seed with each as a
// ghost, whose line the sidebar (the page's screen text) shows.
const screenLines = (p) => p.evaluate(() => [...document.querySelectorAll("#a11y-screen p")].map((e) => e.textContent));
let imported = null;
let raced = null;
if (replay) {
  try {
    const p = await menuPage();
    await (await untilPicker(p, ["Escape", "KeyW", "KeyI"])).setFiles(replay);
    await p.waitForFunction(() => [...document.querySelectorAll("#a11y-screen p")]
      .some((e) => /^(Not )?[Ii]mported /.test(e.textContent)), null, { timeout: 60000 });
    await p.waitForTimeout(1000);
    await p.screenshot({ path: `${dir}/web-import.png` });
    imported = (await screenLines(p)).filter((t) => /^(Not )?[Ii]mported /.test(t));
    if (!imported.some((t) => t.startsWith("Imported web.replay as run #") && t.includes("verified: seed 7"))) {
      errors.push(`the exported replay was not imported as verified: ${JSON.stringify(imported)}`);
    }
    await (await untilPicker(p, ["KeyG"])).setFiles(replay);
    // The race's run chooses its class first (Enter: the one chosen last).
    await p.waitForFunction(() => document.getElementById("a11y-title").textContent.includes("delver"), null, { timeout: 20000 })
      .catch(() => {});
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => [...document.querySelectorAll("#a11y-screen p")]
      .some((e) => e.textContent.startsWith("web: ")), null, { timeout: 30000 });
    raced = (await screenLines(p)).filter((t) => t.startsWith("web: "));
    await p.close();
  } catch (e) {
    errors.push(`importing or racing replay files failed: ${e.message} (imported: ${JSON.stringify(imported)})`);
  }
}

// Mods from the player's own folder: the Mods screen's picker (A), kept across a reload.
if (modsDir) {
  try {
    const p = await menuPage();
    // M opens the Mods screen from the menu (and does nothing there), A the picker.
    await (await untilPicker(p, ["KeyM", "KeyA"])).setFiles(modsDir);
    await p.waitForFunction(() => window.delveMods?.folders.length > 0, null, { timeout: 10000 });
    await p.waitForTimeout(2000);
    // The cursor onto the broken one (the example mods first, then the added ones by name), so
    // the picture shows its located error.
    const shown = await p.evaluate(() => window.delveMods.folders.map((m) => m.folder));
    const broken = shown.indexOf("broken");
    for (let i = 0; i < 2 + broken; i++) {
      await p.keyboard.press("ArrowDown");
      await p.waitForTimeout(300);
    }
    await p.waitForTimeout(1000);
    await p.screenshot({ path: `${dir}/web-mods.png` });
    const added = await p.evaluate(() => ({ folders: window.delveMods.folders.map((m) => m.folder), message: window.delveMods.message }));
    // Both mods by name, and the broken one's error where it is (file, line, column).
    for (const name of ["webmod", "broken"]) {
      if (!added.folders.includes(name)) errors.push(`the mod "${name}" was not added: ${JSON.stringify(added)}`);
    }
    added.screen = await screenLines(p);
    if (!added.screen.some((t) => t.includes("creatures.toml:3:12"))) {
      errors.push(`the broken mod's located error is not shown: ${JSON.stringify(added.screen)}`);
    }
    await p.reload();
    await firstFrame(p);
    const kept = await p.evaluate(() => window.delveMods.folders.map((m) => m.folder));
    mods = { added, kept };
    if (kept.length !== added.folders.length) errors.push(`the added mods were not kept across a reload: ${JSON.stringify(mods)}`);
    await p.close();
  } catch (e) {
    errors.push(`adding mods failed: ${e.message}`);
  }
}
// A failure while the game runs shows on the page (the published build stops at a panic
// without a message): an uncaught error stands in for the game's trap.
let stopped = null;
try {
  const p = await menuPage();
  await p.evaluate((text) => setTimeout(() => { throw new Error(text); }, 0), STAND_IN);
  await p.waitForTimeout(500);
  stopped = await p.evaluate(() => ({ shown: !document.getElementById("status").classList.contains("hidden"), text: document.getElementById("message").textContent }));
  if (!stopped.shown || !stopped.text.startsWith(`Delve stopped: Error: ${STAND_IN}`)) errors.push(`a failure while playing is not shown: ${JSON.stringify(stopped)}`);
  await p.close();
} catch (e) {
  errors.push(`the failure check failed: ${e.message}`);
}
await browser.close();
console.log(JSON.stringify({ first_frame_ms: firstFrameMs, download, files, total_ms: Date.now() - started, saved, replay, touch, portrait, watched, imported, raced, mods, news, a11y, stopped, errors }));
process.exit(errors.length ? 1 : 0);
