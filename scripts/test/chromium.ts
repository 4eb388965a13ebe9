import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer } from "playwright-core";

/** Flags that let Chromium run headless in a container with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Where Debian, Ubuntu, Fedora, macOS and Windows install Chromium or Chrome. */
const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
];

export const INSTALL_HINT =
  "Chromium is needed for the browser tests and was not found: install it with `sudo apt-get install -y chromium` " +
  "(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome binary.";

/** The system's Chromium: CHROME_PATH if set, else where systems install it. Never a downloaded browser. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

function executablePath(): string {
  const path = findChromium();
  if (!path) throw new Error(INSTALL_HINT);
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS });
}

/** One Chromium that several processes connect to (the test files share it, each in contexts of its own). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: executablePath(), args: CHROMIUM_ARGS });
}

export const connectChromium = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);
