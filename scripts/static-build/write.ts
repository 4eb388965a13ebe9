import {
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { ROOT } from "../paths";
import { ASSET_DIR } from "./asset-path";

/** Left in every output folder: a build replaces only a folder it made. */
export const BUILD_MARKER = ".site-build";
const MARKER_TEXT = "Written by `npm run build` (scripts/build.ts). The next build replaces this folder whole.\n";

export class OutputFolderError extends Error {
  constructor(folder: string, reason: string) {
    super(`Refusing to write the site into ${folder}: ${reason}`);
    this.name = "OutputFolderError";
  }
}

/** How long a file of /assets/ that a build no longer makes stays in the output: pages opened before still load it. */
export const KEEP_ASSETS_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A file in the build's cache: copied, never read into memory (a catalogue's share images are most of its bytes). */
export interface KeptFile {
  kept: string;
}

export type SiteFile = string | Uint8Array | KeptFile;

export const isKept = (file: SiteFile): file is KeptFile => typeof file === "object" && "kept" in file;

export const bytesOf = async (file: SiteFile): Promise<Uint8Array> =>
  isKept(file) ? new Uint8Array(await readFile(file.kept)) : typeof file === "string" ? Buffer.from(file) : file;

/**
 * Swapped in for outDir only once whole: no one sees a half-written site, and a failure leaves the old one. The earlier
 * build's hashed files this one no longer makes come along for KEEP_ASSETS_DAYS, for pages opened before a deploy.
 * With synchronous fs calls: through libuv's threads, a catalogue's thousands of links, times and small files took a
 * third of a warm 500-field build's CPU.
 */
