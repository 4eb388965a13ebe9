import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { BANDS, inBand, type Band } from "../../../src/content/bands";
import type { Field, PreviewSource, SiteContent } from "../../../src/content/types";
import {
  CONTENT_FILE,
  ContentError,
  PREVIEW_MAX_SECONDS,
  PREVIEW_MIN_SECONDS,
  PREVIEWS_FOLDER,
  type ContentProblem,
} from "../../../src/content/validate";
import { anchorIds } from "../../../src/lib/anchors";
import { glideAt, glideBands } from "../../../src/content/glide";
import { waveOf, type Preview, type Trace } from "../../../src/lib/preview";
import { ROOT } from "../../paths";
import { assetPath } from "../asset-path";
import type { Beat } from "./audio/analyse";
import { seconds } from "./audio/pcm";
import { makePreview, PREVIEW_SETTINGS, previewCode, type Measured } from "./audio/preview";
import { clock, readExcerpt, SourceError, type Excerpt } from "./audio/source";
import { synthesize } from "./audio/synth";

export { PREVIEW_SETTINGS, type Measured };
import { inTurn } from "./in-turn";
import { TRACE_SETTINGS, traceOf, traceProblem } from "./trace";
import { traceThreads, type TraceThreads } from "./trace-threads";

/**
 * Previews made at once. Each holds its excerpt (up to 46 MB for a minute at 96 kHz) while it is made, and the
 * masters' traces run beside them in worker threads, so a second at once added memory, not speed: 40 fields of
 * 60-second previews took 211 s and 560 MB at two, 195 s and 497 MB at one (the bench, on two cores).
 */
const AT_ONCE = 1;

/** Finished recipes, and what a master's excerpt was known as, kept between builds on this machine. */
const CACHE = join(ROOT, "node_modules/.cache/site-previews");

/**
 * A committed preview's record, beside its MP3 in src/content/previews/: what it was made from and how, so that a
 * clone without the masters builds the same site, and a preview that no longer matches its field is never published.
 */
export interface PreviewRecord {
  field: string;
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
  /** Each field's preview, by the field's storefront URL. */
  byFieldUrl: Map<string, Preview>;
  files: Map<string, Uint8Array>;
  /** What each preview measured, for the build's output. */
  report: PreviewReport[];
  /** The same, by the field's storefront URL: what its cover is drawn from. */
  measured: Map<string, Measured>;
  /** For the build's output: previews made again (to commit), beats a field plays and does not declare. */
  notes: string[];
}

export interface PreviewFolders {
  /** The project whose src/ must hold no master (the one this build is in). */
  project?: string;
  /** Where the owner's masters are (site.ts `masters`, or SITE_MASTERS). */
  masters?: string;
  /** Where previews made from masters are committed (src/content/previews/). */
  committed?: string;
  /** Where finished recipes and known excerpts are kept between builds. */
  cache?: string;
}

/** The masters folder a setting names: relative to the project, absolute, or from the home folder ("~/Audio/masters"). */
export const mastersFolder = (setting: string) =>
  setting.startsWith("~/") ? join(homedir(), setting.slice(2)) : resolve(ROOT, setting);

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
  const project = folders.project ?? ROOT;
  const masters = folders.masters ?? mastersFolder(site.masters);
  const committed = folders.committed ?? join(ROOT, PREVIEWS_FOLDER);
  const cache = folders.cache ?? CACHE;
  const code = previewCode();
  const problems: ContentProblem[] = [];
  const notes: string[] = [];
  const inside = relative(project, masters);
  if (!inside.startsWith("..") && !isAbsolute(inside)) {
    problems.push({
      source: sources.masters ?? CONTENT_FILE,
      field: "masters",
      message: `is inside the project (${inside || "."}): masters are large and must never enter git; name a folder outside it, like "../masters"`,
    });
  }
  problems.push(...(await audioInProject(project, committed, masters)));
  if (problems.length > 0) throw new ContentError(problems);

  const names = anchorIds(
    site.fields.map((f) => f.title),
    "",
  );
  const threads = traceThreads();
  const made = await inTurn(site.fields, AT_ONCE, async (field, i) => {
    if (!field.preview) return undefined;
    const at = `fields[${i}].preview`;
    const fail = (message: string) => problems.push({ source: sources[at] ?? CONTENT_FILE, field: at, message });
    try {
      const preview = field.preview;
      const { mp3, measured, note, trace }: Awaited<ReturnType<typeof fromMaster>> =
        "file" in preview
          ? await fromMaster(field, preview, names[i]!, { masters, committed, cache, code, threads })
          : await fromRecipe(preview, cache, code);
      if (note) notes.push(note);
      const problem = claimProblem(field, measured) ?? (trace && traceProblem(field, trace));
      if (problem) return void fail(`${sourceName(preview, masters)} ${problem}`);
      const undeclared = measured.beats.filter((beat) => !declaredBands(field).some((band) => inBand(beat.hz, band)));
      if (undeclared.length > 0 && !field.glide) notes.push(undeclaredNote(field, i, undeclared));
      return { field, mp3, measured, trace: trace && { seconds: trace.seconds, points: trace.points } };
    } catch (error) {
      if (error instanceof PreviewError || error instanceof SourceError)
        return void fail(`${sourceName(field.preview, masters)} ${error.message}`);
      throw error;
    }
  }).finally(() => threads.close());
  if (problems.length > 0) throw new ContentError(problems.sort((a, b) => a.field.localeCompare(b.field)));
  notes.push(...(await unusedPreviews(committed, site.fields, names)));

  const byFieldUrl = new Map<string, Preview>();
  const files = new Map<string, Uint8Array>();
  const report: PreviewReport[] = [];
  const measuredByUrl = new Map<string, Measured>();
  made.forEach((preview, i) => {
    if (!preview) return;
    const { field, mp3, measured, trace } = preview;
    const path = assetPath(`preview-${names[i]}`, "mp3", mp3);
    files.set(path.slice(1), mp3);
    byFieldUrl.set(field.url, {
      path,
      seconds: measured.seconds,
      wave: waveOf(measured.peaks),
      kind: "file" in field.preview! ? "excerpt" : "beat",
      beats: measured.beats.map((beat) => Math.round(beat.hz * 100) / 100),
      ...(trace && { trace }),
    });
    report.push({ field: field.title, declared: declaredBands(field), measured });
    measuredByUrl.set(field.url, measured);
  });
  return { byFieldUrl, files, report, measured: measuredByUrl, notes };
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
  return `${field.title} (fields[${i}]): its preview plays a ${named.join(" and a ")} beat it does not declare${advice}`;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Written under a temporary name, then renamed: a build stopped halfway, or another beside it, never reads half a file. */
