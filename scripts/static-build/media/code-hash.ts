import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import type * as Esbuild from "esbuild";
import { ROOT } from "../../paths";
import { cacheKey } from "./cache";

/**
 * The modules named and all they import, as esbuild bundles them, and the packages' versions. Without comments, types
 * or layout: a reworded comment keeps every kept result (and every committed preview) as it was.
 */
export function codeHash(paths: readonly string[], root = ROOT, loadedLater: readonly string[] = []): string {
  const graph = graphHash(paths, root);
  // A package the code loads only when it needs it (createRequire: fontkit, resvg) is out of esbuild's sight.
  if (loadedLater.length === 0) return graph;
  return cacheKey(
    graph,
    loadedLater.map((name) => `${name}@${packageVersion(root, name)}`),
  );
}

function graphHash(paths: readonly string[], root: string): string {
  // Bundling the graph is most of a warm build's cost here: its answer is kept beside the files it read, and taken
  // again while each of them (and each package's version) is as it was.
  const kept = join(root, "node_modules/.cache/site/code", `${cacheKey(root, paths)}.json`);
  const entryPoints = paths.flatMap((p) => sourceFiles(root, p));
  const known = keptIfSame<string>(kept, root, entryPoints);
  if (known !== undefined) return known;
  const since = now();
  // Loaded only to bundle: a warm build, whose every answer is kept, never starts it.
  const { buildSync }: typeof Esbuild = createRequire(import.meta.url)("esbuild");
  const { outputFiles, metafile } = buildSync({
    absWorkingDir: root,
    entryPoints,
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
    // A maker names its code through this module: the hasher (and the cache it keeps answers in) says where results
    // are kept, not what they are, so it is left out, as a package is, and a change to it keeps every result.
    external: ["*/code-hash"],
  });
  const hash = createHash("sha256");
  for (const file of [...outputFiles].sort((a, b) => a.path.localeCompare(b.path))) hash.update(file.contents);
  const packages = new Set(
    Object.values(metafile.inputs).flatMap((input) =>
      input.imports
        .filter((i) => i.external && !isBuiltin(i.path) && !i.path.startsWith("."))
        .map((i) => packageName(i.path)),
    ),
  );
  for (const name of [...packages].sort()) hash.update(`${name}@${packageVersion(root, name)}\0`);
  const answer = hash.digest("hex").slice(0, 16);
  keepMadeFrom(kept, root, entryPoints, Object.keys(metafile.inputs), [...packages], answer, since);
  return answer;
}

interface Kept<T> {
  files: string[];
  packages: string[];
  sources: string;
  value: T;
}

/** The value kept at `path` (keepMadeFrom), if every file and package it was made from is as it was then. */
export function keptIfSame<T>(path: string, root: string, entries: readonly string[]): T | undefined {
  try {
    const known = JSON.parse(readFileSync(path, "utf8")) as Partial<Kept<T>>;
    // An entry that does not say what it was made from (an older build's, or a damaged one) is never taken.
    if (typeof known.sources !== "string" || !Array.isArray(known.files) || !Array.isArray(known.packages))
      return undefined;
    return sourcesOf(root, entries, known.files, known.packages) === known.sources ? known.value : undefined;
  } catch {
    return undefined;
  }
}

/** The time now, to the fraction of a millisecond (Date.now() cuts it to the millisecond). */
export const now = () => performance.timeOrigin + performance.now();

/** A file's time is the kernel's coarse clock's, up to a tick (1 to 10 ms) behind: a save this close counts as after. */
const FILE_CLOCK_LAG_MS = 50;

/**
 * Not when a source is gone or was saved at or after `since` (when making it began): what was read may not be
 * what is hashed.
 */
export function keepMadeFrom<T>(
  path: string,
  root: string,
  entries: readonly string[],
  read: readonly string[],
  packages: readonly string[],
  value: T,
  since: number,
) {
  const [files, names] = [[...read].sort(), [...packages].sort()];
  const sources = sourcesOf(root, entries, files, names);
  const savedSince = files.some(
    (file) => (statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? since) >= since - FILE_CLOCK_LAG_MS,
  );
  if (sources !== undefined && !savedSince) keep(path, { files, packages: names, sources, value });
}

function sourcesOf(root: string, entries: readonly string[], files: readonly string[], packages: readonly string[]) {
  const hash = createHash("sha256").update(`${entries.join("\0")}\0\0`);
  try {
    for (const file of files)
      hash
        .update(`${file}\0`)
        .update(readFileSync(join(root, file)))
        .update("\0");
    for (const name of packages) hash.update(`${name}@${packageVersion(root, name)}\0`);
  } catch {
    return undefined;
  }
  return hash.digest("hex");
}

/** Written whole, then named; at best, as every cache entry (a full disk means the next build bundles again). */
function keep<T>(path: string, kept: Kept<T>) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.${process.pid}`, JSON.stringify(kept));
    renameSync(`${path}.${process.pid}`, path);
  } catch {}
}

/** A file, or a folder's modules (not its tests), in a stable order, by their paths from the root. */
export function sourceFiles(root: string, path: string): string[] {
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
export const packageVersion = (root: string, name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
