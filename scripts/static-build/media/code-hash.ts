import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { ROOT } from "../../paths";

/**
 * What makes a cached result what it is, besides its input: the code that made it and the versions of the packages
 * it calls. The code is the modules named (a folder's, its tests left out) and every module they import, followed as
 * esbuild follows them, so a constant changed in any imported file (src/content/bands.ts' CARRIER_HZ) redoes what
 * depends on it. Each counts as the code it bundles to, without comments, types or layout, and without what nothing
 * uses: a reworded comment or a reformatted line keeps every kept result (and every committed preview) as it was.
 */
export function codeHash(paths: readonly string[], root = ROOT): string {
  const { outputFiles, metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: paths.flatMap((p) => sourceFiles(root, p)),
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    minifyWhitespace: true,
    legalComments: "none",
    metafile: true,
    write: false,
    outdir: "code-hash",
    logLevel: "silent",
  });
  const hash = createHash("sha256");
  for (const file of [...outputFiles].sort((a, b) => a.path.localeCompare(b.path))) hash.update(file.contents);
  const packages = new Set(
    Object.values(metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path)),
    ),
  );
  for (const name of [...packages].sort()) hash.update(`${name}@${packageVersion(root, name)}\0`);
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

/** "@audio/decode-wav/lib/x.js" → "@audio/decode-wav"; "sharp" → "sharp". */
const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

// Read from the installed copy: a package need not export its manifest.
const packageVersion = (root: string, name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
