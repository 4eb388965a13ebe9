import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";
import { fontkit } from "./font-metrics";

const require = createRequire(import.meta.url);

/** A typeface from the npm registry, as TrueType files by weight: the same files on every machine. */
export interface Typeface {
  family: string;
  pkg: string;
  version: string;
  /** The characters it is there for (a fallback's script); the main face draws what it has. */
  script?: RegExp;
  files: { regular: string; semibold: string };
}

/** Looked up when first asked for (a fallback's package is optional), then kept: share images ask per run of text. */
const typeface = (family: string, pkg: string, version: string, name: string, script?: RegExp): Typeface => {
  let found: Typeface["files"] | undefined;
  return {
    family,
    pkg: `@expo-google-fonts/${pkg}`,
    version,
    script,
    get files() {
      found ??= {
        regular: require.resolve(`@expo-google-fonts/${pkg}/400Regular/${name}_400Regular.ttf`),
        semibold: require.resolve(`@expo-google-fonts/${pkg}/600SemiBold/${name}_600SemiBold.ttf`),
      };
      return found;
    },
  };
};

export const MAIN_FACE = typeface("EB Garamond", "eb-garamond", "0.4.3", "EBGaramond");

/** Only the emoji is installed (the CJK faces are 55 to 92 MB): a script whose face is missing stops the build. */
export const FALLBACK_FACES: readonly Typeface[] = [
  typeface(
    "Noto Sans SC",
    "noto-sans-sc",
    "0.4.3",
    "NotoSansSC",
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u,
  ),
  typeface("Noto Sans KR", "noto-sans-kr", "0.4.3", "NotoSansKR", /\p{Script=Hangul}/u),
  typeface("Noto Sans Arabic", "noto-sans-arabic", "0.4.3", "NotoSansArabic", /\p{Script=Arabic}/u),
  typeface("Noto Sans Hebrew", "noto-sans-hebrew", "0.4.1", "NotoSansHebrew", /\p{Script=Hebrew}/u),
  typeface("Noto Sans Devanagari", "noto-sans-devanagari", "0.4.1", "NotoSansDevanagari", /\p{Script=Devanagari}/u),
  typeface("Noto Sans Thai", "noto-sans-thai", "0.4.2", "NotoSansThai", /\p{Script=Thai}/u),
  typeface("Noto Emoji", "noto-emoji", "0.4.7", "NotoEmoji", /\p{Extended_Pictographic}/u),
];

export function isInstalled(face: Typeface): boolean {
  try {
    void face.files;
    return true;
  } catch {
    return false;
  }
}

// Characters no face needs to draw: spaces, joiners and variation selectors inside emoji sequences.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the selectors are matched one code point at a time, on their own.
const NEEDS_NO_GLYPH = /[\s\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u;

function faceFor(char: string, installed: (face: Typeface) => boolean): { face?: Typeface; toInstall?: Typeface } {
  const code = char.codePointAt(0)!;
  if (covers(MAIN_FACE.files.regular, code)) return { face: MAIN_FACE };
  for (const face of FALLBACK_FACES.filter((f) => f.script!.test(char))) {
    if (!installed(face)) return { toInstall: face };
    if (covers(face.files.regular, code)) return { face };
  }
  return {};
}

export function facesFor(
  texts: readonly string[],
  installed: (face: Typeface) => boolean = isInstalled,
): { faces: Typeface[]; toInstall: { face: Typeface; chars: string[] }[]; missing: string[] } {
  const faces = new Set<Typeface>([MAIN_FACE]);
  const toInstall = new Map<Typeface, string[]>();
  const missing = new Set<string>();
  for (const char of new Set(texts.flatMap((text) => [...text]))) {
    if (NEEDS_NO_GLYPH.test(char)) continue;
    const found = faceFor(char, installed);
    if (found.face) faces.add(found.face);
    else if (found.toInstall) toInstall.set(found.toInstall, [...(toInstall.get(found.toInstall) ?? []), char]);
    else missing.add(char);
  }
  return {
    faces: [...faces],
    toInstall: [...toInstall].map(([face, chars]) => ({ face, chars })),
    missing: [...missing],
  };
}

/** Each run names its face: the renderer's fallback lost its place after a ligature (emoji after "fi": a box). */
export function runsByFace(text: string): { face: Typeface; text: string }[] {
  const runs: { face: Typeface; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    // A joiner or variation selector belongs to the emoji it shapes; a space is the main face's (an emoji
    // face's space is as wide as an emoji).
    const face = /\s/.test(char)
      ? MAIN_FACE
      : NEEDS_NO_GLYPH.test(char)
        ? (last?.face ?? MAIN_FACE)
        : (faceFor(char, isInstalled).face ?? MAIN_FACE);
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

const opened = new Map<string, Fontkit.Font>();

export function fontAt(file: string): Fontkit.Font {
  if (!opened.has(file)) {
    const read = fontkit().openSync(file);
    // A collection's first face: the face a file of one family and weight holds.
    opened.set(file, "fonts" in read ? read.fonts[0]! : read);
  }
  return opened.get(file)!;
}

const covers = (file: string, code: number) => fontAt(file).hasGlyphForCodePoint(code);
