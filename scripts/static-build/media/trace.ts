import type { Trace } from "../../../src/lib/preview";
import { binaural } from "./audio/analyse";
import { readExcerpt, SourceError } from "./audio/source";
import pLimit from "p-limit";

/** How the whole master is measured: a short window at each of evenly spaced points, never the file whole. */
export const TRACE_SETTINGS = { points: 16, windowSeconds: 10 } as const;

/** One window's beats (Hz, to 0.01), or undefined where the file does not reach or cannot be read there. */
export type MeasureWindow = (path: string, start: number, seconds: number) => Promise<number[] | undefined>;

export const measureWindow: MeasureWindow = async (path, start, seconds) => {
  try {
    const { pcm } = await readExcerpt(path, { start, seconds, longest: seconds, shortest: seconds });
    return binaural(pcm).beats.map((b) => Math.round(b.hz * 100) / 100);
  } catch (error) {
    if (error instanceof SourceError) return undefined;
    throw error;
  }
};

/** A window at the middle of each of equal stretches: a 3 GB master costs 16 windows, not its size. */
export async function traceOf(
  path: string,
  seconds: number,
  threads?: { size: number; measure: MeasureWindow },
): Promise<Trace> {
  // Never windows too short to tell two beats apart: a master shorter than the points' windows gets fewer points.
  const window = Math.min(TRACE_SETTINGS.windowSeconds, seconds);
  const points = Math.max(1, Math.min(TRACE_SETTINGS.points, Math.floor(seconds / window)));
  const at = Array.from({ length: points }, (_, i) => ((i + 0.5) * seconds) / points);
  // One window is measured here: a thread's start costs more than a short master's one window.
  const by = points > 1 ? threads : undefined;
  const measure = by?.measure ?? measureWindow;
  const limit = pLimit(by?.size ?? 1);
  const beats = await Promise.all(
    at.map((middle) => limit(() => measure(path, Math.max(0, middle - window / 2), window))),
  );
  return {
    seconds: Math.round(seconds),
    points: at.flatMap((middle, i) => (beats[i] ? [{ at: Math.round(middle), beats: beats[i] }] : [])),
  };
}
