/** A field's preview as the build made it: what its card and player need. */
export interface Preview {
  /** The MP3's site path ("/assets/preview-field-booster-….mp3"). */
  path: string;
  seconds: number;
  /** The waveform: a bar per stretch of the preview, its height a digit (see waveLevels). */
  wave: string;
  /** An excerpt of the field itself, or its beat synthesized from a recipe (until there is an excerpt). */
  kind: "excerpt" | "beat";
  /** The binaural beats measured in the MP3, in Hz, slowest first. */
  beats: number[];
}

/** How many heights a waveform's bar may have: a digit each, 0 for the quietest stretch. */
export const WAVE_LEVELS = 9;

/** Peaks (0 to 1 of the loudest) as a waveform: a digit per bar, so that a page carries a few bytes per preview. */
export const waveOf = (peaks: readonly number[]) => peaks.map((peak) => String(Math.round(Math.max(0, Math.min(1, peak)) * (WAVE_LEVELS - 1)))).join("");
