import { createRequire } from "node:module";
import type * as Resvg from "@resvg/resvg-js";
import { frame } from "../../../src/content/frame";
import type { SiteContent } from "../../../src/content/types";
import { CONTENT_FILE, ContentError } from "../../../src/content/files";
import { facesFor, fontAt, isInstalled, MAIN_FACE, runsByFace, type Typeface } from "./fonts";
import { escapeXml } from "../../../src/lib/xml";
import { SHARE_IMAGE } from "../../../src/lib/page";
import { ROOT } from "../../paths";
import { codeHash } from "./code-hash";
import type { Theme } from "../styles";

/** resvg, loaded to draw: a warm build, whose pictures are all kept, draws none. */
const resvg = (): typeof Resvg => createRequire(import.meta.url)("@resvg/resvg-js");
/** The packages a picture is drawn with that load only then: their versions belong in its key (codeHash). */
const DRAWN_WITH = ["@resvg/resvg-js", "fontkit"];
/** The code a picture is drawn with (this module and what it imports): part of each picture's key. */
export const drawingCode = () => codeHash(["scripts/static-build/media/images.ts"], ROOT, DRAWN_WITH);

/** SVG to PNG with only the typefaces given, never the system's: the same picture on every machine, fontless CI too. */
export function renderPng(svg: string, width?: number, faces: readonly Typeface[] = [MAIN_FACE]): Uint8Array {
  return new (resvg().Resvg)(svg, renderOptions(faces, width)).render().asPng();
}

/**
 * The same, drawn and encoded on libuv's threads: a catalogue's share images on every core. resvg's own encoder
 * would take this thread 11 ms a picture; sharp's writes the same pixels in half the bytes.
 */
export async function drawnPng(svg: string, faces: readonly Typeface[]): Promise<Uint8Array> {
  const { pixels, width, height } = await resvg().renderAsync(svg, renderOptions(faces));
  const sharp = (await import("sharp")).default;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

function renderOptions(faces: readonly Typeface[], width?: number) {
  return {
    fitTo: width ? ({ mode: "width", value: width } as const) : ({ mode: "original" } as const),
    font: {
      loadSystemFonts: false,
      fontFiles: faces.flatMap((f) => [f.files.regular, f.files.semibold]),
      defaultFontFamily: MAIN_FACE.family,
    },
  };
}

/** A PNG stored whole in a one-image ICO (as every browser since 2009 reads it), for /favicon.ico. */
export function icoFromPng(png: Uint8Array, size: number): Uint8Array {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6); // width and height; 0 means 256
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the image starts
  return new Uint8Array(Buffer.concat([header, png]));
}

const gradientStops = (theme: Theme) =>
  `<stop offset="0" stop-color="${theme.violetLight}"/><stop offset=".55" stop-color="${theme.blueLight}"/><stop offset="1" stop-color="${theme.tealLight}"/>`;

