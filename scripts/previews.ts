import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { BANDS } from "../src/content/bands";
import type { Field, PreviewSource, SiteContent } from "../src/content/types";
import { CONTENT_FILE, ContentError, PREVIEW_MAX_SECONDS, PREVIEWS_FOLDER, type ContentProblem } from "../src/content/validate";
import type { Preview } from "../src/lib/preview";
import { binaural, clippedRuns, sameInBothEars, waveformPeaks } from "./audio/analyse";
import { decodeAudio, encodeMp3, MP3 } from "./audio/codec";
import { integratedLoudness, truePeak } from "./audio/loudness";
import { cut, fade, scale, seconds, type Pcm } from "./audio/pcm";
import { synthesize } from "./audio/synth";
import { ROOT } from "./paths";

/**
 * What every preview is made to, and documented as (README, "Previews"): never louder than the site asks
 * listeners to be. EBU R 128 asks at most -16 LUFS and -1 dBTP of online audio; previews sit a little quieter.
 */
export const PREVIEW_SETTINGS = {
  targetLufs: -18,
  /** The most a preview's true peak may reach, after encoding. */
  ceilingDbtp: -1,
  /** Before encoding, room for what MP3 adds to peaks. */
  ceilingBeforeCodecDbtp: -1.5,
  fadeSeconds: 1,
  bars: 64,
  mp3: MP3,
  /** A change to how previews are made, so that no cached result of the old way is used. */
  version: 1,
} as const;

/** Finished previews, and where they are kept between builds. */
const CACHE = join(ROOT, "node_modules/.cache/site-previews");

/** What the pipeline measured on the encoded file, and remembers with it. */
interface Measured {
  seconds: number;
  peaks: number[];
  leftHz: number;
  rightHz: number;
  beatHz: number;
  /** The smaller of the two ears' margins over the other at their own carrier, in dB. */
  separationDb: number;
  lufs: number;
  truePeakDbtp: number;
}

export interface BuiltPreviews {
  /** Each field's preview, by the field's storefront URL. */
  byField: Map<string, Preview>;
  files: Map<string, Uint8Array>;
  /** For the build's output: what was measured where nothing was declared to check it against. */
  notes: string[];
}

/**
 * Every field's preview, as an MP3 under /assets/ with what was measured on it. A source is decoded (or a
 * recipe synthesized), cut to at most 60 s, faded in and out, brought to the target loudness under the peak
 * ceiling, encoded, then decoded again and checked for what its card claims. A finished preview is cached by
 * the hash of its source and the settings, so a warm build, or a save in npm run dev, never encodes again.
 */
export interface PreviewFolders {
  /** Where preview files are read from (src/content/previews/). */
  folder?: string;
  /** Where finished previews are kept between builds. */
  cache?: string;
}

export async function buildPreviews(
  site: SiteContent,
  sources: Record<string, string> = {},
  { folder = join(ROOT, PREVIEWS_FOLDER), cache = CACHE }: PreviewFolders = {},
): Promise<BuiltPreviews> {
  const byField = new Map<string, Preview>();
  const files = new Map<string, Uint8Array>();
  const notes: string[] = [];
  const problems: ContentProblem[] = [];
  await Promise.all(
    site.fields.map(async (field, i) => {
      if (!field.preview) return;
      const at = `fields[${i}].preview`;
      const fail = (message: string) => problems.push({ source: sources[at] ?? CONTENT_FILE, field: at, message });
      try {
        const { mp3, measured } = await previewOf(field.preview, folder, cache);
        const claim = claimProblem(field, measured);
        if (claim) return fail(claim);
        if (!field.band) {
          notes.push(`${field.title} (fields[${i}]): its preview's beat measures ${measured.beatHz.toFixed(2)} Hz (left ${measured.leftHz.toFixed(1)} Hz, right ${measured.rightHz.toFixed(1)} Hz); declare its band to have it checked`);
        }
        const path = `/assets/preview-${slug(field.title)}-${createHash("sha256").update(mp3).digest("hex").slice(0, 10)}.mp3`;
        files.set(path.slice(1), mp3);
        byField.set(field.url, { path, seconds: measured.seconds, peaks: measured.peaks, kind: "file" in field.preview ? "excerpt" : "beat", beatHz: measured.beatHz });
      } catch (error) {
        if (error instanceof PreviewError) fail(error.message);
        else throw error;
      }
    }),
  );
  if (problems.length > 0) throw new ContentError(problems.sort((a, b) => a.field.localeCompare(b.field)));
  return { byField, files, notes };
}

/** A source that cannot make a preview: the message completes "fields[i].preview …". */
class PreviewError extends Error {}

/** Whether the preview plays what its field says: a beat inside the band it declares. */
function claimProblem(field: Field, measured: Measured): string | undefined {
  if (!field.band) return undefined;
  const band = BANDS[field.band];
  if (measured.beatHz >= band.low && measured.beatHz <= band.high) return undefined;
  return `plays a ${measured.beatHz.toFixed(2)} Hz beat (the difference of its ears' carriers, ${measured.leftHz.toFixed(1)} and ${measured.rightHz.toFixed(1)} Hz), outside the ${band.name} band the field declares (${band.low}–${band.high} Hz)`;
}

