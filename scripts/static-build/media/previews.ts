import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { BANDS, inBand, type Band } from "../../../src/content/bands";
import { fieldSlug } from "../../../src/content/fields";
import type { Field, PreviewSource, SiteContent } from "../../../src/content/types";
import {
  CONTENT_FILE,
  ContentError,
  fieldAt,
  PREVIEW_MAX_SECONDS,
  PREVIEW_MIN_SECONDS,
  PREVIEWS_FOLDER,
  type ContentProblem,
} from "../../../src/content/validate";
import { slug } from "../../../src/lib/anchors";
import { glideAt, glideBands } from "../../../src/content/glide";
import { waveOf, type Preview, type Trace } from "../../../src/lib/preview";
import { mastersFolder } from "../../paths";
import { notThere, sameName } from "./names";
import { assetPath } from "../asset-path";
import { FIELDS_RECORD } from "../identity";
import { noSourceChanges, type SourceChanges } from "../write";
import { cache as diskCache, cacheKey, type Cache } from "./cache";
import type { Beat } from "./audio/analyse";
import { seconds } from "./audio/pcm";
import { makePreview, PREVIEW_SETTINGS, previewCode, type Measured } from "./audio/preview";
import { clock, readExcerpt, SourceError, type Excerpt } from "./audio/source";
import { synthesize } from "./audio/synth";

export { PREVIEW_SETTINGS, type Measured };
import pLimit from "p-limit";
import { TRACE_SETTINGS, traceOf, traceProblem } from "./trace";
import { traceThreads, type TraceThreads } from "./trace-threads";

/**
 * Previews made at once. Each holds its excerpt (up to 46 MB for a minute at 96 kHz) while it is made, and the
 * masters' traces run beside them in worker threads, so a second at once added memory, not speed: 40 fields of
 * 60-second previews took 211 s and 560 MB at two, 195 s and 497 MB at one (the bench, on two cores).
 */
const AT_ONCE = 1;

/**
 * A committed preview's record, beside its MP3 in src/content/previews/: what it was made from and how, so that a
 * clone without the masters builds the same site, and a preview that no longer matches its field is never published.
 * It is found by what it is made from (its master's file and the excerpt), never by a field's title or place: a
 * field renamed, retitled or moved keeps its preview. Its file's name only helps a person find it.
 */
export interface PreviewRecord {
  source: { file: string; bytes: number; format: string; seconds?: number; channels: number; audio: string };
  excerpt: { start: number; seconds: number | null };
  settings: typeof PREVIEW_SETTINGS;
  /** The code that made it (audio/preview.ts' previewCode); absent in a record made before it was kept. */
  code?: string;
  /** The SHA-256 of the MP3 beside it. */
  mp3: string;
  measured: Measured;
  /** The beats across the whole master, and how they were measured (added to a record made before there was one). */
  trace?: Trace & { settings: typeof TRACE_SETTINGS };
}

/** One field's line in the build's report. */
export interface PreviewReport {
  field: string;
  declared: readonly Band[];
  measured: Measured;
}

export interface BuiltPreviews {
  /** Each field's preview, by the field's slug. */
  bySlug: Map<string, Preview>;
  files: Map<string, Uint8Array>;
  /** What each preview measured, for the build's output. */
  report: PreviewReport[];
  /** The same, by the field's slug: what its cover is drawn from. */
  measured: Map<string, Measured>;
  /** For the build's output: previews made again (to commit), beats a field plays and does not declare. */
  notes: string[];
  /** Previews made from masters, for the build to write into src/content/previews/ once all its checks pass. */
  commit: SourceChanges;
}

export interface PreviewFolders {
  /** The project whose src/ must hold no master (the one this build is in). */
  project?: string;
  /** Where the owner's masters are (site.ts `masters`, or SITE_MASTERS). */
  masters?: string;
  /** Where previews made from masters are committed (src/content/previews/). */
  committed?: string;
  /** The cache's root (cache.ts), where finished recipes and known excerpts are kept between builds. */
  cache?: string;
}

const AUDIO_FILE = /\.(wav|flac|mp3|aiff?|m4a|ogg|opus)$/i;