/** The mark. `rounded` for the SVG favicon; square for the PNG icons, which phones mask to their own shape. */
export function iconSvg(theme: Theme, { rounded }: { rounded: boolean }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${gradientStops(theme)}</linearGradient></defs>` +
    `<rect width="64" height="64"${rounded ? ' rx="14"' : ""} fill="${theme.background}"/>` +
    `<path d="M9 32c3.6-11 7.3-11 11 0s7.4 11 11 0 7.4-11 11 0 7.4 11 11 0" fill="none" stroke="url(#g)" stroke-width="5" stroke-linecap="round"/>` +
    `</svg>`
  );
}

interface TextStyle {
  weight: 400 | 600;
  largest: number;
  smallest: number;
  step: number;
  lines: number;
  /** Baseline to baseline, in font sizes. */
  leading: number;
}

const MARGIN = 88;
const TEXT_WIDTH = SHARE_IMAGE.width - 2 * MARGIN;
const EYEBROW_BASELINE = 168;
const EYEBROW = { size: 26, weight: 600, tracking: 6 } as const;
/** The lowest a tagline's letters may reach: clear of the wave's crest (y 487). */
const TEXT_BOTTOM = 452;
const WAVE = { y: 520, end: MARGIN + 480 };
const BRAND: TextStyle = { weight: 600, largest: 112, smallest: 64, step: 4, lines: 2, leading: 1.08 };
const TAGLINE: TextStyle = { weight: 400, largest: 46, smallest: 32, step: 2, lines: 3, leading: 1.25 };
const HOST: TextStyle = { weight: 400, largest: 30, smallest: 22, step: 2, lines: 1, leading: 1 };

/** Where a text of the image comes from, so that a problem names the file (or variable) and the field. */
interface Source {
  field: string;
  source: string;
  text: string;
}

/** Every word the site's share image draws, with where it comes from: what a kept picture of it is known by. */
export function shareImageWords(site: SiteContent, sources: Record<string, string> = {}): Source[] {
  const from = (field: keyof SiteContent, text: string): Source => ({
    field,
    source: sources[field] ?? CONTENT_FILE,
    text,
  });
  return [
    {
      field: "shareImage.eyebrow",
      source: "src/content/frame.ts",
      text: frame.shareImage.eyebrow.toLocaleUpperCase("en"),
    },
    from("brand", site.brand),
    from("tagline", site.tagline),
    from("origin", new URL(site.origin).host),
  ];
}

/**
 * The picture shown when a page is shared. Each text takes the largest size at which it fits, wrapping and shrinking
 * down to a floor; text that cannot fit even then, or that no typeface here can draw, stops the build, naming it.
 */
export function shareImage(
  site: SiteContent,
  sources: Record<string, string>,
  theme: Theme,
  installed: (face: Typeface) => boolean = isInstalled,
): { svg: string; faces: Typeface[] } {
  const texts = shareImageWords(site, sources);
  const [eyebrow, brand, tagline, host] = texts as [Source, Source, Source, Source];

  const listed = (chars: readonly string[]) =>
    chars.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase()})`).join(", ");
  const problems = texts.flatMap(({ field, source, text }) => {
    const { toInstall, missing } = facesFor([text], installed);
    const messages = toInstall.map(
      ({ face, chars }) =>
        `has characters the share image draws with ${face.family}, which is not installed: ${listed(chars)}. Add it with \`npm install --save-dev ${face.pkg}@${face.version}\``,
    );
    if (missing.length > 0)
      messages.push(
        `has characters the share image has no typeface for: ${listed(missing)}. Add one that covers them to FALLBACK_FACES in scripts/static-build/media/fonts.ts, or write them otherwise`,
      );
    return messages.map((message) => ({ field, source, message }));
  });
  if (problems.length > 0) throw new ContentError(problems);
  const { faces } = facesFor(
    texts.map((t) => t.text),
    installed,
  );
  const measure = measurer();

  const layout = chooseLayout(brand, tagline, measure);
  if (measure(eyebrow.text, EYEBROW.size, EYEBROW.weight) + EYEBROW.tracking * eyebrow.text.length > TEXT_WIDTH) {
    throw new ContentError([
      {
        ...eyebrow,
        message: `is too long for the share image's top line (${eyebrow.text.length} characters in capitals): shorten it`,
      },
    ]);
  }
  const hostSize = sizes(HOST).find(
    (size) => measure(host.text, size, HOST.weight) <= SHARE_IMAGE.width - MARGIN - WAVE.end - 40,
  );
  if (hostSize === undefined) {
    throw new ContentError([
      {
        field: host.field,
        source: host.source,
        message: `has a host name too long for the share image, even at ${HOST.smallest} px: use a shorter domain`,
      },
    ]);
  }

  const { width, height } = SHARE_IMAGE;
  const orb = (id: string, color: string, opacity: number) =>
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    ${orb("violet", theme.violet, 0.6)}
    ${orb("teal", theme.teal, 0.45)}
    ${orb("rose", theme.rose, 0.3)}
    <linearGradient id="line" x1="0" y1="0" x2="1" y2="0">${gradientStops(theme)}</linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${theme.background}"/>
  <circle cx="1010" cy="90" r="430" fill="url(#violet)"/>
  <circle cx="760" cy="650" r="380" fill="url(#teal)"/>
  <circle cx="40" cy="260" r="320" fill="url(#rose)"/>
  ${svgLine(MARGIN, EYEBROW_BASELINE, EYEBROW.size, EYEBROW.weight, theme.tealLight, eyebrow.text, ` letter-spacing="${EYEBROW.tracking}"`)}
  ${layout.brand.lines.map((line, i) => svgLine(MARGIN, layout.brand.baselines[i]!, layout.brand.size, BRAND.weight, theme.text, line)).join("\n  ")}
  ${layout.tagline.lines.map((line, i) => svgLine(MARGIN, layout.tagline.baselines[i]!, layout.tagline.size, TAGLINE.weight, theme.muted, line)).join("\n  ")}
  <path d="M${MARGIN} ${WAVE.y}c40-44 80-44 120 0s80 44 120 0 80-44 120 0 80 44 120 0" fill="none" stroke="url(#line)" stroke-width="6" stroke-linecap="round"/>
  ${svgLine(width - MARGIN, WAVE.y + 12, hostSize, HOST.weight, theme.muted, host.text, ' text-anchor="end"')}
