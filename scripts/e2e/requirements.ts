import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findChromium, INSTALL_HINT } from "../bench/chromium";
import { firefoxMissing } from "./engines/firefox";
import { soundServerMissing } from "./engines/sound-server";
import { webkitMissing } from "./engines/webkit";

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

const NGINX_HINT = "nginx is needed to test the generated nginx configuration and was not found: install it with `sudo apt-get install -y nginx` (Debian/Ubuntu).";

// `tsx scripts/e2e/requirements.ts` (npm's pretest): one clear line each, and a failing exit, for what is missing.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = [
    findChromium() ? undefined : INSTALL_HINT,
    findNginx() ? undefined : NGINX_HINT,
    findWrangler() ? undefined : WRANGLER_HINT,
    // The other two engines, and the audio device they play to (scripts/e2e/README.md, "Three engines").
    ...[firefoxMissing(), webkitMissing(), soundServerMissing()].map((why) => why && `Cannot test in every engine: ${why}.`),
  ].filter(Boolean);
  for (const hint of missing) console.error(hint);
  if (missing.length > 0) process.exit(1);
}
