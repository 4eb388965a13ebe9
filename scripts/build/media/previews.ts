import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BANDS, inBand, type Band } from "../../../src/content/bands";
import type { Field, PreviewSource, SiteContent } from "../../../src/content/types";
import { CONTENT_FILE, ContentError, PREVIEW_MAX_SECONDS, PREVIEW_MIN_SECONDS, PREVIEWS_FOLDER, type ContentProblem } from "../../../src/content/validate";
import { slug } from "../../../src/lib/anchors";
import { assetPath } from "../asset-path";
import { waveOf, type Preview } from "../../../src/lib/preview";
import { binaural, clippedRuns, sameInBothEars, waveformPeaks, type Beat } from "./audio/analyse";
import { decodeMp3, encodeMp3, MP3 } from "./audio/codec";
import { integratedLoudness, truePeak } from "./audio/loudness";
import { applyFades, applyGain, seconds, type Pcm } from "./audio/pcm";
import { clock, readExcerpt, SourceError } from "./audio/source";
import { synthesize } from "./audio/synth";
import { inTurn } from "./in-turn";
import { ROOT } from "../../paths";

/**
 * What every preview is made to, and documented as (media/README.md, "Previews"): never louder than the site asks
 * listeners to be. EBU R 128 asks at most -16 LUFS and -1 dBTP of online audio; previews sit a little quieter.
 */
export const PREVIEW_SETTINGS = {
  targetLufs: -18,
  /** The most a preview's true peak may reach, after encoding. */
  ceilingDbtp: -1,
  /** Before encoding, room for what MP3 adds to peaks. */
  ceilingBeforeCodecDbtp: -1.5,
  fadeSeconds: 1,
  bars: 40,
  mp3: MP3,
  /** A change to how previews are made, so that no cached result of the old way is used. */
  version: 4,
} as const;

/** Previews made at once: each holds its excerpt (up to 46 MB for a minute at 96 kHz) while it is made. */
const AT_ONCE = 2;

/** Finished previews, and where they are kept between builds. */
const CACHE = join(ROOT, "node_modules/.cache/site-previews");

/** What the pipeline measured on the encoded file, and remembers with it. */
interface Measured {
  seconds: number;
  peaks: number[];
  beats: Beat[];
  lufs: number;
  truePeakDbtp: number;
  /** Where the audio came from: "theta.flac, 30:00–30:45 of 1:30:00", or a recipe. */
  cut: string;
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
  /** For the build's output: beats a field plays and does not declare. */
  notes: string[];
}

export interface PreviewFolders {
  /** Where preview files are read from (src/content/previews/). */
  folder?: string;
  /** Where finished previews are kept between builds. */
  cache?: string;
}

/**
 * Every field's preview, as an MP3 under /assets/ with what was measured on it. A source excerpt is read (or
 * a recipe synthesized), faded in and out, brought to the target loudness under the peak ceiling, encoded,
 * then decoded again and checked for what its card claims. A finished preview is cached by its source file's
 * size and time and the settings, so a warm build, or a save in npm run dev, never reads or encodes again.
 * Previews are made a few at a time, so memory stays flat however many fields there are.
 */
export async function buildPreviews(
  site: SiteContent,
  sources: Record<string, string> = {},
  { folder = join(ROOT, PREVIEWS_FOLDER), cache = CACHE }: PreviewFolders = {},
): Promise<BuiltPreviews> {
  const byFieldUrl = new Map<string, Preview>();
  const files = new Map<string, Uint8Array>();
  const notes: string[] = [];
  const problems: ContentProblem[] = [];
  const made = await inTurn(site.fields, AT_ONCE, async (field, i) => {
    if (!field.preview) return undefined;
    const at = `fields[${i}].preview`;
    const fail = (message: string) => problems.push({ source: sources[at] ?? CONTENT_FILE, field: at, message });
    try {
      const { mp3, measured } = await previewOf(field.preview, folder, cache);
      const declared = field.bands ?? [];
      const missing = declared.filter((band) => !measured.beats.some((beat) => inBand(beat.hz, band)));
      if (missing.length > 0) return void fail(claimProblem(missing, measured.beats));
      const undeclared = measured.beats.filter((beat) => !declared.some((band) => inBand(beat.hz, band)));
      if (undeclared.length > 0) notes.push(undeclaredNote(field, i, undeclared));
      return { field, mp3, measured };
    } catch (error) {
      if (error instanceof PreviewError || error instanceof SourceError) return void fail(`${sourceName(field.preview)} ${error.message}`);
      throw error;
    }
  });
  if (problems.length > 0) throw new ContentError(problems.sort((a, b) => a.field.localeCompare(b.field)));
  const report: PreviewReport[] = [];
  for (const preview of made) {
    if (!preview) continue;
    const { field, mp3, measured } = preview;
    const path = assetPath(`preview-${slug(field.title, "field")}`, "mp3", mp3);
    files.set(path.slice(1), mp3);
    byFieldUrl.set(field.url, {
      path,
      seconds: measured.seconds,
      wave: waveOf(measured.peaks),
      kind: "file" in field.preview! ? "excerpt" : "beat",
      beats: measured.beats.map((beat) => Math.round(beat.hz * 100) / 100),
    });
    report.push({ field: field.title, declared: field.bands ?? [], measured });
  }
  return { byFieldUrl, files, report, notes };
}

