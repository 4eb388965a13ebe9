import { BANDS, type Band } from "./bands";
import type { Glide } from "./types";

/** Where a glide is, a fraction of the way through the field (0 at its start, 1 at its end): it moves evenly. */
export const glideAt = ({ fromHz, toHz }: Glide, fraction: number) =>
  fromHz + (toHz - fromHz) * Math.min(1, Math.max(0, fraction));

/** The bands a glide passes through, in the order it meets them. */
export function glideBands({ fromHz, toHz }: Glide): Band[] {
  const [low, high] = [Math.min(fromHz, toHz), Math.max(fromHz, toHz)];
  const bands = (Object.keys(BANDS) as Band[]).filter((band) => BANDS[band].low <= high && BANDS[band].high >= low);
  return fromHz <= toHz ? bands : bands.reverse();
}

/** "from 10 Hz (Alpha) to 6 Hz (Theta)": where a glide starts and ends, each with its band. */
export function glideInWords(glide: Glide): string {
  const bands = glideBands(glide);
  const at = (hz: number, band: Band | undefined) => `${hz} Hz${band ? ` (${BANDS[band].name})` : ""}`;
  return `from ${at(glide.fromHz, bands[0])} to ${at(glide.toHz, bands.at(-1))}`;
}
