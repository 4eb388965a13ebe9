import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { bundle as bundleCss, type Targets } from "lightningcss";
import { ROOT } from "./paths";

// The oldest browsers we lay out for (roughly the last three years of Chrome, Firefox and Safari). Newer
// syntax in styles/ (nesting, custom media) is compiled down to what these understand.
const CSS_TARGETS: Targets = { chrome: 111 << 16, firefox: 113 << 16, safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8) };

/** styles/site.css and everything it imports, as one minified stylesheet. */
export function buildCss(): Uint8Array {
  const { code, warnings } = bundleCss({
    filename: join(ROOT, "styles/site.css"),
    minify: true,
    drafts: { customMedia: true },
    targets: CSS_TARGETS,
  });
  if (warnings.length > 0) {
    const first = warnings[0]!;
    throw new Error(`styles: ${relative(ROOT, first.loc.filename)}:${first.loc.line}: ${first.message}`);
  }
  return code;
}

/** The custom properties declared in a stylesheet, with var() references to others resolved. */
function customProperties(file: string): Map<string, string> {
  const text = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const declared = new Map([...text.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
  const resolve = (value: string): string => value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => (declared.has(name) ? resolve(declared.get(name)!) : whole));
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
    if (!value || !/^#[0-9a-f]{3,8}$/i.test(value)) throw new Error(`styles/tokens.css: ${name} must be a hex colour; the icons and share image use it (got ${value})`);
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
