import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { ROOT } from "./paths";

/**
 * The project's sources in a temporary folder (node_modules linked, not copied), for tests and the bench that
 * edit files or run commands without touching the real ones.
 */
export async function copyProject(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "site-copy-"));
  for (const entry of ["src", "styles", "scripts", "package.json", "tsconfig.json"]) {
    // Not the packages a single test installs for itself (scripts/e2e/cloudflare/node_modules).
    await cp(join(ROOT, entry), join(root, entry), { recursive: true, filter: (source) => !source.endsWith(".tsbuildinfo") && !source.includes(`${sep}node_modules`) });
  }
  await symlink(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