async function writeWhole(path: string, contents: string | Uint8Array) {
  const temporary = `${path}.${process.pid}.part`;
  await writeFile(temporary, contents);
  await rename(temporary, path);
}

/** A recipe's preview: synthesized, made and kept in the cache by what it is. */
async function fromRecipe(
  preview: Extract<PreviewSource, { recipe: unknown }>,
  cache: string,
  code: string,
): Promise<{ mp3: Uint8Array; measured: Measured }> {
  const key = sha256(JSON.stringify({ settings: PREVIEW_SETTINGS, code, preview }));
  const cached = await Promise.all([
    readFile(join(cache, `${key}.mp3`)),
    readFile(join(cache, `${key}.json`), "utf8"),
  ]).catch(() => undefined);
  if (cached) return { mp3: new Uint8Array(cached[0]), measured: JSON.parse(cached[1]) as Measured };
  const pcm = synthesize({ noise: 0.3, ...preview.recipe });
  const made = await makePreview(pcm, `its beat, synthesized (${clock(seconds(pcm))})`);
  await mkdir(cache, { recursive: true });
  await writeWhole(join(cache, `${key}.mp3`), made.mp3);
  await writeWhole(join(cache, `${key}.json`), JSON.stringify(made.measured));
  return made;
}

interface Folders {
  masters: string;
  committed: string;
  cache: string;
  /** The code that makes previews now (previewCode). */
  code: string;
  threads: TraceThreads;
}

/**
 * An excerpt of a master: its committed preview when that was made from the same audio, excerpt and settings;
 * otherwise, with the master here, made again and committed; with the master away, a refusal that says what changed.
 */
