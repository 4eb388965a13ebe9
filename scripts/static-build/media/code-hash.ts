import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { transformSync } from "esbuild";
import { ROOT } from "../../paths";

/**
 * What makes a cached result what it is, besides its input: the build's files that made it (a folder's modules, its
 * tests left out) and the versions of the packages they call. Each module counts as the code it compiles to, without
 * comments, types or layout: a reworded comment or a reformatted line changes nothing the module makes, so it keeps
 * every kept result (and every committed preview) as it was. No one has to remember to change a number.
 */
export function codeHash(paths: readonly string[], packages: readonly string[], root = ROOT): string {
  const hash = createHash("sha256");
  for (const path of paths.flatMap((p) => sourceFiles(root, p)))
    hash
      .update(path)
      .update("\0")
      .update(compiled(path, readFileSync(join(root, path), "utf8")))
      .update("\0");
  for (const name of packages) hash.update(`${name}@${packageVersion(root, name)}\0`);
  return hash.digest("hex").slice(0, 16);
}

/** A module as esbuild compiles it with its whitespace minified: what it does, not how it is written down. */
const compiled = (path: string, source: string) =>
  transformSync(source, {
    loader: extname(path) === ".tsx" ? "tsx" : "ts",
    minifyWhitespace: true,
    legalComments: "none",
  }).code;

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
