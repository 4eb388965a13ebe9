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
  /** With none: the rate of a pulse both ears hear (isochronic, or a monaural beat), in Hz, if it has one. */
  pulse?: number;
  /** Where the preview came from a master: its beats measured across the whole of it. */
  trace?: Trace;
}

/** A master's beats at evenly spaced points across its length: what a field's page draws. */
export interface Trace {
  seconds: number;
  /** Each point's place in the master, in seconds, and the beats measured there, in Hz, slowest first. */
  points: { at: number; beats: number[] }[];
}

/** How many heights a waveform's bar may have: a digit each, 0 for the quietest stretch. */
export const WAVE_LEVELS = 9;

/** Peaks (0 to 1 of the loudest) as a waveform: a digit per bar, so that a page carries a few bytes per preview. */
export const waveOf = (peaks: readonly number[]) =>
  peaks.map((peak) => String(Math.round(Math.max(0, Math.min(1, peak)) * (WAVE_LEVELS - 1)))).join("");

/** One beat followed across a master: where it was measured, and how it moves. */
export interface TraceTrack {
  points: { at: number; hz: number }[];
  /** Steady (within a fifth of a hertz), from one rate to another, or up and down between two. */
  kind: "steady" | "glides" | "moves";
  /** Where it starts and ends (a glide), or its lowest and highest (it moves), or its rate (steady), to 0.1 Hz. */
  from: number;
  to: number;
}

/**
 * Each beat a trace holds, followed from point to point: a beat joins the nearest track within half as much again, or
 * starts its own. Only tracks of two points or more: one point says nothing of how it moves.
 */
export function traceTracks(trace: Trace): TraceTrack[] {
  const tracks: { at: number; hz: number }[][] = [];
  for (const point of trace.points) {
    const taken = new Set<number>();
    for (const hz of [...point.beats].sort((a, b) => a - b)) {
      const near = tracks
        .map((track, i) => ({ i, off: Math.abs(Math.log(hz / track.at(-1)!.hz)) }))
        .filter(({ i, off }) => !taken.has(i) && off < Math.log(1.5))
        .sort((a, b) => a.off - b.off)[0];
      const i = near ? near.i : tracks.push([]) - 1;
      taken.add(i);
      tracks[i]!.push({ at: point.at, hz });
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return tracks
    .filter((points) => points.length >= 2)
    .map((points) => {
      const rates = points.map((p) => p.hz);
      const [low, high] = [Math.min(...rates), Math.max(...rates)];
      const [first, last] = [rates[0]!, rates.at(-1)!];
      // Within two tenths of a hertz is steady; a change end to end of at least half the spread is a glide.
      if (high - low <= 0.2) return { points, kind: "steady", from: round(first), to: round(first) } as const;
      if (Math.abs(last - first) >= 0.5 * (high - low))
        return { points, kind: "glides", from: round(first), to: round(last) } as const;
      return { points, kind: "moves", from: round(low), to: round(high) } as const;
    })
    .sort((a, b) => a.from - b.from);
}
