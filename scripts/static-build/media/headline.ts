import type { FaceTable } from "./font-metrics";

/**
 * How much wider or narrower than the brand's face a stand-in may set a text: measured in Chromium on the site's
 * headlines and the tests' titles, DejaVu Serif set them 0.95 to 1.03 times as wide, Liberation Serif 0.97 to 1.04.
 */
export const STAND_IN_SPREAD = 0.12;

const SCALES = [1 - STAND_IN_SPREAD, 1, 1 + STAND_IN_SPREAD];

/** Where a line may break: after a space or a hyphen (not a no-break space or a non-breaking hyphen). */
const words = (text: string) => text.trim().split(/(?<=[ -])/);

function linesAt(text: string, measure: number, width: (text: string) => number, scale: number): number {
  let lines = 1;
  let line = "";
  for (const word of words(text)) {
    const next = line + word;
    if (line && width(next.trimEnd()) * scale > measure) {
      lines++;
      line = word;
    } else line = next;
  }
  return lines;
}

/**
 * The narrowest measure, in ems, at which the face and every stand-in set the headline in as many lines as the face
 * at `target`: nothing moves when the face replaces the stand-in, and no space is held for a line not there.
 */
export function headlineMeasure(text: string, width: (text: string) => number, target: number): number {
  const longest = Math.max(...words(text).map((word) => width(word.trimEnd())));
  const wanted = linesAt(text, target, width, 1);
  const counts = (measure: number) => SCALES.map((s) => linesAt(text, measure, width, s));
  // On a grid of hundredths of an em, from the longest word at the widest stand-in up to twice the target; a text
  // whose line count no measure keeps in every face (rare) takes the nearest count that one does.
  const from = Math.ceil(longest * (1 + STAND_IN_SPREAD) * 100) / 100;
  const steps = Math.floor((2 * target - from) * 100 + 1e-9);
  const at = (step: number) => Math.round(from * 100 + step) / 100;
  for (const lines of [wanted, wanted + 1, wanted - 1].filter((n) => n >= 1)) {
    // A wider measure never sets more lines, so the first measure at which no face sets more than `lines` is found
    // by halving; it is the one, if every face sets exactly `lines` there (at any wider one, some face sets fewer).
    let [low, high] = [0, steps + 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (counts(at(middle)).every((n) => n <= lines)) high = middle;
      else low = middle + 1;
    }
    if (low <= steps && counts(at(low)).every((n) => n === lines)) return at(low);
  }
  return Math.max(from, target);
}

/** The design's measure for a headline: the room a title has before it wraps (tokens.css set 8 to 9 ems). */
export const HEADLINE_TARGET = 9;

/** The width of a text in a face, in ems, kerning aside. */
export const widthIn =
  ({ advances, missing, unitsPerEm }: FaceTable) =>
  (text: string): number =>
    [...text].reduce((sum, char) => sum + (advances[char] ?? missing) / unitsPerEm, 0);

/** The rule a page inlines for its headline: its measure, which its size and width follow. */
export const headlineRule = (text: string, width: (text: string) => number) =>
  `h1{--headline:${headlineMeasure(text, width, HEADLINE_TARGET)}}`;