/**
 * Every field's preview, as an MP3 under /assets/ with what was measured on it. An excerpt of a master is read,
 * faded in and out, brought to the target loudness under the peak ceiling, encoded, then decoded again and measured;
 * the MP3 and its record are committed in src/content/previews/, so a build without the masters uses them as they
 * are. With the masters present, only a preview whose master, excerpt or settings changed is made again. A recipe is
 * synthesized and cached. Then what each field declares (its bands, a glide) is checked against what was measured.
 */
export async function buildPreviews(
  site: SiteContent,
  sources: Record<string, string> = {},
  folders: PreviewFolders = {},
): Promise<BuiltPreviews> {
  const { project, committed } = folders;
  const masters = folders.masters ?? mastersFolder(site.masters, project);
  const cache = diskCache("previews", folders.cache);
  const code = previewCode();
  const problems: ContentProblem[] = [];
  const notes: string[] = [];
  const inside = project === undefined ? ".." : relative(project, masters);
  if (!inside.startsWith("..") && !isAbsolute(inside)) {
    problems.push({
      source: sources.masters ?? CONTENT_FILE,
      field: "masters",
      message: `is inside the project (${inside || "."}): masters are large and must never enter git; name a folder outside it, like "../masters"`,
    });
  }
  if (project !== undefined && committed !== undefined)
    problems.push(...(await audioInProject(project, committed, masters)));
  if (problems.length > 0) throw new ContentError(problems);

  const shelf = await readShelf(committed);
  if (shelf.problems.length > 0 && site.fields.some((f) => f.preview && "file" in f.preview))
    throw new ContentError(shelf.problems);
  const commit = noSourceChanges();
  const threads = traceThreads();
  const limit = pLimit(AT_ONCE);
  const made = await Promise.all(
    site.fields.map((field, i) =>
      limit(async () => {
        if (!field.preview) return undefined;
        const at = `fields[${i}].preview`;
        const fail = (message: string) => problems.push({ source: sources[at] ?? CONTENT_FILE, field: at, message });
        try {
          const preview = field.preview;
          const { mp3, measured, note, trace, name }: Partial<FromMaster> & Pick<FromMaster, "mp3" | "measured"> =
            "file" in preview
              ? await fromMaster(field, preview, { masters, shelf, commit, cache, code, threads })
              : await fromRecipe(preview, cache, code);
          if (note) notes.push(note);
          const problem = claimProblem(field, measured) ?? (trace && traceProblem(field, trace));
          if (problem) return void fail(`${sourceName(preview, masters)} ${problem}`);
          const undeclared = measured.beats.filter(
            (beat) => !declaredBands(field).some((band) => inBand(beat.hz, band)),
          );
          if (undeclared.length > 0 && !field.glide) notes.push(undeclaredNote(field, i, undeclared));
          return { field, mp3, measured, name, trace: trace && { seconds: trace.seconds, points: trace.points } };
        } catch (error) {
          if (error instanceof PreviewError || error instanceof SourceError)
            return void fail(`${sourceName(field.preview, masters)} ${error.message}`);
          throw error;
        }
      }),
    ),
  ).finally(() => threads.close());
  if (problems.length > 0) throw new ContentError(problems.sort((a, b) => a.field.localeCompare(b.field)));
  notes.push(...unusedPreviews(shelf, site.fields, commit));

  const bySlug = new Map<string, Preview>();
  const files = new Map<string, Uint8Array>();
  const report: PreviewReport[] = [];
  const measuredBySlug = new Map<string, Measured>();
  for (const preview of made) {
    if (!preview) continue;
    const { field, mp3, measured, trace, name } = preview;
    const path = assetPath(name ? `preview-${name}` : "preview-beat", "mp3", mp3);
    files.set(path.slice(1), mp3);
    bySlug.set(fieldSlug(field), {
      path,
      seconds: measured.seconds,
      wave: waveOf(measured.peaks),
      kind: "file" in field.preview! ? "excerpt" : "beat",
      beats: measured.beats.map((beat) => Math.round(beat.hz * 100) / 100),
      ...(measured.pulseHz !== undefined && { pulse: measured.pulseHz }),
      ...(trace && { trace }),
    });
    report.push({ field: field.title, declared: declaredBands(field), measured });
    measuredBySlug.set(fieldSlug(field), measured);
  }
  return { bySlug, files, report, measured: measuredBySlug, notes, commit };
}

