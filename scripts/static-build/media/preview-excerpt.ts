import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Field } from "../../../src/content/types";
import type { Trace } from "../../../src/lib/preview";
import { PREVIEW_MAX_SECONDS, PREVIEW_MIN_SECONDS } from "../../../src/content/settings";
import { PREVIEWS_FOLDER } from "../../../src/content/files";
import type { SourceChanges } from "../write";
import { seconds } from "./audio/pcm";
import { makePreview, PREVIEW_SETTINGS, type Measured } from "./audio/preview";
import { clock, readExcerpt, SourceError, type Excerpt } from "./audio/source";
import { cacheKey, type Cache } from "./cache";
import { notThere, sameName } from "./names";
import {
  committedMp3,
  identity,
  inShelf,
  newName,
  PreviewError,
  recordChanges,
  sha256,
  wantedOf,
  type FilePreview,
  type PreviewRecord,
  type Shelf,
  type Shelved,
  type Wanted,
} from "./preview-store";
import { TRACE_SETTINGS, traceOf } from "./trace";
import type { TraceThreads } from "./trace-threads";

const shownOf = (name: string) => `${PREVIEWS_FOLDER}/${name}.mp3`;

export const AUDIO_FILE = /\.(wav|flac|mp3|aiff?|m4a|ogg|opus)$/i;

export interface Folders {
  masters: string;
  shelf: Shelf;
  /** Where what the build makes for src/ waits until every check has passed. */
  commit: SourceChanges;
  cache: Cache;
  code: string;
  threads: TraceThreads;
}

/** A field's preview, made or found; only an excerpt of a master has a name, its committed files'. */
export interface Made {
  mp3: Uint8Array;
  measured: Measured;
  note?: string;
  trace?: Trace;
  name?: string;
}

/** An excerpt of a master, made from it where it is here; where it is not, its committed preview, or a refusal. */
export async function fromMaster(field: Field, preview: FilePreview, folders: Folders): Promise<Made> {
  const { masters, shelf, code } = folders;
  const wanted = wantedOf(preview);
  const same = shelf.previews.find(
    (p) => identity(p.record.source.file, p.record.excerpt) === identity(preview.file, wanted),
  );
  // Another excerpt of the same master: what it was, for saying what changed (and replaced once a new one is made).
  const earlier = same ?? shelf.previews.find((p) => p.record.source.file === preview.file);
  const holds = await readdir(masters).then(
    (entries) => entries.filter((e) => AUDIO_FILE.test(e)),
    () => undefined,
  );
  const path = join(masters, sameName(holds ?? [], preview.file) ?? preview.file);
  const master = await stat(path).catch(() => undefined);
  if (master?.isFile()) return withMaster(field, preview, { wanted, same, earlier, path, master }, folders);
  if (master) throw new SourceError("is a folder, not an audio file");

  // The committed preview as it is, when it still matches what the field asks.
  const away =
    holds === undefined
      ? `is not here (the masters folder, ${masters}, is not on this machine)`
      : `is not in the masters folder (${notThere(holds, preview.file, "no audio file")})`;
  if (!earlier)
    throw new PreviewError(
      `${away}, and no preview of it is committed (none in ${PREVIEWS_FOLDER}/ was made from ${preview.file}): put the master there, or set SITE_MASTERS to where it is, and build`,
    );
  const changed = recordChanges(earlier.record, preview.file, wanted);
  if (changed.length > 0) {
    throw new PreviewError(
      `${away} to make its preview again, and the committed one (${shownOf(earlier.name)}) no longer matches the field: ${changed.join("; ")}. ` +
        `Build where the masters are (site.ts \`masters\`, or SITE_MASTERS), then commit ${PREVIEWS_FOLDER}/`,
    );
  }
  const mp3 = await committedMp3(shelf, earlier);
  // Made by other code to the same settings: what it measured still holds, and it waits for the masters to be remade.
  const note =
    earlier.record.code === code
      ? undefined
      : `${field.title}: its committed preview (${shownOf(earlier.name)}) was made by an earlier version of the preview code and is used as it is; build where the masters are to make it again, then commit it`;
  return { mp3, measured: earlier.record.measured, trace: earlier.record.trace, note, name: earlier.name };
}