</svg>`;
  return { svg, faces };
}

const FIELD_TITLE: TextStyle = { weight: 600, largest: 80, smallest: 40, step: 4, lines: 4, leading: 1.08 };
const FIELD_TUNING: TextStyle = { ...TAGLINE, lines: 2 };
const FIELD_TEXT = { left: SHARE_IMAGE.height + 60, width: SHARE_IMAGE.width - SHARE_IMAGE.height - 60 - 56 } as const;

/**
 * A field page's share picture: its cover (a data: URL) filling the left square, the studio's name, the title in the
 * largest size that fits, the tuning. A title that cannot fit or be drawn stops the build, naming it.
 */
export function fieldShareImage(
  field: { title: string; tuning: string },
  at: string,
  site: SiteContent,
  cover: string,
  theme: Theme,
): { svg: string; faces: Typeface[] } {
  const title: Source = { field: `${at}.title`, source: CONTENT_FILE, text: field.title };
  const brand = site.brand.toLocaleUpperCase("en");
  const { toInstall, missing, faces } = facesFor([field.title, brand, field.tuning]);
  if (toInstall.length > 0 || missing.length > 0) {
    throw new ContentError([
      {
        ...title,
        message:
          "has characters the share image cannot draw with the typefaces installed here: see the site's share image for which to add",
      },
    ]);
  }
  const measure = measurer();
  /** The largest size at which the text wraps into the style's lines. */
  const fitted = (text: string, style: TextStyle) => {
    for (const size of sizes(style)) {
      const lines = wrap(text, size, style, measure, FIELD_TEXT.width);
      if (lines) return { size, lines };
    }
  };
  const placed = fitted(field.title, FIELD_TITLE);
  if (!placed)
    throw new ContentError([
      {
        ...title,
        message: `is too long for its page's share image (1200×630): even at ${FIELD_TITLE.smallest} px it does not fit on ${FIELD_TITLE.lines} lines. Shorten it`,
      },
    ]);
  const tuning = fitted(field.tuning, FIELD_TUNING) ?? { size: FIELD_TUNING.smallest, lines: [] };
  const { width, height } = SHARE_IMAGE;
  // The block centred in the height: the name, the title, the tuning.
  const block =
    26 +
    36 +
    placed.lines.length * placed.size * FIELD_TITLE.leading +
    20 +
    tuning.lines.length * tuning.size * FIELD_TUNING.leading;
  let y = (height - block) / 2 + 26;
  const text = (size: number, weight: number, fill: string, content: string, extra = "") =>
    svgLine(FIELD_TEXT.left, y, size, weight, fill, content, extra);
  const parts = [text(EYEBROW.size, EYEBROW.weight, theme.tealLight, brand, ` letter-spacing="${EYEBROW.tracking}"`)];
  y += 36;
  for (const line of placed.lines) {
    y += placed.size * FIELD_TITLE.leading * (parts.length === 1 ? 0.92 : 1);
    parts.push(text(placed.size, FIELD_TITLE.weight, theme.text, line));
  }
  y += 20;
  for (const line of tuning.lines) {
    y += tuning.size * FIELD_TUNING.leading;
    parts.push(text(tuning.size, FIELD_TUNING.weight, theme.muted, line));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${theme.background}"/>
  <image x="0" y="0" width="${height}" height="${height}" preserveAspectRatio="xMidYMid slice" xlink:href="${cover}"/>
  ${parts.join("\n  ")}
</svg>`;
  return { svg, faces };
}

/** The largest brand, then the largest tagline, that fit the space between the eyebrow and the wave. */
function chooseLayout(brand: Source, tagline: Source, measure: Measure) {
  let brandFits = false;
  for (const brandSize of sizes(BRAND)) {
    const brandLines = wrap(brand.text, brandSize, BRAND, measure);
    if (!brandLines) continue;
    brandFits = true;
    const brandBaselines = brandLines.map(
      (_, i) => EYEBROW_BASELINE + 30 + brandSize * 0.92 + i * brandSize * BRAND.leading,
    );
    for (const taglineSize of sizes(TAGLINE)) {
      const taglineLines = wrap(tagline.text, taglineSize, TAGLINE, measure);
      if (!taglineLines) continue;
      // Below the brand's descenders (a CJK face fills its whole em), then the tagline's own ascent.
      const first = brandBaselines.at(-1)! + brandSize * 0.28 + taglineSize * 1.15;
      const taglineBaselines = taglineLines.map((_, i) => first + i * taglineSize * TAGLINE.leading);
      if (taglineBaselines.at(-1)! + taglineSize * 0.3 > TEXT_BOTTOM) continue;
      return {
        brand: { size: brandSize, lines: brandLines, baselines: brandBaselines },
        tagline: { size: taglineSize, lines: taglineLines, baselines: taglineBaselines },
      };
    }
  }
  const [field, style] = brandFits ? [tagline, TAGLINE] : [brand, BRAND];
  throw new ContentError([
    {
      field: field.field,
      source: field.source,
      message: `is too long for the share image (1200×630): even at ${style.smallest} px it does not fit on ${style.lines} line${style.lines > 1 ? "s" : ""}${brandFits ? " under the brand" : ""}. Shorten it`,
    },
  ]);
}

const sizes = (style: TextStyle) =>
  Array.from({ length: (style.largest - style.smallest) / style.step + 1 }, (_, i) => style.largest - i * style.step);

type Measure = (text: string, size: number, weight: number) => number;

/**
 * Each run of a line in the typeface that draws it. In a line that mixes typefaces, resvg drops the whole line when EB
 * Garamond forms an f-ligature (fi, fl, ff…), so there a zero-width non-joiner after each "f" keeps them apart.
 */
function drawnRuns(text: string): { face: Typeface; letters: string }[] {
  const runs = runsByFace(text);
  return runs.map((run) => ({
    face: run.face,
    letters: runs.length > 1 && run.face === MAIN_FACE ? run.text.replace(/f(?=.)/g, "f\u200C") : run.text,
  }));
}

const svgText = (text: string) =>
  drawnRuns(text)
    .map((run) => `<tspan font-family="${run.face.family}">${escapeXml(run.letters)}</tspan>`)
    .join("");

const svgLine = (x: number, y: number, size: number, weight: number, fill: string, content: string, extra = "") =>
  `<text x="${x}" y="${Math.round(y)}" font-weight="${weight}" font-size="${size}" fill="${fill}"${extra}>${svgText(content)}</text>`;

/**
 * A line's width as drawnRuns draws it and fontkit lays it out: its glyphs' advances, kerned and joined. Laid out once
 * a text and weight (a width grows with the size alone), not once for each size the fitting tries.
 */
function measurer(): Measure {
  const known = new Map<string, number[]>();
  return (text, size, weight) => {
    const key = `${weight}:${text}`;
    let ems = known.get(key);
    if (ems === undefined) {
      ems = drawnRuns(text).map((run) => {
        const font = fontAt(weight >= 600 ? run.face.files.semibold : run.face.files.regular);
        return font.layout(run.letters).advanceWidth / font.unitsPerEm;
      });
      known.set(key, ems);
    }
    return ems.reduce((width, em) => width + em * size, 0);
  };
}

// Scripts written without spaces between words: lines may break between their words.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * The text in lines that fit the width at this size, or undefined if it needs more than the style allows (or one word
 * is too wide). Lines break at spaces, and between words in scripts without; punctuation stays with the word before.
 */
function wrap(
  text: string,
  size: number,
  style: TextStyle,
  measure: Measure,
  width = TEXT_WIDTH,
): string[] | undefined {
  const words: { text: string; spaced: boolean }[] = [];
  for (const [i, chunk] of text.trim().split(/\s+/).entries()) {
    const parts = UNSPACED.test(chunk) ? wordsOf(chunk) : [chunk];
    parts.forEach((part, j) => words.push({ text: part, spaced: i > 0 && j === 0 }));
  }
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    const joined = last === undefined ? undefined : `${last}${word.spaced ? " " : ""}${word.text}`;
    if (joined !== undefined && measure(joined, size, style.weight) <= width) lines[lines.length - 1] = joined;
    else if (measure(word.text, size, style.weight) <= width) lines.push(word.text);
    else return undefined;
    if (lines.length > style.lines) return undefined;
  }
  return lines;
}

function wordsOf(chunk: string): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(undefined, { granularity: "word" }).segment(chunk)) {
    if (isWordLike || words.length === 0) words.push(segment);
    else words[words.length - 1] += segment;
  }
  return words;
}
