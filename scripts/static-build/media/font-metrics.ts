/**
 * What a face's lines measure, read from its own tables, so a fallback can be sized to set the same lines: the
 * em, the ascent, descent and line gap (hhea, what Chromium and Firefox lay a line out by) and the average advance
 * of running English text (each letter weighted by how often English uses it, and the space between words).
 */
export interface FaceMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Below the baseline, as a positive number. */
  descent: number;
  lineGap: number;
  /** The average advance of a character of running English text, in font units. */
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

/** The face's tables by tag: offset and length in the file. */
function tables(font: Uint8Array): Map<string, DataView> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const found = new Map<string, DataView>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    found.set(tag, new DataView(font.buffer, font.byteOffset + view.getUint32(at + 8), view.getUint32(at + 12)));
  }
  return found;
}

/** Glyph ids of Basic Latin characters, from the Unicode BMP cmap (format 4). */
function glyphIds(cmap: DataView): (char: string) => number {
  const count = cmap.getUint16(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const at = cmap.getUint32(8 + i * 8);
    if (!((platform === 3 && encoding === 1) || platform === 0) || cmap.getUint16(at) !== 4) continue;
    const segments = cmap.getUint16(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (char) => {
      const code = char.charCodeAt(0);
      for (let s = 0; s < segments; s++) {
        if (code > cmap.getUint16(ends + s * 2)) continue;
        const start = cmap.getUint16(starts + s * 2);
        if (code < start) return 0;
        const delta = cmap.getInt16(deltas + s * 2);
        const rangeOffset = cmap.getUint16(rangeOffsets + s * 2);
        if (rangeOffset === 0) return (code + delta) & 0xffff;
        const glyph = cmap.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error("the font has no Unicode cmap of format 4");
}

/** The tables faceMetrics and advanceOf read, and each glyph's advance in font units. */
function metricTables(font: Uint8Array) {
  const t = tables(font);
  const [head, hhea, hmtx, cmap] = ["head", "hhea", "hmtx", "cmap"].map((tag) => {
    const table = t.get(tag);
    if (!table) throw new Error(`the font has no ${tag} table`);
    return table;
  }) as [DataView, DataView, DataView, DataView];
  const longMetrics = hhea.getUint16(34);
  const advance = (glyph: number) => hmtx.getUint16(Math.min(glyph, longMetrics - 1) * 4);
  return { head, hhea, advance, glyph: glyphIds(cmap) };
}

/** Each character's advance in ems (kerning aside): how wide a face sets a text. */
export function advanceOf(font: Uint8Array): (char: string) => number {
  const { head, advance, glyph } = metricTables(font);
  const em = head.getUint16(18);
  return (char) => advance(glyph(char)) / em;
}

/** Metrics of a TrueType or OpenType (CFF) file. */
export function faceMetrics(font: Uint8Array): FaceMetrics {
  const { head, hhea, advance, glyph } = metricTables(font);
  const weights = Object.entries(ENGLISH);
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  return {
    unitsPerEm: head.getUint16(18),
    ascent: hhea.getInt16(4),
    descent: -hhea.getInt16(6),
    lineGap: hhea.getInt16(8),
    averageWidth: weights.reduce((sum, [char, w]) => sum + advance(glyph(char)) * w, 0) / total,
  };
}

/**
 * The @font-face descriptors that make a fallback set lines the size of the brand's: scaled to the same average
 * advance, with the brand's ascent, descent and line gap (as fractions of the scaled em).
 */
export function fallbackDescriptors(brand: FaceMetrics, fallback: FaceMetrics): string {
  const scale = brand.averageWidth / brand.unitsPerEm / (fallback.averageWidth / fallback.unitsPerEm);
  const percent = (units: number) => `${((units / brand.unitsPerEm / scale) * 100).toFixed(2)}%`;
  return (
    `size-adjust:${(scale * 100).toFixed(2)}%;ascent-override:${percent(brand.ascent)};` +
    `descent-override:${percent(brand.descent)};line-gap-override:${percent(brand.lineGap)}`
  );
}
