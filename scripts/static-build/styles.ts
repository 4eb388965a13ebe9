import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Features, transform as transformCss, type CustomAtRules, type TokenOrValue, type Visitor } from "lightningcss";
import type { parseAst as ParseAst } from "rolldown/parseAst";
import { ROOT } from "../paths";
import { lightningcssTargets } from "./browsers";
import { CACHE_ROOT, cacheKey } from "./media/cache";
import { codeHash, keepMadeFrom, keptIfSame, now, sourceFiles } from "./media/code-hash";

export interface StyleChunk {
  file: string;
  layer: string;
  css: string;
  /** A component's stylesheet only: a page gets it only if it uses one of these, its selectors' first classes. */
  classes?: Iterable<string>;
  /** What `css` was compiled from (the custom media, then the file): a page's part is compiled again from it. */
  source?: string;
  /** Every class its selectors name: what decides which of a page's classes its part depends on. */
  named?: Iterable<string>;
}

/**
 * What the stylesheets compile to, kept while they, this code and lightningcss are as they were: a warm build loads
 * no lightningcss. `make` says which files it read.
 */
function keptCompiled<T>(name: string, make: () => { value: T; read: string[] }): T {
  const kept = join(CACHE_ROOT, "styles", `${cacheKey(name, codeHash(["scripts/static-build/styles.ts"]))}.json`);
  const known = keptIfSame<T>(kept, ROOT, [name]);
  if (known !== undefined) return known;
  const since = now();
  const { value, read } = make();
  keepMadeFrom(kept, ROOT, [name], read, ["lightningcss"], value, since);
  return value;
}

/** Every stylesheet styles/site.css imports, in order, kept apart so that a page inlines only its components. */
export function buildStyles(): StyleChunk[] {
  return keptCompiled("chunks", () => {
    const value = compiledStyles();
    return { value, read: ["styles/site.css", "styles/media.css", ...value.map((chunk) => chunk.file)] };
  });
}

