// Debian's headless Chromium through playwright-core (installed under $NODE_TOOLS by web.sh;
// it never downloads a browser), with SwiftShader's WebGL2 and no background networking,
// which this machine's closed network refuses.
import { createRequire } from "node:module";

// ES modules ignore NODE_PATH, so playwright-core is required from where web.sh installed it.
const { chromium } = createRequire(`${process.env.NODE_TOOLS}/`)("playwright-core");

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--no-first-run", "--disable-quic",
    ],
  });
}
