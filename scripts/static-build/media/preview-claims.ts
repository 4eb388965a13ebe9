import { BANDS, bandRange, inBand, type Band } from "../../../src/content/bands";
import { glideAt, glideBands } from "../../../src/content/glide";
import type { Field, Glide } from "../../../src/content/types";
import type { Trace } from "../../../src/lib/preview";
import { quoted } from "../../../src/content/checks";
import { CONTENT_FILE, fieldAt } from "../../../src/content/files";
import type { Beat } from "./audio/analyse";
import type { Measured } from "./audio/preview";
import { clock } from "./audio/source";

export const hz = (value: number) => `${value.toFixed(2)} Hz`;
const beatsMeasured = (beats: readonly Beat[]) =>
  beats.length === 0
    ? "no beat"
    : beats
        .map((b) => `${hz(b.hz)} (its ears' carriers ${b.leftHz.toFixed(1)} and ${b.rightHz.toFixed(1)} Hz)`)
        .join(" and ");
const bandName = (band: Band) => `${BANDS[band].name} (${bandRange(band)})`;
/** How far a measured beat may sit from the glide's beat at that point: more the further the glide moves. */
const glideTolerance = (glide: Glide) => 0.1 + 0.1 * Math.abs(glide.toHz - glide.fromHz);

export function claimProblem(field: Field, measured: Measured): string | undefined {
  const { beats } = measured;
  const declares = (field.bands?.length ?? 0) > 0 || field.glide !== undefined;
  if (declares && beats.length === 0) return `plays no beat, and the field declares one: ${noBeat(measured)}`;
  if (field.glide) {
    const glide = field.glide;
    const where = measured.excerpt;
    const of = where?.of ?? field.durationMinutes * 60;
    // A recipe has no place in the field: it stands for the beat anywhere on the glide.
    const expected = where ? glideAt(glide, (where.start + where.seconds / 2) / of) : undefined;
    const tolerance = glideTolerance(glide);
    const [low, high] = [Math.min(glide.fromHz, glide.toHz) - 0.1, Math.max(glide.fromHz, glide.toHz) + 0.1];
    const fits = (b: Beat) =>
      expected === undefined ? b.hz >= low && b.hz <= high : Math.abs(b.hz - expected) <= tolerance;
    if (!beats.some(fits)) {
      const place = where
        ? ` at ${clock(where.start)}–${clock(where.start + where.seconds)} of ${clock(of)}, where it would be ${hz(expected!)}`
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

export function undeclaredNote(field: Field, i: number, beats: readonly Beat[]): string {
  const bandOf = (beat: Beat) => (Object.keys(BANDS) as Band[]).find((band) => inBand(beat.hz, band));
  const named = beats.map((b) => `${hz(b.hz)}${bandOf(b) ? ` (${BANDS[bandOf(b)!].name})` : ""}`);
  const bands = [...new Set(beats.map(bandOf).filter((band) => band !== undefined))];
  const advice =
    bands.length > 0
      ? `; add bands: [${quoted(bands)}] to have ${beats.length > 1 ? "them" : "it"} checked and shown on its card`
      : "";
  return `${CONTENT_FILE}: ${fieldAt(i, field)}.preview plays a ${named.join(" and a ")} beat it does not declare${advice}`;
}

/** A point with no beat at all (a fade, a silent intro) is not held against the master. */
export function traceProblem(field: Field, trace: Trace): string | undefined {
  const bands = field.bands ?? [];
  for (const point of trace.points) {
    if (point.beats.length === 0) continue;
    const where = `at ${clock(point.at)} of ${clock(trace.seconds)}`;
    if (field.glide) {
      const expected = glideAt(field.glide, point.at / trace.seconds);
      const tolerance = glideTolerance(field.glide);
      if (!point.beats.some((b) => Math.abs(b - expected) <= tolerance)) {
        return `${where}, its master plays ${point.beats.map(hz).join(" and ")}, off the glide the field declares (from ${hz(field.glide.fromHz)} to ${hz(field.glide.toHz)}, ${hz(expected)} there)`;
      }
    } else if (bands.length > 0 && !point.beats.some((b) => bands.some((band) => inBand(b, band)))) {
      return `${where}, its master plays ${point.beats.map(hz).join(" and ")}, outside the ${bands.map(bandName).join(" or ")} the field declares: declare the band it moves into, or a glide`;
    }
  }
  return undefined;
}
