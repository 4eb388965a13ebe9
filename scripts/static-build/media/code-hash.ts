import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../paths";

/**
 * What makes a cached result what it is, besides its input: the text of the build's files that made it (a folder's
 * modules, its tests left out) and the versions of the packages they call. A cache keyed by it is never read by code
 * that would make something else, and no one has to remember to change a number when that code changes.
 */
export function codeHash(paths: readonly string[], packages: readonly string[], root = ROOT): string {
  const hash = createHash("sha256");
  for (const path of paths.flatMap((p) => sourceFiles(root, p)))
    hash
      .update(path)
      .update("\0")
      .update(readFileSync(join(root, path)));
  for (const name of packages) hash.update(`${name}@${packageVersion(root, name)}\0`);
  return hash.digest("hex").slice(0, 16);
}

/** A file, or a folder's modules (not its tests), in a stable order, by their paths from the root. */
function sourceFiles(root: string, path: string): string[] {
  if (!statSync(join(root, path)).isDirectory()) return [path];
  return readdirSync(join(root, path))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))
    .sort()
    .map((name) => `${path}/${name}`);
}

// Read from the installed copy: a package need not export its manifest.
const packageVersion = (root: string, name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
