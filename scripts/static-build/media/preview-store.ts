import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Field, PreviewSource } from "../../../src/content/types";
import { PREVIEWS_FOLDER, type ContentProblem } from "../../../src/content/files";
import { slug } from "../../../src/lib/anchors";
import type { Trace } from "../../../src/lib/preview";
import { FIELDS_RECORD } from "../identity";
import type { SourceChanges } from "../write";
import { PREVIEW_SETTINGS, type Measured } from "./audio/preview";
import { clock } from "./audio/source";
import type { TRACE_SETTINGS } from "./trace";

/** A source that cannot make a preview: the message completes "fields[i].preview (source) …". */
export class PreviewError extends Error {}

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * What a preview was made from and how, so that a clone without the masters builds the same site. Found by its
 * master's file and excerpt, never by a field's title or place: a field renamed or moved keeps its preview.
 */
export interface PreviewRecord {
  source: { file: string; bytes: number; format: string; seconds?: number; channels: number; audio: string };
  excerpt: { start: number; seconds: number | null };
  settings: typeof PREVIEW_SETTINGS;
  /** The code that made it (audio/preview.ts' previewCode); absent in older records. */
  code?: string;
  /** The SHA-256 of the MP3 beside it. */
  mp3: string;
  measured: Measured;
  /** The beats across the whole master, and how they were measured. */
  trace?: Trace & { settings: typeof TRACE_SETTINGS };
}

export type Wanted = PreviewRecord["excerpt"];
export type FilePreview = Extract<PreviewSource, { file: unknown }>;
/** What a field's excerpt asks for: from the master's start, and as long as it allows, unless it says. */
export const wantedOf = (preview: FilePreview) => ({ start: preview.start ?? 0, seconds: preview.seconds ?? null });
export const identity = (file: string, { start, seconds }: Wanted) => JSON.stringify([file, start, seconds]);

/** A committed preview: its file's name (without .json or .mp3) and its record. */
export interface Shelved {
  name: string;
  record: PreviewRecord;
}

export interface Shelf {
  /** Where they are committed; none given, there are none, and a preview made from a master cannot be kept. */
  folder: string | undefined;
  previews: Shelved[];
  names: Set<string>;
  remade: Set<string>;
  /** Files in the folder that are not a whole, readable preview. */
  problems: ContentProblem[];
}

/** A half or unreadable preview fails any field with an excerpt (it may be its own); recipes alone are not held up. */
export async function readShelf(folder: string | undefined): Promise<Shelf> {
  // The fields' record lives beside the previews (scripts/static-build/identity.ts), and is not one.
  const entries = (folder === undefined ? [] : await readdir(folder).catch(() => [] as string[])).filter(
    (e) => e !== FIELDS_RECORD,
  );
  const names = new Set(entries.filter((e) => /\.(json|mp3)$/.test(e)).map((e) => e.replace(/\.(json|mp3)$/, "")));
  const problems: ContentProblem[] = [];
  const previews: Shelved[] = [];
  const fail = (name: string, message: string) =>
    problems.push({ source: `${PREVIEWS_FOLDER}/${name}`, field: "(file)", message });
  for (const name of [...names].sort()) {
    const [json, mp3] = [entries.includes(`${name}.json`), entries.includes(`${name}.mp3`)];
    if (!json || !mp3) {
      fail(
        name,
        `is half a committed preview: ${name}.${json ? "json" : "mp3"} without its ${json ? "MP3" : "record (.json)"}. Restore both from git, or delete the one and build where the master is`,
      );
      continue;
    }
    try {
      const record = JSON.parse(await readFile(join(folder!, `${name}.json`), "utf8")) as PreviewRecord;
      if (
        typeof record.mp3 !== "string" ||
        typeof record.source?.audio !== "string" ||
        typeof record.source.file !== "string" ||
        !record.measured ||
        !record.excerpt
      )
        throw new Error("incomplete");
      previews.push({ name, record });
    } catch {
      fail(
        `${name}.json`,
        "is a committed record that cannot be read: restore it from git, or delete it and its MP3 and build where the master is",
      );
    }
  }
  return { folder, previews, names, remade: new Set(), problems };
}