/** A source that cannot make a preview: the message completes "fields[i].preview (source) …". */
class PreviewError extends Error {}

const sourceName = (preview: PreviewSource | undefined) => (preview && "file" in preview ? `(${PREVIEWS_FOLDER}/${preview.file})` : "(its recipe)");
const hz = (value: number) => `${value.toFixed(2)} Hz`;
const beatsMeasured = (beats: readonly Beat[]) =>
  beats.length === 0 ? "no beat" : beats.map((b) => `${hz(b.hz)} (its ears' carriers ${b.leftHz.toFixed(1)} and ${b.rightHz.toFixed(1)} Hz)`).join(" and ");

/** A declared band the preview does not play: what was declared, and what was measured instead. */
function claimProblem(missing: readonly Band[], beats: readonly Beat[]): string {
  const bands = missing.map((band) => `${BANDS[band].name} (${BANDS[band].low}–${BANDS[band].high} Hz)`).join(" and ");
  return `plays no beat in the ${bands} band${missing.length > 1 ? "s" : ""} the field declares: it plays ${beatsMeasured(beats)}`;
}

const bandOf = (beat: Beat) => (Object.keys(BANDS) as Band[]).find((band) => inBand(beat.hz, band));

function undeclaredNote(field: Field, i: number, beats: readonly Beat[]): string {
  const named = beats.map((b) => `${hz(b.hz)}${bandOf(b) ? ` (${BANDS[bandOf(b)!].name})` : ""}`);
  const bands = [...new Set(beats.map(bandOf).filter((band) => band !== undefined))];
  const advice = bands.length > 0 ? `; add bands: [${bands.map((b) => `"${b}"`).join(", ")}] to have ${beats.length > 1 ? "them" : "it"} checked and shown on its card` : "";
  return `${field.title} (fields[${i}]): its preview plays a ${named.join(" and a ")} beat it does not declare${advice}`;
}

async function previewOf(preview: PreviewSource, folder: string, cache: string): Promise<{ mp3: Uint8Array; measured: Measured }> {
  // A file is known by its size and last change, not its bytes: a master can be gigabytes, and is never read whole.
  const file = "file" in preview ? await stat(join(folder, preview.file)).then(({ size, mtimeMs }) => ({ size, mtimeMs }), () => undefined) : undefined;
  const key = createHash("sha256").update(JSON.stringify({ settings: PREVIEW_SETTINGS, preview, file })).digest("hex");
  const cached = await Promise.all([readFile(join(cache, `${key}.mp3`)), readFile(join(cache, `${key}.json`), "utf8")]).catch(() => undefined);
  if (cached) return { mp3: new Uint8Array(cached[0]), measured: JSON.parse(cached[1]) as Measured };

  const made = await makePreview(preview, folder);
  await mkdir(cache, { recursive: true });
  // Written under temporary names, then renamed: builds running side by side never read half a file.
  for (const [ext, contents] of [["mp3", made.mp3], ["json", JSON.stringify(made.measured)]] as const) {
    const temporary = join(cache, `${key}.${ext}.${process.pid}`);
    await writeFile(temporary, contents);
    await rename(temporary, join(cache, `${key}.${ext}`));
  }
  return made;
}

