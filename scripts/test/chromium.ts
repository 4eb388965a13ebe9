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

export function executablePath(): string {
  const path = findChromium();
  if (!path) throw new Error(INSTALL_HINT);
  return path;
}

/** What Playwright 1.65 turns off in every Chromium it launches (e2e/chromium-flags.test.ts keeps it in step). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The tests' Chromium turns off, besides, the omnibox of the window that headless Chromium keeps hidden for every
 * context: its two popups are WebUI pages, two renderers a context (without them a whole npm test here went from
 * 242 s to 206 s). Chromium reads only the last --disable-features it is given, so this one repeats Playwright's.
 */
const TEST_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")}`,
];

/** One Chromium that several processes connect to (the test files share it, each in contexts of its own). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: executablePath(), args: TEST_ARGS });
}

export const connectChromium = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);
