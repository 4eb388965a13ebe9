import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export const INSTALL_HINT =
  "Chromium is needed for the browser tests and was not found: install it with `sudo apt-get install -y chromium` " +
  "(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome binary.";

/** The system's Chromium: CHROME_PATH if set, else the usual Debian locations. Never a downloaded browser. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(INSTALL_HINT);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