async function fromMaster(
  field: Field,
  preview: Extract<PreviewSource, { file: unknown }>,
  name: string,
  { masters, committed, cache, code, threads }: Folders,
): Promise<{ mp3: Uint8Array; measured: Measured; note?: string; trace?: Trace }> {
  const record = await committedPreview(committed, name);
  const wanted = { start: preview.start ?? 0, seconds: preview.seconds ?? null };
  const path = join(masters, preview.file);
  const shown = `${PREVIEWS_FOLDER}/${name}.mp3`;
  const master = await stat(path).catch(() => undefined);
  if (!master?.isFile()) {
    if (master) throw new SourceError("is a folder, not an audio file");
    const holds = await readdir(masters).then(
      (entries) => entries.filter((e) => AUDIO_FILE.test(e)),
      () => undefined,
    );
    const away =
      holds === undefined
        ? `is not here (the masters folder, ${masters}, is not on this machine)`
        : `is not in the masters folder (it holds ${holds.slice(0, 5).join(", ") || "no audio file"}${holds.length > 5 ? ", …" : ""})`;
    if (!record)
      throw new PreviewError(
        `${away}, and no preview of it is committed (${shown}): put the master there, or set SITE_MASTERS to where it is, and build`,
      );
    const changed = recordChanges(record, preview.file, wanted);
    if (changed.length > 0) {
      throw new PreviewError(
        `${away} to make its preview again, and the committed one (${shown}) no longer matches the field: ${changed.join("; ")}. ` +
          `Build where the masters are (site.ts \`masters\`, or SITE_MASTERS), then commit ${PREVIEWS_FOLDER}/`,
      );
    }
    // Made by other code to the same settings: what it measured still holds, and it waits for the masters to be remade.
    const note =
      record.code === code
        ? undefined
        : `${field.title}: its committed preview (${shown}) was made by an earlier version of the preview code and is used as it is; build where the masters are to make it again, then commit it`;
    return { mp3: record.mp3Bytes, measured: record.measured, trace: record.trace, note };
  }

  // What the excerpt holds is known by its audio, not its file's date: a master copied to another disk is the same master.
  const readWantedExcerpt = () =>
    readExcerpt(path, {
      start: wanted.start,
      seconds: preview.seconds,
      longest: PREVIEW_MAX_SECONDS,
      shortest: PREVIEW_MIN_SECONDS,
    });
  const key = sha256(JSON.stringify({ path, size: master.size, mtimeMs: master.mtimeMs, wanted, code }));
  const known = join(cache, `${key}.source.json`);
  let source = await readFile(known, "utf8").then(
    (text) => JSON.parse(text) as PreviewRecord["source"],
    () => undefined,
  );
  let excerpt: Excerpt | undefined;
  if (!source) {
    excerpt = await readWantedExcerpt();
    source = sourceOf(preview.file, master.size, excerpt);
    await mkdir(cache, { recursive: true });
    await writeWhole(known, JSON.stringify(source));
  }
  const changed = record ? recordChanges(record, preview.file, wanted, source) : ["none was made yet"];
  if (record && record.code !== code) changed.push("the site's code now makes previews another way");
  const length = source.seconds ?? field.durationMinutes * 60;
  const traceMaster = async () => ({ ...(await traceOf(path, length, threads)), settings: TRACE_SETTINGS });
  if (changed.length === 0) {
    const { mp3Bytes, ...kept } = record!;
    if (sameTrace(kept.trace)) return { mp3: mp3Bytes, measured: kept.measured, trace: kept.trace };
    // A record from before traces: the master measured across, the preview itself as it was.
    const trace = await traceMaster();
    await writeWhole(join(committed, `${name}.json`), `${JSON.stringify({ ...kept, trace }, null, 2)}\n`);
    return {
      mp3: mp3Bytes,
      measured: kept.measured,
      trace,
      note: `${field.title}: measured its master across all ${clock(length)}; commit ${PREVIEWS_FOLDER}/${name}.json`,
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
    field: field.title,
    source,
    excerpt: wanted,
    settings: PREVIEW_SETTINGS,
    code,
    mp3: sha256(made.mp3),
    measured: made.measured,
    trace,
  };
  await mkdir(committed, { recursive: true });
  await writeWhole(join(committed, `${name}.mp3`), made.mp3);
  await writeWhole(join(committed, `${name}.json`), `${JSON.stringify(next, null, 2)}\n`);
  return {
    ...made,
    trace,
    note: `${field.title}: made its preview from ${made.measured.cut} (${changed.join("; ")}); commit ${shown} and ${name}.json beside it`,
  };
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
  wanted: PreviewRecord["excerpt"],
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

/** The committed preview of a field, if any, checked whole: its record readable and its MP3 the one the record names. */
async function committedPreview(
  committed: string,
  name: string,
): Promise<(PreviewRecord & { mp3Bytes: Uint8Array }) | undefined> {
  const [json, mp3] = await Promise.all([
    readFile(join(committed, `${name}.json`), "utf8").catch(() => undefined),
    readFile(join(committed, `${name}.mp3`)).catch(() => undefined),
  ]);
  if (json === undefined && mp3 === undefined) return undefined;
  const shown = `${PREVIEWS_FOLDER}/${name}`;
  if (json === undefined || mp3 === undefined)
    throw new PreviewError(
      `has half a committed preview: ${shown}.${json === undefined ? "mp3" : "json"} without its ${json === undefined ? "record (.json)" : "MP3"}. Restore both from git, or delete the one and build where the master is`,
    );
  let record: PreviewRecord;
  try {
    record = JSON.parse(json) as PreviewRecord;
    if (
      typeof record.mp3 !== "string" ||
      typeof record.source?.audio !== "string" ||
      !record.measured ||
      !record.excerpt
    )
      throw new Error("incomplete");
  } catch {
    throw new PreviewError(
      `has a committed record that cannot be read (${shown}.json): restore it from git, or delete both files and build where the master is`,
    );
  }
  if (sha256(mp3) !== record.mp3)
    throw new PreviewError(
      `has a committed MP3 (${shown}.mp3) that is not the one its record describes: it was changed or damaged since it was made. Restore it from git, or build where the master is`,
    );
  return { ...record, mp3Bytes: new Uint8Array(mp3) };
}

/** Committed previews that belong to no field's excerpt now: left for the owner to delete. */
async function unusedPreviews(
  committed: string,
  fields: readonly Field[],
  names: readonly string[],
): Promise<string[]> {
  const used = new Set(fields.flatMap((f, i) => (f.preview && "file" in f.preview ? [names[i]!] : [])));
  const present = await readdir(committed).catch(() => [] as string[]);
  return present
    .filter((file) => file.endsWith(".json") && !used.has(file.slice(0, -5)))
    .map(
      (file) => `${PREVIEWS_FOLDER}/${file.slice(0, -5)}.mp3 and .json belong to no field's excerpt now: delete them`,
    );
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
