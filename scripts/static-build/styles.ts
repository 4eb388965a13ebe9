import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Features, transform as transformCss, type CustomAtRules, type Targets, type Visitor } from "lightningcss";
import { ROOT } from "../paths";
import { lightningcssTargets } from "./browsers";

// The oldest browsers we lay out for (roughly the last three years of Chrome, Firefox and Safari). Newer
// syntax in styles/ (nesting, custom media) is compiled down to what these understand.
const CSS_TARGETS: Targets = lightningcssTargets;

/** One stylesheet that styles/site.css imports, compiled on its own, with the class names its selectors use. */
export interface StyleChunk {
  file: string;
  layer: string;
  css: string;
  /**
   * Set for a component's stylesheet (styles/components/): a page gets it only if it uses one of these classes,
   * the first class of each of its selectors (a page without it has nothing any of them can match).
   */
  classes?: ReadonlySet<string>;
  /** What `css` was compiled from (the custom media, then the file): a page's part is compiled again from it. */
  source?: string;
}

/**
 * Every stylesheet styles/site.css imports, in its order, each compiled and minified by lightningcss (custom media
 * from styles/media.css resolved, nesting flattened for the targets). Kept apart so that each page can inline only
 * the components it has (`stylesheetFor`).
 */
export function buildStyles(): StyleChunk[] {
  const entry = readFileSync(join(ROOT, "styles/site.css"), "utf8");
  const media = readFileSync(join(ROOT, "styles/media.css"), "utf8");
  const imports = [...entry.matchAll(/@import\s+"\.\/([^"]+)"(?:\s+layer\((\w+)\))?;/g)].filter(
    ([, file]) => file !== "media.css",
  );
  return imports.map(([, file, layer]) => {
    const path = join(ROOT, "styles", file!);
    // The custom media, defined for this file's queries; the definitions themselves leave no output.
    const source = `${media}\n${readFileSync(path, "utf8")}`;
    // A line of the file, not of the code compiled.
    const at = (line: number) => `styles: ${relative(ROOT, path)}:${line - media.split("\n").length}`;
    let compiled: ReturnType<typeof compile>;
    try {
      compiled = compile(path, source);
    } catch (error) {
      const { loc, message } = error as { loc?: { line: number }; message: string };
      throw new Error(loc ? `${at(loc.line)}: ${message}` : `styles: ${relative(ROOT, path)}: ${message}`);
    }
    const { css, warnings } = compiled;
    if (warnings.length > 0) throw new Error(`${at(warnings[0]!.loc.line)}: ${warnings[0]!.message}`);
    const classes = file!.startsWith("components/") ? leadingClasses(css) : undefined;
    return { file: `styles/${file}`, layer: layer ?? "", css, classes, source };
  });
}

/** A stylesheet compiled for the targets and minified; `visitor` may leave rules out. */
function compile(file: string, source: string, visitor?: Visitor<CustomAtRules>) {
  const { code, warnings } = transformCss({
    filename: file,
    code: Buffer.from(source),
    minify: true,
    drafts: { customMedia: true },
    targets: CSS_TARGETS,
    // :dir(rtl) stays as written: only right-to-left pages use it, and compiling it for the older targets spells
    // out every right-to-left language (half a kilobyte); a browser that lacks :dir() draws those rules left to right.
    // No light-dark() either: the site is dark only, and its stand-in custom properties went on every page.
    exclude: Features.DirSelector | Features.LightDark,
    visitor,
  });
  return { css: new TextDecoder().decode(code), warnings };
}

