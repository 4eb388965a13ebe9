import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { assetPath } from "../asset-path";
import { cache, cacheKey } from "./cache";
import { ROOT } from "../../paths";
import { codeHash } from "./code-hash";
import { fallbackDescriptors, faceMetrics, faceTable, type FaceMetrics, type FaceTable } from "./font-metrics";
import { MAIN_FACE } from "./fonts";

/**
 * A page fetches the second subset only if it has one of its characters. The ranges are fixed, not read from the copy,
 * so a content edit never changes a font file, the stylesheet naming it, or the policy that hashes that stylesheet.
 */
const DISPLAY_FONT = {
  family: "EB Garamond",
  weight: 600,
  source: MAIN_FACE.files.semibold,
  subsets: {
    // Basic Latin and the punctuation the copy sets: no-break space and hyphen, dashes, quotes, ellipsis, middle dot.
    core: [
      [0x20, 0x7e],
      [0xa0],
      [0xb7],
      [0x2010, 0x2011],
      [0x2013, 0x2014],
      [0x2018, 0x2019],
      [0x201c, 0x201d],
      [0x2026],
    ],
    // The rest of Western and Central European Latin, for a name or a word with an accent.
    latin: [[0xa1, 0xb6], [0xb8, 0x24f], [0x2020, 0x2022], [0x2030], [0x2039, 0x203a], [0x20ac]],
  },
  /** The rest (small caps, swashes...) is never set. */
  features: ["kern", "liga"],
} as const;

/**
 * The serifs a visitor's system sets headings in until the brand's face is there, each scaled to set the same lines
 * (styles/tokens.css' --font-display-fallback lists them, in this order). Bold faces: the headings' weight is 600.
 * Georgia, which Debian lacks, is from Capsize's table (xWidthAvg 1062), less the 0.5 to 1.4% by which Capsize
 * measured wider than faceMetrics. Each face is named as Chromium, Firefox and Safari find it (its full and PostScript
 * names), and the Linux ones last by their family too: WebKitGTK finds no other, and without the family name it set
 * the stand-in unscaled, 29% wider.
 */
export const FALLBACK_FACES: readonly { family: string; local: readonly string[]; metrics: FaceMetrics }[] = [
  // macOS, iOS and Windows.
  {
    family: "EB Garamond Georgia",
    local: ["Georgia Bold", "Georgia-Bold"],
    metrics: { unitsPerEm: 2048, ascent: 1878, descent: 449, lineGap: 0, averageWidth: 1052 },
  },
  // Android, ChromeOS and many Linux systems.
  {
    family: "EB Garamond Noto",
    local: ["Noto Serif Bold", "NotoSerif-Bold", "Noto Serif"],
    metrics: { unitsPerEm: 1000, ascent: 1069, descent: 293, lineGap: 0, averageWidth: 509.6 },
  },
  {
    family: "EB Garamond DejaVu",
    local: ["DejaVu Serif Bold", "DejaVuSerif-Bold", "DejaVu Serif"],
    metrics: { unitsPerEm: 2048, ascent: 1923, descent: 483, lineGap: 0, averageWidth: 1160.4 },
  },
  // Liberation Serif is drawn to Times New Roman's metrics.
  {
    family: "EB Garamond Times",
    local: [
      "Times New Roman Bold",
      "TimesNewRomanPS-BoldMT",
      "Liberation Serif Bold",
      "LiberationSerif-Bold",
      "Liberation Serif",
    ],
    metrics: { unitsPerEm: 2048, ascent: 1825, descent: 443, lineGap: 87, averageWidth: 874 },
  },
];

type Range = readonly [number, number?];
type SubsetName = keyof typeof DISPLAY_FONT.subsets;