/** The audio a preview is made from, and where it came from. */
async function sourceOf(preview: PreviewSource, folder: string): Promise<{ pcm: Pcm; cut: string }> {
  if (!("file" in preview)) {
    const pcm = synthesize({ noise: 0.3, ...preview.recipe });
    return { pcm, cut: `its beat, synthesized (${clock(seconds(pcm))})` };
  }
  const excerpt = await readExcerpt(join(folder, preview.file), { start: preview.start, seconds: preview.seconds, longest: PREVIEW_MAX_SECONDS, shortest: PREVIEW_MIN_SECONDS });
  const end = excerpt.start + seconds(excerpt.pcm);
  const of = excerpt.sourceSeconds ? ` of ${clock(excerpt.sourceSeconds)}` : "";
  return { pcm: excerpt.pcm, cut: `${preview.file} (${excerpt.format}), ${clock(excerpt.start)}–${clock(end)}${of}` };
}

const NOT_BINAURAL =
  "has no tone that differs between the ears: both ears hear the same sound. Music, noise or a voice on its own, an isochronic pulse or a monaural beat (both tones in both ears) is not a binaural beat, which needs a different carrier tone in each ear";

/** The pipeline, from source to checked MP3. */
async function makePreview(preview: PreviewSource, folder: string): Promise<{ mp3: Uint8Array; measured: Measured }> {
  const { pcm, cut } = await sourceOf(preview, folder);
  if (sameInBothEars(pcm)) throw new PreviewError(`${NOT_BINAURAL} (its two channels are identical)`);
  const clipped = clippedRuns(pcm);
  if (clipped > 0) {
    throw new PreviewError(`is clipped: ${clipped} stretch${clipped === 1 ? "" : "es"} stuck at full scale. Export it again with headroom (peaks below 0 dBFS)`);
  }
  applyFades(pcm, PREVIEW_SETTINGS.fadeSeconds);
  const loudness = integratedLoudness(pcm);
  if (!Number.isFinite(loudness)) throw new PreviewError(`is silent in the stretch the preview takes (${cut})`);
  applyGain(pcm, PREVIEW_SETTINGS.targetLufs - loudness);
  const overCeiling = truePeak(pcm) - PREVIEW_SETTINGS.ceilingBeforeCodecDbtp;
  if (overCeiling > 0) applyGain(pcm, -overCeiling);

  const mp3 = await encodeMp3(pcm);
  const encoded = await decodeMp3(mp3);
  const peak = truePeak(encoded);
  if (peak > PREVIEW_SETTINGS.ceilingDbtp) {
    throw new PreviewError(`peaks at ${peak.toFixed(2)} dBTP once encoded, over the ${PREVIEW_SETTINGS.ceilingDbtp} dBTP ceiling`);
  }
  const { carriers, beats } = binaural(encoded);
  if (carriers.length === 0) throw new PreviewError(NOT_BINAURAL);
  if (beats.length === 0) {
    const tones = carriers.slice(0, 4).map((c) => `${c.hz.toFixed(1)} Hz ${c.ear}`).join(", ");
    throw new PreviewError(`has tones in one ear only (${tones}), but no pair of them, one in each ear, close enough to beat (at most 40 Hz apart): a binaural beat is the difference of two such tones`);
  }
  return {
    mp3,
    measured: {
      seconds: Math.round(seconds(encoded) * 100) / 100,
      peaks: waveformPeaks(encoded, PREVIEW_SETTINGS.bars),
      beats,
      lufs: integratedLoudness(encoded),
      truePeakDbtp: peak,
      cut,
    },
  };
}

/** The build's table of previews: a row per field and beat, what was measured and where the excerpt was cut. */
export function previewTable(report: readonly PreviewReport[]): string[] {
  const rows = report.flatMap(({ field, declared, measured }) =>
    measured.beats.map((beat, b) => {
      const band = declared.find((d) => inBand(beat.hz, d));
      return [
        b === 0 ? field : "",
        hz(beat.hz),
        band ? `${BANDS[band].name} ✓` : "not declared",
        `${beat.leftHz.toFixed(1)} | ${beat.rightHz.toFixed(1)} Hz`,
        b === 0 ? `${measured.lufs.toFixed(1)} LUFS` : "",
        b === 0 ? `${measured.truePeakDbtp.toFixed(1)} dBTP` : "",
        b === 0 ? measured.cut : "",
      ];
    }),
  );
  const head = ["Preview", "Beat", "Band", "Carriers L | R", "Loudness", "True peak", "From"];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  return [head, ...rows].map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!))).join("  ").trimEnd());
}

