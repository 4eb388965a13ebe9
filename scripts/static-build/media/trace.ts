import { BANDS, inBand, type Band } from "../../../src/content/bands";
import { glideAt } from "../../../src/content/glide";
import type { Field } from "../../../src/content/types";
import type { Trace } from "../../../src/lib/preview";
import { binaural } from "./audio/analyse";
import { clock, readExcerpt, SourceError } from "./audio/source";
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

const hz = (value: number) => `${value.toFixed(2)} Hz`;

/** A point with no beat at all (a fade, a silent intro) is not held against the master. */
export function traceProblem(field: Field, trace: Trace): string | undefined {
  const bands = field.bands ?? [];
  for (const point of trace.points) {
    if (point.beats.length === 0) continue;
    const where = `at ${clock(point.at)} of ${clock(trace.seconds)}`;
    if (field.glide) {
      const expected = glideAt(field.glide, point.at / trace.seconds);
      const tolerance = 0.1 + 0.1 * Math.abs(field.glide.toHz - field.glide.fromHz);
      if (!point.beats.some((b) => Math.abs(b - expected) <= tolerance)) {
        return `${where}, its master plays ${point.beats.map(hz).join(" and ")}, off the glide the field declares (from ${hz(field.glide.fromHz)} to ${hz(field.glide.toHz)}, ${hz(expected)} there)`;
      }
    } else if (bands.length > 0 && !point.beats.some((b) => bands.some((band) => inBand(b, band)))) {
      const named = bands
        .map((band: Band) => `${BANDS[band].name} (${BANDS[band].low}–${BANDS[band].high} Hz)`)
        .join(" or ");
      return `${where}, its master plays ${point.beats.map(hz).join(" and ")}, outside the ${named} the field declares: declare the band it moves into, or a glide`;
    }
  }
  return undefined;
}
