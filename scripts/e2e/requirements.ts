import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findChromium, INSTALL_HINT } from "../test/chromium";
import { firefoxMissing } from "../test/firefox";
import { soundServerMissing } from "./engines/sound-server";
import { webkitMissing } from "./engines/webkit";
import { findPdftotext, PDFTOTEXT_HINT } from "./pdf";

/** Debian's nginx, for the test of the configuration `npm run host-config -- nginx` writes. */
export function findNginx(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
}

/**
 * Cloudflare's local runtime for Pages, for the test of how Cloudflare Pages serves the build. A package of its own
 * (scripts/e2e/cloudflare/), installed by .ci/run: nobody who only builds the site needs its 200 MB.
 */
export function findWrangler(): string | undefined {
  const binary = fileURLToPath(new URL("./cloudflare/node_modules/.bin/wrangler", import.meta.url));
  return existsSync(binary) ? binary : undefined;
}

/** A date the runtime bundled with wrangler 4.86 knows: with a later one it refuses to start ("the newest date supported by this server binary is 2026-05-03"). */
export const WRANGLER_COMPATIBILITY_DATE = "2026-04-01";

export const WRANGLER_HINT =
  "wrangler is needed to test how Cloudflare Pages serves the site and was not found: install it with `npm ci --prefix scripts/e2e/cloudflare`.";

export const NGINX_HINT =
  "nginx is needed to test the generated nginx configuration and was not found: install it with `sudo apt-get install -y nginx` (Debian/Ubuntu).";

/** One part of `npm test`: its test files (none: some tests of a file that the others run), and what it lacks here. */
export interface Suite {
  name: string;
  files: readonly string[];
  /** Why it cannot run on this machine, and what to install; undefined when it can. */
  missing?: string;
}

/**
 * What `npm test` runs and what this machine lets it: the unit tests wherever Node runs; the browser suite where
 * Chromium is (its setup starts one for every browser file); Firefox and WebKit where each engine and an audio device
 * are; the nginx and Cloudflare Pages tests where their servers are.
 */
export function suites(): Suite[] {
  const chromium = findChromium() ? undefined : INSTALL_HINT;
  // The other suites are files of the browser suite, which starts Chromium first.
  const withChromium = (missing: string | undefined) =>
    chromium ? "runs with the browser suite, which needs Chromium (above)" : missing;
  const engine = (why: string | undefined, name: string) => {
    const lacking = why ?? soundServerMissing();
    return withChromium(lacking && `Cannot test in ${name}: ${lacking}.`);
  };
  return [
    { name: "unit tests", files: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,tsx}"] },
    { name: "browser suite in Chromium", files: ["scripts/e2e/**/*.test.ts"], missing: chromium },
    { name: "Firefox", files: ["scripts/e2e/in-firefox.test.ts"], missing: engine(firefoxMissing(), "Firefox") },
    { name: "WebKit", files: ["scripts/e2e/in-webkit.test.ts"], missing: engine(webkitMissing(), "WebKit") },
    { name: "nginx's configuration", files: [], missing: withChromium(findNginx() ? undefined : NGINX_HINT) },
    { name: "Cloudflare Pages' runtime", files: [], missing: withChromium(findWrangler() ? undefined : WRANGLER_HINT) },
    { name: "printed pages", files: [], missing: withChromium(findPdftotext() ? undefined : PDFTOTEXT_HINT) },
  ];
}

/** What a run says at its end: each suite that ran, and each that did not with what to install. */
export const suiteSummary = (all: readonly Suite[]) =>
  [
    "Suites:",
    ...all.map((suite) => (suite.missing ? `  skipped  ${suite.name}: ${suite.missing}` : `  included ${suite.name}`)),
  ].join("\n");