/** A source that cannot make a preview: the message completes "fields[i].preview (source) …". */
class PreviewError extends Error {}

const sourceName = (preview: PreviewSource | undefined, masters: string) =>
  preview && "file" in preview ? `(${join(masters, preview.file)})` : "(its recipe)";
const hz = (value: number) => `${value.toFixed(2)} Hz`;
const beatsMeasured = (beats: readonly Beat[]) =>
  beats.length === 0
    ? "no beat"
    : beats
        .map((b) => `${hz(b.hz)} (its ears' carriers ${b.leftHz.toFixed(1)} and ${b.rightHz.toFixed(1)} Hz)`)
        .join(" and ");
const bandName = (band: Band) => `${BANDS[band].name} (${BANDS[band].low}–${BANDS[band].high} Hz)`;

/** The bands a field's beats sit in: those it declares, and those its glide passes through. */
const declaredBands = (field: Field): Band[] => [
  ...new Set([...(field.bands ?? []), ...(field.glide ? glideBands(field.glide) : [])]),
];

/** What the field declares and its preview does not play, or undefined: each declared band, and a glide where the excerpt is. */
function claimProblem(field: Field, measured: Measured): string | undefined {
  const { beats } = measured;
  const declares = (field.bands?.length ?? 0) > 0 || field.glide !== undefined;
  if (declares && beats.length === 0) return `plays no beat, and the field declares one: ${noBeat(measured)}`;
  if (field.glide) {
    const glide = field.glide;
    const where = measured.excerpt;
    // A recipe has no place in the field: it stands for the beat anywhere on the glide.
    const expected = where
      ? glideAt(glide, (where.start + where.seconds / 2) / (where.of ?? field.durationMinutes * 60))
      : undefined;
    const tolerance = 0.1 + 0.1 * Math.abs(glide.toHz - glide.fromHz);
    const [low, high] = [Math.min(glide.fromHz, glide.toHz) - 0.1, Math.max(glide.fromHz, glide.toHz) + 0.1];
    const fits = (b: Beat) =>
      expected === undefined ? b.hz >= low && b.hz <= high : Math.abs(b.hz - expected) <= tolerance;
    if (!beats.some(fits)) {
      const place = where
        ? ` at ${clock(where.start)}–${clock(where.start + where.seconds)} of ${clock(where.of ?? field.durationMinutes * 60)}, where it would be ${hz(expected!)}`
        : "";
      return `plays no beat on the glide the field declares, from ${hz(glide.fromHz)} to ${hz(glide.toHz)}${place}: it plays ${beatsMeasured(beats)}`;
    }
  }
  // A band the glide passes through is played somewhere on it, if not in this excerpt.
  const passed = field.glide ? glideBands(field.glide) : [];
  const missing = (field.bands ?? []).filter(
    (band) => !passed.includes(band) && !beats.some((beat) => inBand(beat.hz, band)),
  );
  if (missing.length > 0)
    return `plays no beat in the ${missing.map(bandName).join(" and ")} band${missing.length > 1 ? "s" : ""} the field declares: it plays ${beatsMeasured(beats)}`;
  return undefined;
}

/** Why no beat was found, as measured: the same sound in both ears only when it is. */
function noBeat({ ears }: Measured): string {
  if (ears.mono)
    return "it is mono (one channel), and a binaural beat needs two channels, with a different carrier tone in each ear";
  if (ears.identical)
    return "both ears hear the same sound (its two channels are identical), and a binaural beat needs a different carrier tone in each ear";
  if (ears.oneEarOnly.length > 0) {
    return `it has tones in one ear only (${ears.oneEarOnly.join(", ")}), but no pair of them, one in each ear, close enough to beat (at most 40 Hz apart): a binaural beat is the difference of two such tones`;
  }
  return (
    "its ears differ, but no steady tone stands out in one ear and not the other (a carrier must rise 11 dB over what differs between the ears around it). " +
    "Music, noise or a voice, an isochronic pulse or a monaural beat has no such tone; carriers far under a bed that differs between the ears may need a longer excerpt"
  );
}