const rangeChars = (ranges: readonly Range[]) =>
  ranges
    .flatMap(([from, to = from]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");

/** "U+20-7E, U+A0" */
const unicodeRange = (ranges: readonly Range[]) =>
  ranges.map((range) => `U+${range.map((n) => n!.toString(16).toUpperCase()).join("-")}`).join(", ");

interface WebFont {
  subset: SubsetName;
  /** Site path: /assets/eb-garamond-600-core-1a2b3c4d5e.woff2 */
  path: string;
  bytes: Uint8Array;
  unicodeRange: string;
}

/** harfbuzz cuts the same bytes from the same input every time, so the result is cached: only the first build pays. */
export async function buildWebFonts(): Promise<WebFont[]> {
  const source = await readFile(DISPLAY_FONT.source);
  const kept = cache("fonts");
  // subset-font runs in its own process, out of esbuild's sight: its version is named.
  const code = codeHash(["scripts/static-build/media/web-fonts.ts"], ROOT, ["subset-font"]);
  return Promise.all(
    (Object.entries(DISPLAY_FONT.subsets) as [SubsetName, readonly Range[]][]).map(async ([subset, ranges]) => {
      const key = cacheKey(source, ranges, DISPLAY_FONT.features, code);
      // harfbuzz's subsetter, loaded only for a subset not in the cache.
      const bytes = await kept.through(`${key}.woff2`, () => subsetApart(rangeChars(ranges)));
      return {
        subset,
        path: assetPath(`eb-garamond-${DISPLAY_FONT.weight}-${subset}`, "woff2", bytes),
        bytes,
        unicodeRange: unicodeRange(ranges),
      };
    }),
  );
}

/**
 * In a process of its own: harfbuzz and the woff2 encoder are WebAssembly, and the 85 MB they leave resident stays as
 * long as the process does (60 MB of it stayed after a worker thread had ended). Here it goes before the pictures.
 */
function subsetApart(text: string): Promise<Uint8Array> {
  const subset = createRequire(import.meta.url).resolve("subset-font");
  const options = { targetFormat: "woff2", keepFeatures: [...DISPLAY_FONT.features], noHinting: true };
  const script = `const [source, text, options] = process.argv.slice(1);
    Promise.resolve()
      .then(() => require(${JSON.stringify(subset)})(require("node:fs").readFileSync(source), text, JSON.parse(options)))
      .then((bytes) => process.stdout.write(bytes), (error) => { process.stderr.write(String(error?.message ?? error)); process.exitCode = 1; });`;
  const args = ["-e", script, DISPLAY_FONT.source, text, JSON.stringify(options)];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { encoding: "buffer", maxBuffer: 1 << 26 }, (error, out, said) => {
      if (!error) return resolve(new Uint8Array(out));
      const why = said.toString().trim() || `it stopped (${error.signal ?? `exit code ${error.code}`})`;
      reject(new Error(`subsetting ${DISPLAY_FONT.source} failed: ${why}`));
    }),
  );
}

export async function brandFace(): Promise<FaceTable> {
  const source = await readFile(DISPLAY_FONT.source);
  const key = cacheKey(source, codeHash(["scripts/static-build/media/font-metrics.ts"], ROOT, ["fontkit"]));
  return cache("fonts").json(`${key}.json`, () => faceTable(source));
}

/** `font-display: optional`: the text never changes face once drawn, so the font shifts nothing (CLS stays 0). */
export function fontFaceCss(fonts: readonly WebFont[], url: (path: string) => string, face: FaceTable): string {
  const brand = faceMetrics(face);
  const faces = fonts.map(
    (font) =>
      `@font-face{font-family:"${DISPLAY_FONT.family}";font-style:normal;font-weight:${DISPLAY_FONT.weight};font-display:optional;` +
      `src:url(${url(font.path)}) format("woff2");unicode-range:${font.unicodeRange}}`,
  );
  const fallbacks = FALLBACK_FACES.map(
    (face) =>
      `@font-face{font-family:"${face.family}";font-weight:${DISPLAY_FONT.weight};` +
      `src:${face.local.map((name) => `local("${name}")`).join(",")};${fallbackDescriptors(brand, face.metrics)}}`,
  );
  return [...faces, ...fallbacks].join("");
}
