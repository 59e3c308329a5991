// The core pack's files in the browser: the page fetches them (assets/core/) and the game
// checks each against the hash it was built with. A file that does not arrive, and one that
// arrives changed, must each stop the start with a sentence on the page naming the file, never
// a panic or a frozen loader. Prints what the page said.
// Usage: node core_files.mjs URL   (playwright-core under $NODE_TOOLS)
import { launch } from "./browser.mjs";

const [url] = process.argv.slice(2);
const browser = await launch();
const errors = [];
const said = {};

async function load(name, expect, route) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.route(route.pattern, route.handle);
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    const text = String(e);
    if (!text.includes("Using exceptions for control flow")) errors.push(`${name}: page error: ${text}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById("message")?.className === "error", null, { timeout: 180000 });
    said[name] = await page.evaluate(() => document.getElementById("message").textContent);
    for (const part of expect) {
      if (!said[name].includes(part)) errors.push(`${name}: the page says ${JSON.stringify(said[name])}, without ${JSON.stringify(part)}`);
    }
  } catch (e) {
    errors.push(`${name}: ${e}`);
  }
  await context.close();
}

await load("missing", ["Delve could not start", "assets/core/items.toml did not arrive", "404"], {
  pattern: "**/assets/core/items.toml",
  handle: (r) => r.fulfill({ status: 404, body: "" }),
});
await load("altered", ["Delve could not start", "assets/core/traps.toml is not the file this build was made with"], {
  pattern: "**/assets/core/traps.toml",
  handle: async (r) => {
    const res = await r.fetch();
    r.fulfill({ response: res, body: (await res.text()) + "\n# changed\n" });
  },
});
await browser.close();
console.log(JSON.stringify({ said, errors }));
process.exit(errors.length ? 1 : 0);