/** A file in the committed previews' folder; with none given, a preview made from a master has nowhere to be kept. */
export function inShelf(shelf: Shelf, file: string): string {
  if (shelf.folder === undefined)
    throw new PreviewError("was made from its master, and this build was given no folder to commit previews to");
  return join(shelf.folder, file);
}

/** A new committed preview's file name, readable and not yet taken: "theta.flac", 90 s for 45 s → "theta-flac-90s-45s". */
export function newName(shelf: Shelf, file: string, { start, seconds }: Wanted): string {
  const base = slug(`${file} ${start}s${seconds === null ? "" : ` ${seconds}s`}`, "preview");
  let name = base;
  for (let n = 2; shelf.names.has(name); n++) name = `${base}-${n}`;
  shelf.names.add(name);
  return name;
}

/** A committed preview's MP3, checked to be the one its record names. */
export async function committedMp3(shelf: Shelf, { name, record }: Shelved): Promise<Uint8Array> {
  const mp3 = new Uint8Array(await readFile(inShelf(shelf, `${name}.mp3`)));
  if (sha256(mp3) !== record.mp3)
    throw new PreviewError(
      `has a committed MP3 (${PREVIEWS_FOLDER}/${name}.mp3) that is not the one its record describes: it was changed or damaged since it was made. Restore it from git, or build where the master is`,
    );
  return mp3;
}

/** How a committed preview differs from what its field now asks, in words; empty when it is the one to use. */
export function recordChanges(
  record: PreviewRecord,
  file: string,
  wanted: Wanted,
  source?: PreviewRecord["source"],
): string[] {
  const changes: string[] = [];
  const length = (s: number | null) => (s === null ? "as long as it allows" : `${s} s long`);
  if (record.source.file !== file)
    changes.push(`it was made from ${record.source.file}, and the field now names ${file}`);
  if (record.excerpt.start !== wanted.start)
    changes.push(`it starts at ${clock(record.excerpt.start)}, and the field now asks for ${clock(wanted.start)}`);
  if (record.excerpt.seconds !== wanted.seconds)
    changes.push(`it is ${length(record.excerpt.seconds)}, and the field now asks for ${length(wanted.seconds)}`);
  // An older record's `version` stands for what `code` says.
  const { version: _, ...settings } = record.settings as typeof PREVIEW_SETTINGS & { version?: number };
  if (JSON.stringify(settings) !== JSON.stringify(PREVIEW_SETTINGS))
    changes.push("the site's code now makes previews to other settings");
  // The excerpt's audio says whether the master changed only where the excerpt is the same: moved, it is other audio.
  const sameExcerpt = record.excerpt.start === wanted.start && record.excerpt.seconds === wanted.seconds;
  const otherAudio = sameExcerpt && source !== undefined && record.source.audio !== source.audio;
  if (source && record.source.file === file && (otherAudio || record.source.bytes !== source.bytes)) {
    changes.push(
      `the master has changed since (${record.source.bytes.toLocaleString("en")} bytes then, ${source.bytes.toLocaleString("en")} now${otherAudio ? ", other audio in the excerpt" : ""})`,
    );
  }
  return changes;
}

/** One this build replaced is removed with the commit; any other unused one is left for the owner to delete. */
export function unusedPreviews(shelf: Shelf, fields: readonly Field[], commit: SourceChanges): string[] {
  const used = new Set(
    fields.flatMap((f) => (f.preview && "file" in f.preview ? [identity(f.preview.file, wantedOf(f.preview))] : [])),
  );
  const notes: string[] = [];
  for (const { name, record } of shelf.previews) {
    if (used.has(identity(record.source.file, record.excerpt))) continue;
    if (shelf.remade.has(record.source.file)) {
      commit.remove.push(inShelf(shelf, `${name}.mp3`), inShelf(shelf, `${name}.json`));
      notes.push(`${PREVIEWS_FOLDER}/${name}.mp3 and .json, the earlier excerpt of ${record.source.file}, are removed`);
    } else notes.push(`${PREVIEWS_FOLDER}/${name}.mp3 and .json belong to no field's excerpt now: delete them`);
  }
  return notes;
}
