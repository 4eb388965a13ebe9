import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findChromium, INSTALL_HINT } from "../chromium";
import { firefoxMissing } from "./engines/firefox";
import { soundServerMissing } from "./engines/sound-server";
import { webkitMissing } from "./engines/webkit";

/** Debian's nginx, for the test of the configuration `npm run host-config -- nginx` writes. */
export function findNginx(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
}

const NGINX_HINT = "nginx is needed to test the generated nginx configuration and was not found: install it with `sudo apt-get install -y nginx` (Debian/Ubuntu).";

// `tsx scripts/e2e/requirements.ts` (npm's pretest): one clear line each, and a failing exit, for what is missing.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = [
    findChromium() ? undefined : INSTALL_HINT,
    findNginx() ? undefined : NGINX_HINT,
    // The other two engines, and the audio device they play to (the README's "Three engines").
    ...[firefoxMissing(), webkitMissing(), soundServerMissing()].map((why) => why && `Cannot test in every engine: ${why}.`),
  ].filter(Boolean);
  for (const hint of missing) console.error(hint);
  if (missing.length > 0) process.exit(1);
}