function compiledStyles(): StyleChunk[] {
  const media = readFileSync(join(ROOT, "styles/media.css"), "utf8");
  const imports: { file: string; layer: string }[] = [];
  compile("styles/site.css", readFileSync(join(ROOT, "styles/site.css"), "utf8"), {
    Rule: {
      import: ({ value }) =>
        void imports.push({ file: value.url.replace(/^\.\//, ""), layer: value.layer?.join(".") ?? "" }),
    },
  });
  return imports
    .filter(({ file }) => file !== "media.css")
    .map(({ file, layer }) => {
      const path = join(ROOT, "styles", file);
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
      const { leading, named } = selectorClasses(path, css);
      const classes = file.startsWith("components/") ? leading : undefined;
      return { file: `styles/${file}`, layer, css, classes, named, source };
    });
}

/** A stylesheet compiled for the targets and minified; `visitor` may leave rules out. */
function compile(file: string, source: string, visitor?: Visitor<CustomAtRules>, { raw = false } = {}) {
  const { code, warnings } = transformCss({
    filename: file,
    code: Buffer.from(source),
    // Raw: as written, for a pass that only leaves rules out before the one that compiles (compiled twice, a prefixed
    // property would be prefixed again).
    minify: !raw,
    drafts: { customMedia: true },
    targets: raw ? undefined : lightningcssTargets,
    // :dir(rtl) stays as written: only right-to-left pages use it, and compiling it for the older targets spells
    // out every right-to-left language (half a kilobyte); a browser that lacks :dir() draws those rules left to right.
    // No light-dark() either: the site is dark only, and its stand-in custom properties went on every page.
    exclude: Features.DirSelector | Features.LightDark,
    visitor,
  });
  return { css: new TextDecoder().decode(code), warnings };
}

type Component = { type: string; name?: string; selectors?: Component[][] };

const classesOf = (selector: readonly Component[]): string[] =>
  selector.flatMap((part) => (part.type === "class" ? [part.name!] : (part.selectors ?? []).flatMap(classesOf)));

/** The first class of each selector (`.contact-card .actions` gives contact-card), and all classes named. */
function selectorClasses(file: string, css: string) {
  const leading = new Set<string>();
  const named = new Set<string>();
  compile(file, css, {
    Rule: {
      style: ({ value }) => {
        for (const selector of value.selectors as Component[][]) {
          const classes = classesOf(selector);
          if (classes[0]) leading.add(classes[0]);
          for (const name of classes) named.add(name);
        }
      },
    },
  });
  return { leading: [...leading], named: [...named] };
}

/** A browser does not wait for a stylesheet whose media does not match; inlined, these cost every page a kilobyte. */
const MEDIA_STYLESHEETS = { "print.css": "print", "forced-colors.css": "(forced-colors: active)" } as const;

export const mediaOf = (chunk: StyleChunk) =>
  MEDIA_STYLESHEETS[chunk.file.replace(/^styles\//, "") as keyof typeof MEDIA_STYLESHEETS];

/** One of MEDIA_STYLESHEETS on its own, in its layer (the page's stylesheet declares the layers' order). */
export const mediaStylesheet = (chunk: StyleChunk) => (chunk.layer ? `@layer ${chunk.layer}{${chunk.css}}` : chunk.css);

/**
 * The stylesheet a page inlines (`classes` undefined: every component, as the dev server swaps in). A rule is left out
 * when each of its selectors needs a class neither on the page nor one the scripts may add (`scripted`); of the design
 * tokens, only those something reads. The media stylesheets only with `everything` (the dev server's swap-in).
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
    css += chunk.file === TOKENS && !everything ? tokensReadBy(chunk, readers) : chunk.css;
  }
  return open ? `${css}}` : css;
}

type Made = WeakMap<StyleChunk, Map<string, string>>;

/** What `make` gives for a chunk and a key, worked out once: a site's pages ask for the same few again and again. */
function once(made: Made, chunk: StyleChunk, key: string, make: () => string): string {
  const known = made.get(chunk) ?? new Map<string, string>();
  made.set(chunk, known);
  if (!known.has(key)) known.set(key, make());
  return known.get(key)!;
}

const pruned: Made = new WeakMap();

/** Only a selector's own classes count: those inside :is(), :where(), :not() or :has() may be optional. */
function withoutRulesFor(chunk: StyleChunk, classes: ReadonlySet<string>): string {
  const { file, source } = chunk;
  if (source === undefined) return chunk.css;
  const named = chunk.named ?? selectorClasses(file, source).named;
  return once(pruned, chunk, [...named].filter((c) => classes.has(c)).join(" "), () => {
    const needed = (selector: Component[]) =>
      selector.every((part) => part.type !== "class" || classes.has(part.name!));
    const left = compile(
      file,
      source,
      { Rule: { style: (rule) => ((rule.value.selectors as Component[][]).some(needed) ? undefined : []) } },
      { raw: true },
    ).css;
    // Minified, the blocks left empty go.
    return compile(file, left).css;
  });
}

const TOKENS = "styles/tokens.css";

const varsIn = (tokens: readonly TokenOrValue[]): string[] =>
  tokens.flatMap((token) =>
    token.type === "var"
      ? [token.value.name.ident, ...varsIn(token.value.fallback ?? [])]
      : token.type === "function"
        ? varsIn(token.value.arguments)
        : [],
  );

const tokensKept: Made = new WeakMap();

/** The tokens' chunk with only the custom properties `css` reads, itself or through another token. */
function tokensReadBy(tokens: StyleChunk, css: string): string {
  return once(tokensKept, tokens, css, () => {
    const values = new Map<string, Set<string>>();
    const source = tokens.source ?? tokens.css;
    compile(TOKENS, source, {
      Declaration: { custom: (property) => void values.set(property.name, new Set(varsIn(property.value))) },
    });
    const read = new Set<string>();
    compile("page.css", css, { Variable: (variable) => void read.add(variable.name.ident) });
    // A Set visits what is added while it is iterated: the tokens read through others.
    for (const name of read) for (const next of values.get(name) ?? []) read.add(next);
    return compile(TOKENS, source, {
      Declaration: { custom: (property) => (read.has(property.name) ? undefined : []) },
    }).css;
  });
}

/**
 * The classes the page's scripts may add that its HTML need not have yet. Read from their source, so an island's
 * class must be written as a string: one made in code stops the build.
 */
export function clientClasses(
  parse: typeof ParseAst,
  sources: readonly [file: string, text: string][] = scriptSources(),
): Set<string> {
  const strings = new Set<string>();
  for (const [file, text] of sources) {
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(visit);
        return;
      }
      if (typeof node !== "object" || node === null) return;
      const { type, value, name, start } = node as Node;
      if (type === "Literal" && typeof value === "string") strings.add(value);
      if (type === "TemplateElement") strings.add((value as { cooked: string }).cooked);
      if (type === "JSXAttribute" && (name as Node).name === "className" && !literalOnly(value)) {
        const line = text.slice(0, start).split("\n").length;
        throw new Error(
          `${file}:${line}: a class made in code: write an island's classes as strings (a choice between them is fine), so that each page's stylesheet keeps the rules they need`,
        );
      }
      for (const child of Object.values(node)) visit(child);
    };
    visit(parse(text, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file));
  }
  return new Set(
    [...strings].flatMap((words) => words.split(/\s+/)).filter((word) => /^-?[_a-zA-Z][\w-]*$/.test(word)),
  );
}

type Node = { type: string; value?: unknown; name?: unknown; start: number; [key: string]: unknown };

/** Whether a class attribute's value is strings written out, or a choice between such (`open ? "a" : "b"`). */
function literalOnly(node: unknown): boolean {
  const { type, expression, consequent, alternate, right, expressions } = node as Node & Record<string, Node>;
  if (type === "Literal") return true;
  if (type === "JSXExpressionContainer") return literalOnly(expression);
  if (type === "ConditionalExpression") return literalOnly(consequent) && literalOnly(alternate);
  if (type === "LogicalExpression") return literalOnly(right);
  return type === "TemplateLiteral" && (expressions as unknown as unknown[]).length === 0;
}

const scriptFiles = () => ["src/client", "src/islands"].flatMap((dir) => sourceFiles(ROOT, dir));
const scriptSources = () =>
  scriptFiles().map((file): [string, string] => [file, readFileSync(join(ROOT, file), "utf8")]);

/** clientClasses, kept while the scripts are as they were (code-hash.ts): a warm build parses none of them. */
export async function scriptedClasses(): Promise<Set<string>> {
  const files = scriptFiles();
  const kept = join(CACHE_ROOT, "styles", `${cacheKey(files, codeHash(["scripts/static-build/styles.ts"]))}.json`);
  const known = keptIfSame<string[]>(kept, ROOT, files);
  if (known) return new Set(known);
  const since = now();
  const classes = clientClasses((await import("rolldown/parseAst")).parseAst);
  keepMadeFrom(kept, ROOT, files, files, [], [...classes], since);
  return classes;
}

/** The colours that leave the stylesheet (theme colour, manifest, icons, share image): it is their one source. */
export function theme() {
  const declared = new Map<string, TokenOrValue[]>();
  compile(TOKENS, readFileSync(join(ROOT, TOKENS), "utf8"), {
    Declaration: { custom: (property) => void declared.set(property.name, property.value) },
  });
  const byte = (n: number) => Math.round(n).toString(16).padStart(2, "0");
  const colour = (name: string, depth = 0): string | undefined => {
    const [token, ...more] = declared.get(name) ?? [];
    if (!token || more.length > 0 || depth > declared.size) return undefined;
    if (token.type === "var") return colour(token.value.name.ident, depth + 1);
    const rgb = token.type === "color" && typeof token.value === "object" ? token.value : undefined;
    if (rgb?.type !== "rgb") return undefined;
    const { r, g, b, alpha } = rgb;
    return `#${byte(r)}${byte(g)}${byte(b)}${alpha < 1 ? byte(alpha * 255) : ""}`;
  };
  const token = (name: string) => {
    const value = colour(name);
    if (!value) throw new Error(`styles/tokens.css: ${name} must be one colour; the icons and share image use it`);
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

/** theme(), kept as buildStyles is. Apart from it: the share images' code, which calls theme(), names them. */
export const keptTheme = (): Theme => keptCompiled("theme", () => ({ value: theme(), read: [TOKENS] }));
