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
  /** Where the preview came from a master: its beats measured across the whole of it. */
  trace?: Trace;
}

/** A master's beats at evenly spaced points across its length: what a field's page draws. */
export interface Trace {
  /** The master's length. */
  seconds: number;
  /** Each point's place in the master, in seconds, and the beats measured there, in Hz, slowest first. */
  points: { at: number; beats: number[] }[];
}

/** How many heights a waveform's bar may have: a digit each, 0 for the quietest stretch. */
export const WAVE_LEVELS = 9;

/** Peaks (0 to 1 of the loudest) as a waveform: a digit per bar, so that a page carries a few bytes per preview. */
export const waveOf = (peaks: readonly number[]) =>
  peaks.map((peak) => String(Math.round(Math.max(0, Math.min(1, peak)) * (WAVE_LEVELS - 1)))).join("");

/** How a trace's slowest beat moves across the master: steady, from one rate to another, or up and down between two. */
export function traceShape(
  trace: Trace,
): { kind: "steady" | "glides" | "moves"; from: number; to: number } | undefined {
  const slowest = trace.points.filter((p) => p.beats.length > 0).map((p) => Math.min(...p.beats));
  if (slowest.length < 2) return undefined;
  const round = (n: number) => Math.round(n * 10) / 10;
  const [low, high] = [Math.min(...slowest), Math.max(...slowest)];
  const [first, last] = [slowest[0]!, slowest.at(-1)!];
  // Within two tenths of a hertz is steady; a change end to end of at least half the spread is a glide.
  if (high - low <= 0.2) return { kind: "steady", from: round(first), to: round(first) };
  if (Math.abs(last - first) >= 0.5 * (high - low)) return { kind: "glides", from: round(first), to: round(last) };
  return { kind: "moves", from: round(low), to: round(high) };
}
