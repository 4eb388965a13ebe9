import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";

/** fontkit, loaded when a font is first read: a warm build reads none (its faces' tables are kept, web-fonts.ts). */
export const fontkit = (): typeof Fontkit => createRequire(import.meta.url)("fontkit");
/** Lines from hhea, what Chromium and Firefox lay a line out by. */
export interface FaceMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Below the baseline, as a positive number. */
  descent: number;
  lineGap: number;
  /** Of running English text, in font units. */
  averageWidth: number;
}

/** Per 1,000 letters of English text (Lewand's table), and the spaces that come with them (words average 4.7 letters). */
const ENGLISH: Readonly<Record<string, number>> = {
  a: 82,
  b: 15,
  c: 28,
  d: 43,
  e: 127,
  f: 22,
  g: 20,
  h: 61,
  i: 70,
  j: 2,
  k: 8,
  l: 40,
  m: 24,
  n: 67,
  o: 75,
  p: 19,
  q: 1,
  r: 60,
  s: 63,
  t: 91,
  u: 28,
  v: 10,
  w: 24,
  x: 2,
  y: 20,
  z: 1,
  " ": 213,
};

/** Each character's advance in font units (kerning aside); JSON, to keep. */
export interface FaceTable extends Omit<FaceMetrics, "averageWidth"> {
  advances: Record<string, number>;
  /** The advance of what a character the face lacks is drawn with (its .notdef glyph). */
  missing: number;
}

export function faceTable(font: Uint8Array): FaceTable {
  const face = fontkit().create(Buffer.from(font.buffer, font.byteOffset, font.byteLength));
  if (!("unitsPerEm" in face)) throw new Error("a collection of faces, not one face");
  const { ascent, descent, lineGap } = face.hhea;
  const advances = Object.fromEntries(
    face.characterSet.map((code) => [String.fromCodePoint(code), face.glyphForCodePoint(code).advanceWidth]),
  );
  return {
    unitsPerEm: face.unitsPerEm,
    ascent,
    descent: -descent,
    lineGap,
    advances,
    missing: face.getGlyph(0).advanceWidth,
  };
}

export function faceMetrics(table: FaceTable): FaceMetrics {
  const weights = Object.entries(ENGLISH);
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const { advances, missing, ...lines } = table;
  return {
    ...lines,
    averageWidth: weights.reduce((sum, [char, w]) => sum + (advances[char] ?? missing) * w, 0) / total,
  };
}

export function fallbackDescriptors(brand: FaceMetrics, fallback: FaceMetrics): string {
  const scale = brand.averageWidth / brand.unitsPerEm / (fallback.averageWidth / fallback.unitsPerEm);
  const percent = (units: number) => `${((units / brand.unitsPerEm / scale) * 100).toFixed(2)}%`;
  return (
    `size-adjust:${(scale * 100).toFixed(2)}%;ascent-override:${percent(brand.ascent)};` +
    `descent-override:${percent(brand.descent)};line-gap-override:${percent(brand.lineGap)}`
  );
}