async function previewOf(preview: PreviewSource, folder: string, cache: string): Promise<{ mp3: Uint8Array; measured: Measured }> {
  const sourceBytes = "file" in preview ? await readSource(folder, preview.file) : undefined;
  const key = createHash("sha256")
    .update(JSON.stringify({ settings: PREVIEW_SETTINGS, preview, source: sourceBytes && createHash("sha256").update(sourceBytes).digest("hex") }))
    .digest("hex");
  const cached = await Promise.all([readFile(join(cache, `${key}.mp3`)), readFile(join(cache, `${key}.json`), "utf8")]).catch(() => undefined);
  if (cached) return { mp3: new Uint8Array(cached[0]), measured: JSON.parse(cached[1]) as Measured };

  const made = await makePreview(preview, sourceBytes);
  await mkdir(cache, { recursive: true });
  // Written under temporary names, then renamed: builds running side by side never read half a file.
  for (const [ext, contents] of [["mp3", made.mp3], ["json", JSON.stringify(made.measured)]] as const) {
    const temporary = join(cache, `${key}.${ext}.${process.pid}`);
    await writeFile(temporary, contents);
    await rename(temporary, join(cache, `${key}.${ext}`));
  }
  return made;
}

async function readSource(folder: string, file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(join(folder, file)));
  } catch {
    throw new PreviewError(`names ${PREVIEWS_FOLDER}/${file}, and there is no such file`);
  }
}

/** The pipeline, from source to checked MP3. */
async function makePreview(preview: PreviewSource, sourceBytes?: Uint8Array): Promise<{ mp3: Uint8Array; measured: Measured }> {
  const name = "file" in preview ? `${PREVIEWS_FOLDER}/${preview.file}` : "its recipe";
  let source: Pcm;
  if ("file" in preview) {
    try {
      source = await decodeAudio(sourceBytes!);
    } catch (error) {
      throw new PreviewError(`(${name}) cannot be read as WAV, FLAC or MP3: ${(error as Error).message}`);
    }
  } else {
    source = synthesize({ noise: 0.3, ...preview.recipe });
  }
  if (source.channels.length < 2 || sameInBothEars(source)) {
    throw new PreviewError(`(${name}) is mono, or its two channels are the same: a binaural preview needs a different tone in each ear`);
  }
  const clipped = clippedRuns(source);
  if (clipped > 0) {
    throw new PreviewError(`(${name}) is clipped: ${clipped} stretch${clipped === 1 ? "" : "es"} stuck at full scale. Export it again with headroom (peaks below 0 dBFS)`);
  }

  const start = "file" in preview ? (preview.start ?? 0) : 0;
  const available = seconds(source) - start;
  const wanted = "file" in preview ? (preview.seconds ?? Math.min(available, PREVIEW_MAX_SECONDS)) : preview.recipe.seconds;
  if (wanted > available + 0.01) {
    throw new PreviewError(`(${name}) is ${seconds(source).toFixed(1)} s long: it has no ${wanted} s from ${start} s on`);
  }
  if (wanted > PREVIEW_MAX_SECONDS) throw new PreviewError(`(${name}) would be ${wanted} s long: a preview is at most ${PREVIEW_MAX_SECONDS} s`);
  let pcm = fade(cut({ ...source, channels: source.channels.slice(0, 2) }, start, wanted), PREVIEW_SETTINGS.fadeSeconds);

  const loudness = integratedLoudness(pcm);
  if (!Number.isFinite(loudness)) throw new PreviewError(`(${name}) is silent from ${start} s on`);
  pcm = scale(pcm, PREVIEW_SETTINGS.targetLufs - loudness);
  const overCeiling = truePeak(pcm) - PREVIEW_SETTINGS.ceilingBeforeCodecDbtp;
  if (overCeiling > 0) pcm = scale(pcm, -overCeiling);

  const mp3 = await encodeMp3(pcm);
  const encoded = await decodeAudio(mp3);
  if (encoded.channels.length < 2 || sameInBothEars(encoded)) {
    throw new PreviewError(`(${name}) came out of the encoder the same in both ears: a binaural preview needs a different tone in each ear`);
  }
  const measured = binaural(encoded);
  const peak = truePeak(encoded);
  if (peak > PREVIEW_SETTINGS.ceilingDbtp) {
    throw new PreviewError(`(${name}) peaks at ${peak.toFixed(2)} dBTP once encoded, over the ${PREVIEW_SETTINGS.ceilingDbtp} dBTP ceiling`);
  }
  if (measured.beatHz < 0.1) {
    throw new PreviewError(`(${name}) plays the same tone in both ears (${measured.left.hz.toFixed(1)} Hz): a binaural preview needs a different tone in each ear`);
  }
  return {
    mp3,
    measured: {
      seconds: Math.round(seconds(encoded) * 100) / 100,
      peaks: waveformPeaks(encoded, PREVIEW_SETTINGS.bars),
      leftHz: measured.left.hz,
      rightHz: measured.right.hz,
      beatHz: measured.beatHz,
      separationDb: Math.min(measured.left.otherEarDb, measured.right.otherEarDb),
      lufs: integratedLoudness(encoded),
      truePeakDbtp: peak,
    },
  };
}

const slug = (title: string) =>
  title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "field";