/** The first class in each selector of compiled CSS: `.contact-card .actions` gives contact-card, not actions. */
function leadingClasses(css: string): Set<string> {
  const preludes = [...css.matchAll(/([^{};]+)\{/g)]
    .map((m) => m[1]!)
    .filter((prelude) => !prelude.trimStart().startsWith("@"));
  // Split at the commas between selectors, not those inside :is() or :where().
  const selectors = preludes.flatMap((prelude) => prelude.split(/,(?![^(]*\))/));
  return new Set(selectors.flatMap((selector) => selector.match(/\.(-?[_a-zA-Z][\w-]*)/)?.[1] ?? []));
}

/**
 * Stylesheets for a medium the screen never is, or a mode few visitors use, as files of their own with the media
 * they apply to: a browser does not wait for a stylesheet whose media does not match, so they cost the first
 * paint nothing, where inlined they would cost every page about a kilobyte.
 */
export const MEDIA_STYLESHEETS = { "print.css": "print", "forced-colors.css": "(forced-colors: active)" } as const;

/** Whether a chunk is one of MEDIA_STYLESHEETS, kept out of the inlined stylesheet. */
export const mediaOf = (chunk: StyleChunk) =>
  MEDIA_STYLESHEETS[chunk.file.replace(/^styles\//, "") as keyof typeof MEDIA_STYLESHEETS];

/** One of MEDIA_STYLESHEETS on its own, in its layer (the page's stylesheet declares the layers' order). */
export const mediaStylesheet = (chunk: StyleChunk) => (chunk.layer ? `@layer ${chunk.layer}{${chunk.css}}` : chunk.css);

/**
 * The stylesheet a page inlines: the layer order, then every chunk that is not a component's, and each component's
 * only when the page uses one of its classes (`classes` undefined: all of them, as the dev server swaps in). Within
 * those, a rule is left out when each of its selectors needs a class that is neither on the page nor one the scripts
 * may add (`scripted`: `clientClasses`), and of the design tokens, only those something reads. The media stylesheets
 * are not in it, unless `everything` is set (the dev server's swap-in).
 */
export function stylesheetFor(
  chunks: readonly StyleChunk[],
  classes?: ReadonlySet<string>,
  { everything = false, scripted = new Set<string>() } = {},
): string {
  const layers = [...new Set(chunks.map((c) => c.layer).filter(Boolean))];
  const possible = classes && new Set([...classes, ...scripted]);
  const included = chunks
    .filter(
      (chunk) =>
        (everything || !mediaOf(chunk)) &&
        !(classes && chunk.classes && ![...chunk.classes].some((c) => classes.has(c))),
    )
    .map((chunk) =>
      possible && chunk.file !== TOKENS && !mediaOf(chunk)
        ? { ...chunk, css: withoutRulesFor(chunk, possible) }
        : chunk,
    );
  // What the tokens must serve: the page's own rules, and the media stylesheets, which read the page's tokens.
  const readers = [...included, ...chunks.filter(mediaOf)]
    .filter((chunk) => chunk.file !== TOKENS)
    .map((chunk) => chunk.css)
    .join("");
  let css = `@layer ${layers.join(",")};`;
  let open = "";
  for (const chunk of included) {
    if (chunk.layer !== open) {
      if (open) css += "}";
      if (chunk.layer) css += `@layer ${chunk.layer}{`;
      open = chunk.layer;
    }
    css += chunk.file === TOKENS && !everything ? tokensReadBy(chunk.css, readers) : chunk.css;
  }
  return open ? `${css}}` : css;
}

/** Each chunk's CSS without the rules a set of classes cannot match, by the chunk and the classes it names. */
const pruned = new Map<string, string>();

/**
 * A chunk's CSS less every rule of which each selector needs a class that is not in `classes`. Only a selector's
 * own classes count: those inside :is(), :where(), :not() or :has() may be optional, so such a rule stays.
 */
function withoutRulesFor(chunk: StyleChunk, classes: ReadonlySet<string>): string {
  if (chunk.source === undefined) return chunk.css;
  const named = [...new Set([...chunk.source.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!))];
  const key = `${chunk.file}\0${chunk.source}\0${named
    .filter((c) => classes.has(c))
    .sort()
    .join(" ")}`;
  let css = pruned.get(key);
  if (css === undefined) {
    const needed = (selector: { type: string; name?: string }[]) =>
      selector.every((part) => part.type !== "class" || classes.has(part.name!));
    // A query or container block left empty goes too.
    css = compile(chunk.file, chunk.source, {
      Rule: { style: (rule) => (rule.value.selectors.some(needed) ? undefined : []) },
    }).css.replace(/@(media|container|supports)[^{}]*\{\}/g, "");
    pruned.set(key, css);
  }
  return css;
}

const TOKENS = "styles/tokens.css";
const reads = (css: string) => [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);

/** The tokens' chunk with only the custom properties `css` reads, itself or through another token. */
function tokensReadBy(tokens: string, css: string): string {
  const values = new Map([...tokens.matchAll(/(--[\w-]+):([^;}]*)/g)].map(([, name, value]) => [name!, value!]));
  const read = new Set(reads(css));
  // A Set visits what is added while it is iterated: the tokens read through others.
  for (const name of read) for (const next of reads(values.get(name) ?? "")) read.add(next);
  return tokens.replace(/(--[\w-]+):[^;}]*(;|(?=\}))/g, (declaration, name: string) =>
    read.has(name) ? declaration : "",
  );
}

