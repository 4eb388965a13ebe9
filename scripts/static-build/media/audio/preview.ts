import { binaural, clippedRuns, sameInBothEars, steadyPulse, waveformPeaks, type Beat } from "./analyse";
import { decodeMp3, encodeMp3, MP3 } from "./codec";
import { integratedLoudness, truePeak } from "./loudness";
import { applyFades, applyGain, seconds, type Pcm } from "./pcm";
import { SourceError } from "./source";
import { codeHash } from "../code-hash";

/**
 * Documented in media/README.md ("Previews"): keep the two in sync. EBU R 128 asks at most -16 LUFS and -1 dBTP of
 * online audio; previews sit a little quieter.
 */
export const PREVIEW_SETTINGS = {
  targetLufs: -18,
  /** The true peak's ceiling after encoding. */
  ceilingDbtp: -1,
  /** Before encoding, room for what MP3 adds to peaks. */
  ceilingBeforeCodecDbtp: -1.5,
  fadeSeconds: 1,
  bars: 40,
  mp3: MP3,
} as const;

/** Part of what a cached or committed preview is known by, beside its input and PREVIEW_SETTINGS. */
export const previewCode = () => codeHash(["scripts/static-build/media/audio"]);

/** Measured on the encoded file. */
export interface Measured {
  seconds: number;
  peaks: number[];
  beats: Beat[];
  lufs: number;
  truePeakDbtp: number;
  /** Where the audio came from: "theta.flac, 30:00–30:45 of 1:30:00", or a recipe. */
  cut: string;
  excerpt?: { start: number; seconds: number; of?: number };
  /** Only with no binaural beat. */
  pulseHz?: number;
  /** For saying why no beat was found. */
  ears: { mono: boolean; identical: boolean; oneEarOnly: string[] };
}

export async function makePreview(
  pcm: Pcm,
  cut: string,
  { mono = false, ...excerpt }: Partial<NonNullable<Measured["excerpt"]>> & { mono?: boolean } = {},
): Promise<{ mp3: Uint8Array; measured: Measured }> {
  const identical = sameInBothEars(pcm);
  const clipped = clippedRuns(pcm);
  if (clipped > 0) {
    throw new SourceError(
      `is clipped: ${clipped} stretch${clipped === 1 ? "" : "es"} stuck at full scale. Export it again with headroom (peaks below 0 dBFS)`,
    );
  }
  applyFades(pcm, PREVIEW_SETTINGS.fadeSeconds);
  const loudness = integratedLoudness(pcm);
  if (!Number.isFinite(loudness)) throw new SourceError(`is silent in the stretch the preview takes (${cut})`);
  applyGain(pcm, PREVIEW_SETTINGS.targetLufs - loudness);
  const overCeiling = truePeak(pcm) - PREVIEW_SETTINGS.ceilingBeforeCodecDbtp;
  if (overCeiling > 0) applyGain(pcm, -overCeiling);

  const mp3 = await encodeMp3(pcm);
  const encoded = await decodeMp3(mp3);
  const peak = truePeak(encoded);
  if (peak > PREVIEW_SETTINGS.ceilingDbtp) {
    throw new SourceError(
      `peaks at ${peak.toFixed(2)} dBTP once encoded, over the ${PREVIEW_SETTINGS.ceilingDbtp} dBTP ceiling`,
    );
  }
  const { carriers, beats } = identical ? { carriers: [], beats: [] } : binaural(encoded);
  const pulseHz = beats.length === 0 ? steadyPulse(encoded) : undefined;
  return {
    mp3,
    measured: {
      seconds: Math.round(seconds(encoded) * 100) / 100,
      peaks: waveformPeaks(encoded, PREVIEW_SETTINGS.bars),
      beats,
      lufs: integratedLoudness(encoded),
      truePeakDbtp: peak,
      cut,
      ...(pulseHz !== undefined && { pulseHz }),
      ...(excerpt.start !== undefined && {
        excerpt: { start: excerpt.start, seconds: excerpt.seconds!, of: excerpt.of },
      }),
      ears: {
        mono,
        identical,
        oneEarOnly: beats.length > 0 ? [] : carriers.slice(0, 4).map((c) => `${c.hz.toFixed(1)} Hz ${c.ear}`),
      },
    },
  };
}