function undeclaredNote(field: Field, i: number, beats: readonly Beat[]): string {
  const bandOf = (beat: Beat) => (Object.keys(BANDS) as Band[]).find((band) => inBand(beat.hz, band));
  const named = beats.map((b) => `${hz(b.hz)}${bandOf(b) ? ` (${BANDS[bandOf(b)!].name})` : ""}`);
  const bands = [...new Set(beats.map(bandOf).filter((band) => band !== undefined))];
  const advice =
    bands.length > 0
      ? `; add bands: [${bands.map((b) => `"${b}"`).join(", ")}] to have ${beats.length > 1 ? "them" : "it"} checked and shown on its card`
      : "";
  return `${CONTENT_FILE}: ${fieldAt(i, field)}.preview plays a ${named.join(" and a ")} beat it does not declare${advice}`;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A recipe's preview: synthesized, made and kept in the cache by what it is, its defaults filled in. */
async function fromRecipe(
  preview: Extract<PreviewSource, { recipe: unknown }>,
  cache: Cache,
  code: string,
): Promise<{ mp3: Uint8Array; measured: Measured; name?: undefined }> {
  const recipe = { noise: 0.3, ...preview.recipe };
  const key = cacheKey("recipe", PREVIEW_SETTINGS, code, recipe);
  const [mp3, measured] = await Promise.all([cache.read(`${key}.mp3`), cache.read(`${key}.json`)]);
  if (mp3 && measured) return { mp3, measured: JSON.parse(Buffer.from(measured).toString("utf8")) as Measured };
  const made = await makePreview(synthesize(recipe), `its beat, synthesized (${clock(recipe.seconds)})`);
  await cache.write(`${key}.mp3`, made.mp3);
  await cache.write(`${key}.json`, JSON.stringify(made.measured));
  return made;
}

type Wanted = PreviewRecord["excerpt"];
/** What a committed preview is made from, as one value: its master's file and the excerpt. */
const identity = (file: string, { start, seconds }: Wanted) => JSON.stringify([file, start, seconds]);

/** A committed preview: its file's name (without .json or .mp3) and its record. */
interface Shelved {
  name: string;
  record: PreviewRecord;
}

/** The committed previews, the names taken, and the masters this build made a preview from again. */
interface Shelf {
  /** Where they are committed; none given, there are none, and a preview made from a master cannot be kept. */
  folder: string | undefined;
  previews: Shelved[];
  names: Set<string>;
  remade: Set<string>;
  /** The excerpts this build took, by identity: two fields with one excerpt share it (made, or found, once). */
  madeNow: Map<string, Promise<FromMaster>>;
  /** Files in the folder that are not a whole, readable preview. */
  problems: ContentProblem[];
}

/**
 * Every committed preview's record, read whole. An MP3 without its record, or the other way round, or a record that
 * cannot be read, is a problem for any field with an excerpt (which cannot know whether it was its own); a site of
 * recipes alone is not held up by it.
 */
async function readShelf(folder: string | undefined): Promise<Shelf> {
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
  return { folder, previews, names, remade: new Set(), madeNow: new Map(), problems };
}

/** The masters that committed previews were made from, by the name the content gave them. */
export async function committedMasters(folder: string): Promise<Set<string>> {
  return new Set((await readShelf(folder)).previews.map((p) => p.record.source.file));
}

/** A file in the committed previews' folder; with none given, a preview made from a master has nowhere to be kept. */
function inShelf(shelf: Shelf, file: string): string {
  if (shelf.folder === undefined)
    throw new PreviewError("was made from its master, and this build was given no folder to commit previews to");
  return join(shelf.folder, file);
}

/** A new committed preview's file name, readable and not yet taken: "theta.flac", 90 s for 45 s → "theta-flac-90s-45s". */
function newName(shelf: Shelf, file: string, { start, seconds }: Wanted): string {
  const base = slug(`${file} ${start}s${seconds === null ? "" : ` ${seconds}s`}`, "preview");
  let name = base;
  for (let n = 2; shelf.names.has(name); n++) name = `${base}-${n}`;
  shelf.names.add(name);
  return name;
}

interface Folders {
  masters: string;
  shelf: Shelf;
  /** Where what the build makes for src/ waits until every check has passed. */
  commit: SourceChanges;
  cache: Cache;
  /** The code that makes previews now (previewCode). */
  code: string;
  threads: TraceThreads;
}

interface FromMaster {
  mp3: Uint8Array;
  measured: Measured;
  note?: string;
  trace?: Trace;
  /** The committed preview's name. */
  name: string;
}

/** An excerpt of a master, taken once in a build however many fields play it (the first field's note says it). */
async function fromMaster(
  field: Field,
  preview: Extract<PreviewSource, { file: unknown }>,
  folders: Folders,
): Promise<FromMaster> {
  const key = identity(preview.file, { start: preview.start ?? 0, seconds: preview.seconds ?? null });
  const taken = folders.shelf.madeNow.get(key);
  if (taken) return { ...(await taken), note: undefined };
  const taking = excerptOf(field, preview, folders);
  folders.shelf.madeNow.set(key, taking);
  return taking;
}

/**
 * An excerpt of a master: its committed preview when that was made from the same audio, excerpt and settings;
 * otherwise, with the master here, made again (to be committed); with the master away, a refusal that says what
 * changed.
 */
async function excerptOf(
  field: Field,
  preview: Extract<PreviewSource, { file: unknown }>,
  { masters, shelf, commit, cache, code, threads }: Folders,
): Promise<FromMaster> {
  const wanted = { start: preview.start ?? 0, seconds: preview.seconds ?? null };
  const same = shelf.previews.find(
    (p) => identity(p.record.source.file, p.record.excerpt) === identity(preview.file, wanted),
  );
  // Another excerpt of the same master: what it was, for saying what changed (and replaced once a new one is made).
  const earlier = same ?? shelf.previews.find((p) => p.record.source.file === preview.file);
  const record = earlier?.record;
  const shownOf = (name: string) => `${PREVIEWS_FOLDER}/${name}.mp3`;
  const holds = await readdir(masters).then(
    (entries) => entries.filter((e) => AUDIO_FILE.test(e)),
    () => undefined,
  );
  const path = join(masters, sameName(holds ?? [], preview.file) ?? preview.file);
  const master = await stat(path).catch(() => undefined);
  if (!master?.isFile()) {
    if (master) throw new SourceError("is a folder, not an audio file");
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

  // What the excerpt holds is known by its audio, not its file's date: a master copied to another disk is the same master.
  const readWantedExcerpt = () =>
    readExcerpt(path, {
      start: wanted.start,
      seconds: preview.seconds,
      longest: PREVIEW_MAX_SECONDS,
      shortest: PREVIEW_MIN_SECONDS,
    });
  const known = `${cacheKey("source", path, master.size, master.mtimeMs, wanted, code)}.source.json`;
  let source = await cache
    .read(known)
    .then((b) => b && (JSON.parse(Buffer.from(b).toString("utf8")) as PreviewRecord["source"]));
  let excerpt: Excerpt | undefined;
  if (!source) {
    excerpt = await readWantedExcerpt();
    source = sourceOf(preview.file, master.size, excerpt);
    await cache.write(known, JSON.stringify(source));
  }
  const changed = record ? recordChanges(record, preview.file, wanted, source) : ["none was made yet"];
  if (same && same.record.code !== code) changed.push("the site's code now makes previews another way");
  const length = source.seconds ?? field.durationMinutes * 60;
  const traceMaster = async () => ({ ...(await traceOf(path, length, threads)), settings: TRACE_SETTINGS });
  if (same && changed.length === 0) {
    const mp3 = await committedMp3(shelf, same);
    if (sameTrace(same.record.trace))
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

  // The master measured across in the trace's threads while this one makes the preview (awaited below, so a
  // preview that fails first leaves no rejection unheard).
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

/** A committed preview's MP3, checked to be the one its record names. */
async function committedMp3(shelf: Shelf, { name, record }: Shelved): Promise<Uint8Array> {
  const mp3 = new Uint8Array(await readFile(inShelf(shelf, `${name}.mp3`)));
  if (sha256(mp3) !== record.mp3)
    throw new PreviewError(
      `has a committed MP3 (${PREVIEWS_FOLDER}/${name}.mp3) that is not the one its record describes: it was changed or damaged since it was made. Restore it from git, or build where the master is`,
    );
  return mp3;
}

/** Whether a record's trace was measured as traces are now. */
const sameTrace = (trace: PreviewRecord["trace"]) =>
  trace !== undefined && JSON.stringify(trace.settings) === JSON.stringify(TRACE_SETTINGS);

/** What a master's excerpt is: its file's size, its format, and a hash of the audio it decodes to. */
function sourceOf(file: string, bytes: number, excerpt: Excerpt): PreviewRecord["source"] {
  const hash = createHash("sha256");
  for (const channel of excerpt.pcm.channels)
    hash.update(new Uint8Array(channel.buffer, channel.byteOffset, channel.byteLength));
  return {
    file,
    bytes,
    format: excerpt.format,
    seconds: excerpt.sourceSeconds,
    channels: excerpt.channels,
    audio: hash.digest("hex"),
  };
}

/** How a committed preview differs from what its field now asks, in words; empty when it is the one to use. */
function recordChanges(
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
  // A record from before the code was kept counted its changes in a `version`: the code now says that.
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

/**
 * Committed previews no field's excerpt uses now. One this build replaced (an earlier excerpt of a master it made a
 * preview from again) is removed with the commit; any other is left for the owner to delete.
 */
function unusedPreviews(shelf: Shelf, fields: readonly Field[], commit: SourceChanges): string[] {
  const used = new Set(
    fields.flatMap((f) =>
      f.preview && "file" in f.preview
        ? [identity(f.preview.file, { start: f.preview.start ?? 0, seconds: f.preview.seconds ?? null })]
        : [],
    ),
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

/**
 * Audio inside the project that is not a committed preview: a master put where the site's code lives would be copied
 * by every test and, one day, committed. Looked for in src/, where the earlier README had masters go.
 */
async function audioInProject(project: string, committed: string, masters: string): Promise<ContentProblem[]> {
  const src = join(project, "src");
  const files = await readdir(src, { recursive: true }).catch(() => [] as string[]);
  const problems: ContentProblem[] = [];
  for (const file of files.filter((f) => AUDIO_FILE.test(f))) {
    const path = join(src, file);
    const preview = relative(committed, path);
    if (/^[^/\\]+\.mp3$/.test(preview) && files.includes(relative(src, path.replace(/\.mp3$/, ".json")))) continue;
    problems.push({
      source: relative(project, path),
      field: "(file)",
      message: `is audio inside the project, where git and every test copy would take it. Masters belong in the masters folder, ${masters}, outside the project: move it there`,
    });
  }
  return problems;
}

/** The build's table of previews: a row per field and beat (or one saying it has none), what was measured, where it was cut. */
export function previewTable(report: readonly PreviewReport[]): string[] {
  const rows = report.flatMap(({ field, declared, measured }) => {
    const first = [`${measured.lufs.toFixed(1)} LUFS`, `${measured.truePeakDbtp.toFixed(1)} dBTP`, measured.cut];
    if (measured.beats.length === 0) return [[field, "no beat", "", "", ...first]];
    return measured.beats.map((beat, b) => {
      const band = declared.find((d) => inBand(beat.hz, d));
      return [
        b === 0 ? field : "",
        hz(beat.hz),
        band ? `${BANDS[band].name} ✓` : "not declared",
        `${beat.leftHz.toFixed(1)} | ${beat.rightHz.toFixed(1)} Hz`,
        ...(b === 0 ? first : ["", "", ""]),
      ];
    });
  });
  const head = ["Preview", "Beat", "Band", "Carriers L | R", "Loudness", "True peak", "From"];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  return [head, ...rows].map((row) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd(),
  );
}
