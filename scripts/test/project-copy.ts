import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import type { SiteContent } from "../../src/content/types";
import { PREVIEWS_FOLDER } from "../../src/content/files";
import { ROOT } from "../paths";

/**
 * The project's sources in a temporary folder (node_modules linked, not copied), for tests and the bench that
 * edit files or run commands without touching the real ones.
 */
export async function copyProject(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "site-copy-"));
  for (const entry of ["src", "styles", "scripts", "package.json", "tsconfig.json"]) {
    // Not the packages a single test installs for itself (scripts/e2e/cloudflare/node_modules), nor an owner's audio
    // left in the project (a master can be gigabytes): only the previews the build committed.
    await cp(join(ROOT, entry), join(root, entry), {
      recursive: true,
      filter: (source) =>
        !source.endsWith(".tsbuildinfo") && !source.includes(`${sep}node_modules`) && !isOwnerAudio(source),
    });
  }
  await symlink(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  // The browser suite's own packages (scripts/e2e/package.json), which the type checker needs to see.
  if (existsSync(join(ROOT, "scripts/e2e/node_modules")))
    await symlink(join(ROOT, "scripts/e2e/node_modules"), join(root, "scripts/e2e/node_modules"), "dir");
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

const AUDIO = /\.(wav|flac|mp3|aiff?|m4a|ogg|opus)$/i;
/** Audio in the project that is not a committed preview (src/content/previews/*.mp3). */
const isOwnerAudio = (path: string) =>
  AUDIO.test(path) && !(dirname(path) === join(ROOT, PREVIEWS_FOLDER) && path.endsWith(".mp3"));

/** The first line of src/content/site.ts. */
const TYPES_IMPORT = 'import type { SiteContent } from "./types";';

/** src/content/site.ts as it would read with this content: for a test that runs the build on a copy of the project. */
export const siteModule = (content: SiteContent) =>
  `${TYPES_IMPORT}\n\nexport const site: SiteContent = ${JSON.stringify(content, null, 2)};\n`;