async function withMaster(
  field: Field,
  preview: FilePreview,
  found: { wanted: Wanted; same?: Shelved; earlier?: Shelved; path: string; master: Stats },
  { shelf, commit, cache, code, threads }: Folders,
): Promise<Made> {
  const { wanted, same, earlier, path, master } = found;
  // What the excerpt holds is known by its audio, not its file's date: a master copied to another disk is the same master.
  const readWantedExcerpt = () =>
    readExcerpt(path, {
      start: wanted.start,
      seconds: preview.seconds,
      longest: PREVIEW_MAX_SECONDS,
      shortest: PREVIEW_MIN_SECONDS,
    });
  const known = `${cacheKey("source", path, master.size, master.mtimeMs, wanted, code)}.source.json`;
  let excerpt: Excerpt | undefined;
  const source = await cache.json(known, async () => {
    excerpt = await readWantedExcerpt();
    const audio = createHash("sha256");
    for (const channel of excerpt.pcm.channels)
      audio.update(new Uint8Array(channel.buffer, channel.byteOffset, channel.byteLength));
    return {
      file: preview.file,
      bytes: master.size,
      format: excerpt.format,
      seconds: excerpt.sourceSeconds,
      channels: excerpt.channels,
      audio: audio.digest("hex"),
    };
  });
  const changed = earlier ? recordChanges(earlier.record, preview.file, wanted, source) : ["none was made yet"];
  if (same && same.record.code !== code) changed.push("the site's code now makes previews another way");
  const length = source.seconds ?? field.durationMinutes * 60;
  const traceMaster = async () => ({ ...(await traceOf(path, length, threads)), settings: TRACE_SETTINGS });
  if (same && changed.length === 0) {
    const mp3 = await committedMp3(shelf, same);
    if (JSON.stringify(same.record.trace?.settings) === JSON.stringify(TRACE_SETTINGS))
      return { mp3, measured: same.record.measured, trace: same.record.trace, name: same.name };
    // A record from before traces: the master measured across, the preview itself as it was.
    const trace = await traceMaster();
    commit.write.set(inShelf(shelf, `${same.name}.json`), `${JSON.stringify({ ...same.record, trace }, null, 2)}\n`);
    return {
      mp3,
      measured: same.record.measured,
      trace,
      name: same.name,
      note: `${field.title}: measured its master across all ${clock(length)}; commit ${PREVIEWS_FOLDER}/${same.name}.json`,
    };
  }

  // Awaited below; caught here so that a preview that fails first leaves no rejection unheard.
  const tracing = traceMaster();
  tracing.catch(() => undefined);
  excerpt ??= await readWantedExcerpt();
  const end = excerpt.start + seconds(excerpt.pcm);
  const of = excerpt.sourceSeconds ? ` of ${clock(excerpt.sourceSeconds)}` : "";
  const made = await makePreview(
    excerpt.pcm,
    `${preview.file} (${excerpt.format}), ${clock(excerpt.start)}–${clock(end)}${of}`,
    {
      start: excerpt.start,
      seconds: seconds(excerpt.pcm),
      of: excerpt.sourceSeconds,
      mono: excerpt.channels < 2,
    },
  );
  const trace = await tracing;
  const next: PreviewRecord = {
    source,
    excerpt: wanted,
    settings: PREVIEW_SETTINGS,
    code,
    mp3: sha256(made.mp3),
    measured: made.measured,
    trace,
  };
  const name = same?.name ?? newName(shelf, preview.file, wanted);
  shelf.remade.add(preview.file);
  commit.write.set(inShelf(shelf, `${name}.mp3`), made.mp3);
  commit.write.set(inShelf(shelf, `${name}.json`), `${JSON.stringify(next, null, 2)}\n`);
  return {
    ...made,
    trace,
    name,
    note: `${field.title}: made its preview from ${made.measured.cut} (${changed.join("; ")}); commit ${shownOf(name)} and ${name}.json beside it`,
  };
}