/**
 * The classes the page's scripts may add that its HTML need not have yet: the loader's on <html>, and every class
 * an island names (one it renders only once something is played or copied). Read from their source, so an island's
 * class must be written as a string: one made in code stops the build.
 */
export function clientClasses(sources: readonly [file: string, text: string][] = scriptSources()): Set<string> {
  const named = sources.flatMap(([file, text]) => {
    const line = text.split("\n").findIndex((l) => l.includes("className={"));
    if (line >= 0)
      throw new Error(
        `${file}:${line + 1}: a class made in code (className={…}): write an island's classes as a string (className="…"), so that each page's stylesheet keeps the rules they need`,
      );
    return [...text.matchAll(/className="([^"]+)"|classList\.\w+\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2]!);
  });
  return new Set(named.flatMap((names) => names.split(/\s+/)));
}

/** The browser's code: the loader and the islands, each file's path and text. */
const scriptSources = () =>
  ["src/client", "src/islands"].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))
      .map((name): [string, string] => [`${dir}/${name}`, readFileSync(join(ROOT, dir, name), "utf8")]),
  );

/** The class names in a page's HTML. */
export const classesIn = (html: string): Set<string> =>
  new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));

/** The custom properties declared in a stylesheet, with var() references to others resolved. */
function customProperties(file: string): Map<string, string> {
  const text = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const declared = new Map(
    [...text.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]),
  );
  const resolve = (value: string): string =>
    value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) =>
      declared.has(name) ? resolve(declared.get(name)!) : whole,
    );
  return new Map([...declared].map(([name, value]) => [name, resolve(value)]));
}

/**
 * The colours that leave the stylesheet (the browser's theme colour, the web app manifest, the icons and the
 * share image), read from styles/tokens.css: the stylesheet is their one source.
 */
export function theme() {
  const tokens = customProperties("styles/tokens.css");
  const token = (name: string) => {
    const value = tokens.get(name);
    if (!value || !/^#[0-9a-f]{3,8}$/i.test(value))
      throw new Error(
        `styles/tokens.css: ${name} must be a hex colour; the icons and share image use it (got ${value})`,
      );
    return value;
  };
  return {
    background: token("--color-bg"),
    text: token("--color-text"),
    muted: token("--color-text-muted"),
    violet: token("--violet-500"),
    violetLight: token("--violet-300"),
    blueLight: token("--blue-300"),
    teal: token("--teal-500"),
    tealLight: token("--teal-300"),
    rose: token("--rose-500"),
  };
}

export type Theme = ReturnType<typeof theme>;

/** A custom media query from styles/media.css, by name ("--nav-wide" gives "(width >= 52rem)"). */
export function customMedia(name: string): string {
  const text = readFileSync(join(ROOT, "styles/media.css"), "utf8");
  const found = text.match(new RegExp(`@custom-media\\s+${name}\\s+([^;]+);`));
  if (!found) throw new Error(`styles/media.css has no @custom-media ${name}`);
  return found[1]!.trim();
}

/** The width in CSS pixels from which the top bar shows its links (a browser's default 16 px rem). */
export function navWideFrom(): number {
  const rem = customMedia("--nav-wide").match(/width\s*>=\s*([\d.]+)rem/);
  if (!rem) throw new Error("styles/media.css: --nav-wide must read (width >= <n>rem)");
  return Number(rem[1]) * 16;
}