export async function stageSite(outDir: string, now = Date.now()) {
  await assertReplaceable(outDir);
  const staging = `${outDir}.tmp-${process.pid}`;
  const previous = `${outDir}.old-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  // Each asset made at this build's time: what a later build reads as when it was last made (carryAssets).
  const made = new Date(now);
  const folders = new Set<string>();
  const written = new Set<string>();
  const put = async (file: string, contents: SiteFile) => {
    written.add(file);
    const target = join(staging, file);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    const asset = file.startsWith(`${ASSET_DIR}/`);
    // A file of the cache is copied, never linked: an edit to the site in place must not reach the cache.
    if (!(asset && linked(join(outDir, file), target, sizeOf(contents))))
      if (isKept(contents)) copyFileSync(contents.kept, target, constants.COPYFILE_FICLONE);
      else writeFileSync(target, contents);
    if (asset) utimesSync(target, made, made);
  };
  const abort = async () => rmSync(staging, { recursive: true, force: true });
  const finish = async (files: ReadonlyMap<string, SiteFile>) => {
    let carried: ReturnType<typeof carryAssets>;
    try {
      for (const [file, contents] of files) await put(file, contents);
      writeFileSync(join(staging, BUILD_MARKER), MARKER_TEXT);
      carried = carryAssets(outDir, staging, written, now);
    } catch (error) {
      await abort();
      throw error;
    }
    try {
      renameSync(outDir, previous);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    renameSync(staging, outDir);
    rmSync(previous, { recursive: true, force: true });
    return carried;
  };
  return {
    put,
    /** Writes the rest, brings the earlier build's assets along, and swaps the folder in for outDir. */
    finish,
    /** Removes what was written: outDir stays as it was. */
    abort,
  };
}

const sizeOf = (file: SiteFile) =>
  isKept(file) ? statSync(file.kept).size : typeof file === "string" ? Buffer.byteLength(file) : file.byteLength;

/**
 * The earlier build's asset of the same name, linked: a name under assets/ is its contents' hash or key, so a warm
 * build copies none of a catalogue's files. Not where the sizes differ (changed by hand) or the disk takes no link.
 */
function linked(earlier: string, target: string, size: number): boolean {
  try {
    if (statSync(earlier).size !== size) return false;
    linkSync(earlier, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Brings into the new build the earlier one's files under assets/ that the new one does not make, each keeping its
 * time (the last build that made it: every build writes its own files anew), while that is within KEEP_ASSETS_DAYS.
 */
function carryAssets(outDir: string, staging: string, files: ReadonlySet<string>, now: number) {
  const carried = { kept: 0, dropped: 0 };
  const earlier = join(outDir, ASSET_DIR);
  for (const name of existsSync(earlier) ? readdirSync(earlier) : []) {
    if (files.has(`${ASSET_DIR}/${name}`)) continue;
    const from = join(earlier, name);
    const info = statSync(from);
    if (!info.isFile()) continue;
    if (now - info.mtimeMs >= KEEP_ASSETS_DAYS * DAY_MS) {
      carried.dropped++;
      continue;
    }
    const to = join(staging, ASSET_DIR, name);
    mkdirSync(dirname(to), { recursive: true });
    // A link keeps the file's time with it; a disk that takes none gets a copy, given the time.
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
      utimesSync(to, info.atime, info.mtime);
    }
    carried.kept++;
  }
  return carried;
}

/**
 * Refuses any folder the build did not make: the project itself, a folder that holds it, a file, and a
 * non-empty folder with no marker of an earlier build. A new or empty folder is fine.
 */
export async function assertReplaceable(outDir: string): Promise<void> {
  const target = await realTarget(resolve(outDir));
  const project = await realpath(ROOT);
  if (target === project || project.startsWith(target.endsWith(sep) ? target : `${target}${sep}`))
    throw new OutputFolderError(
      outDir,
      `${target === project ? "that is the project itself" : `it holds the project (${project})`}, and the build replaces its output folder whole. Use dist/ or a folder of its own.`,
    );
  const info = await lstat(target).catch(() => undefined);
  if (!info) return;
  if (!info.isDirectory()) throw new OutputFolderError(outDir, "it is a file, not a folder.");
  const entries = await readdir(target);
  if (entries.length === 0 || (entries.includes(BUILD_MARKER) && (await lstat(join(target, BUILD_MARKER))).isFile()))
    return;
  const shown = entries.slice(0, 4).join(", ") + (entries.length > 4 ? ", …" : "");
  throw new OutputFolderError(
    outDir,
    `it is not empty (${shown}) and is not an earlier build (it has no ${BUILD_MARKER}). Choose a new or empty folder, or empty this one yourself.`,
  );
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor's real path, plus the rest. */
async function realTarget(path: string): Promise<string> {
  const real = await realpath(path).catch(() => undefined);
  if (real) return real;
  const parent = dirname(path);
  return parent === path ? path : join(await realTarget(parent), basename(path));
}

/**
 * Heals what a build stopped between its two renames left: with no output folder, the previous site (`<out>.old-<pid>`)
 * is put back; leftovers of builds no longer running are removed. Returns what it did, for the caller to say.
 */
export async function recoverOutput(outDir: string): Promise<string[]> {
  const parent = dirname(resolve(outDir));
  const name = basename(resolve(outDir));
  const leftovers = (await readdir(parent).catch(() => [] as string[]))
    .map((entry) => ({ entry, match: entry.match(/^(.*)\.(old|tmp)-(\d+)$/) }))
    .filter(({ match }) => match?.[1] === name && !isRunning(Number(match[3])))
    .map(({ entry, match }) => ({ path: join(parent, entry), kind: match![2] as "old" | "tmp" }));
  const done: string[] = [];
  const outExists = (await lstat(outDir).catch(() => undefined)) !== undefined;
  const previous = leftovers.find((l) => l.kind === "old");
  if (!outExists && previous) {
    await rename(previous.path, outDir);
    done.push(
      `restored ${name}/ from ${basename(previous.path)}, which a build stopped between its renames left behind`,
    );
  }
  for (const leftover of leftovers) {
    if (leftover === previous && !outExists) continue;
    await rm(leftover.path, { recursive: true, force: true });
    done.push(`removed ${basename(leftover.path)}, left by a build that stopped`);
  }
  return done;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a build changes in the project's own files (a preview made from a master, to commit), by absolute path. */
export interface SourceChanges {
  write: Map<string, string | Uint8Array>;
  remove: string[];
}

/** Written beside, then renamed over: no reader finds half a file. A unique temporary name, as writers may race. */
export async function writeWhole(path: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A write to src/ that stopped: what it had written by then, and what it had not, by absolute path. */
export class SourcesWriteError extends Error {
  constructor(
    cause: Error,
    readonly written: readonly string[],
    readonly unwritten: readonly string[],
  ) {
    super(cause.message, { cause });
    this.name = "SourcesWriteError";
  }
}

/**
 * Applied only once every check of the build has passed, so that a refused build leaves src/ as it was: each file
 * is written whole beside its place first, then all are renamed in, then what they replace is removed.
 */
export async function writeSources({ write, remove }: SourceChanges): Promise<void> {
  const staged: [string, string][] = [];
  const written: string[] = [];
  try {
    for (const [path, contents] of write) {
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.part`;
      // Listed before it is written: a write that stops halfway (a full disk) leaves a part to remove.
      staged.push([temporary, path]);
      await writeFile(temporary, contents);
    }
    for (const [temporary, path] of staged) {
      await rename(temporary, path);
      written.push(path);
    }
    for (const path of remove) {
      await rm(path, { force: true });
      written.push(path);
    }
  } catch (error) {
    await Promise.all(staged.map(([temporary]) => rm(temporary, { force: true })));
    const all = [...write.keys(), ...remove];
    throw new SourcesWriteError(
      error as Error,
      written,
      all.filter((path) => !written.includes(path)),
    );
  }
}
