import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type * as esbuild from "esbuild";
import { frame } from "../../src/content/frame";
import type { SiteContent } from "../../src/content/types";
import { islands, type IslandName } from "../../src/islands/registry";
import { SHARE_IMAGE, type LaterLink, type PageAssets } from "../../src/lib/page";
import type { SiteUrls } from "../../src/lib/routes";
import { ASSET_DIR, assetPath } from "./asset-path";
import { esbuildTargets } from "./browsers";
import { drawingCode, icoFromPng, iconSvg, renderPng, shareImage, shareImageWords } from "./media/images";
import { CACHE_ROOT, cache, cacheKey } from "./media/cache";
import { codeHash, keepMadeFrom, keptIfSame, now, packageVersion } from "./media/code-hash";
import { ROOT } from "../paths";
import { ICONS, MANIFEST, webManifest } from "./site-files";
import {
  buildStyles,
  mediaOf,
  mediaStylesheet,
  scriptedClasses,
  stylesheetFor,
  keptTheme,
  type StyleChunk,
  type Theme,
} from "./styles";
import { headlineRule, widthIn } from "./media/headline";
import { brandFace, buildWebFonts, fontFaceCss } from "./media/web-fonts";

export interface BuiltAssets {
  page: PageAssets;
  /** Keyed by its path in the output folder. */
  files: Map<string, Uint8Array>;
  /** The stylesheet's colours, which the covers and share images are drawn in too. */
  colours: Theme;
}

/** The dev server passes a version that remembers the stylesheets until one changes; the cache keeps the rest. */
export interface AssetTools {
  buildStyles(): StyleChunk[];
}

/** Icons and manifest at fixed addresses, where browsers look; the share image hashed, a new URL to social caches. */
export async function buildAssets(
  site: SiteContent,
  urls: SiteUrls,
  tools: AssetTools = { buildStyles },
  sources: Record<string, string> = {},
): Promise<BuiltAssets> {
  const files = new Map<string, Uint8Array>();
  const text = (value: string) => new TextEncoder().encode(value);
  const colours = keptTheme();
  // Each picture kept in the cache by all it draws and the code that draws it: a warm build draws none.
  const kept = cache("share");
  const code = drawingCode();
  const picture = (what: unknown, draw: () => Uint8Array) => kept.through(`${cacheKey(what, code)}.png`, draw);
  const iconPng = (rounded: boolean, size: number) =>
    picture([colours, rounded, size], () => renderPng(iconSvg(colours, { rounded }), size));

  const fonts = await buildWebFonts();
  for (const font of fonts) files.set(font.path.slice(1), font.bytes);
  const styles = tools.buildStyles();
  const scripted = await scriptedClasses();
  const face = await brandFace();
  const fontFaces = fontFaceCss(fonts, urls.path, face);
  const brandWidth = widthIn(face);

  files.set(ICONS.svg.slice(1), text(iconSvg(colours, { rounded: true })));
  files.set(ICONS.ico.path.slice(1), icoFromPng(await iconPng(true, ICONS.ico.size), ICONS.ico.size));
  files.set(ICONS.appleTouch.slice(1), await iconPng(false, 180));
  for (const { path, size } of ICONS.png) files.set(path.slice(1), await iconPng(false, size));
  files.set(MANIFEST.slice(1), text(webManifest(site, urls, colours)));

  const stylesheets = styles.flatMap((chunk): LaterLink[] => {
    const media = mediaOf(chunk);
    if (!media) return [];
    const css = text(mediaStylesheet(chunk));
    const path = assetPath(chunk.file.replace(/^styles\/|\.css$/g, ""), "css", css);
    files.set(path.slice(1), css);
    return [{ rel: "stylesheet", href: path, media }];
  });
  const icon: LaterLink = { rel: "icon", href: ICONS.svg, type: "image/svg+xml" };
  const atRoot = urls.path("/") === "/";
  const afterPaint: LaterLink[] = [...(atRoot ? [icon] : []), { rel: "manifest", href: MANIFEST }, ...stylesheets];

  const core = fonts.find((font) => font.subset === "core")!;
  const islandsBuild = await keptBuild(ISLANDS_BUILD);
  for (const out of islandsBuild.outputs) files.set(relative(ROOT, out.path), text(out.text));
  const loader = await buildClient(urls.path, islandsBuild, urls.path(core.path), afterPaint);

  const words = shareImageWords(site, sources).map((source) => source.text);
  const share = await picture([words, colours], () => {
    const { svg, faces } = shareImage(site, sources, colours);
    return renderPng(svg, undefined, faces);
  });
  const sharePath = assetPath("share", "png", share);
  files.set(sharePath.slice(1), share);

  // Kept by the stylesheets and the page's classes (pages alike share one): a warm build compiles no CSS.
  const keptCss = cache("styles");
  const sheets = cacheKey(
    styles.map((chunk) => [chunk.file, chunk.layer, chunk.css]),
    [...scripted].sort(),
    codeHash(["scripts/static-build/styles.ts"]),
  );
  // And by this build, once read: a catalogue's field pages all have the same classes.
  const read = new Map<string, string>();
  const stylesheet = (classes: ReadonlySet<string>) => {
    const sorted = [...classes].sort();
    const key = sorted.join(" ");
    let css = read.get(key);
    if (css !== undefined) return css;
    const name = `${cacheKey(sheets, sorted)}.css`;
    const known = keptCss.readNow(name);
    // An empty entry is a damaged one: no page's stylesheet is empty.
    if (known?.length) css = new TextDecoder().decode(known);
    else {
      css = stylesheetFor(styles, classes, { scripted });
      void keptCss.write(name, css);
    }
    read.set(key, css);
    return css;
  };

  return {
    page: {
      css: (classes, headline) =>
        stylesheet(classes) + fontFaces + (headline ? headlineRule(headline, brandWidth) : ""),
      script: loader,
      themeColor: colours.background,
      appleTouchIcon: ICONS.appleTouch,
      icon: atRoot ? null : icon,
      afterPaint,
      shareImage: { path: sharePath, ...SHARE_IMAGE },
    },
    files,
    colours,
  };
}

const ISLANDS_ENTRY = "src/client/islands.tsx";
const LOADER_ENTRY = "src/client/loader.ts";
export const islandModule = (name: IslandName) => `src/islands/${name}.tsx`;

/** budget.test.ts reuses these. */
export const ISLANDS_BUILD = {
  absWorkingDir: ROOT,
  entryPoints: { islands: ISLANDS_ENTRY },
  outdir: ASSET_DIR,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: esbuildTargets,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  metafile: true,
  write: false,
  logLevel: "silent",
} satisfies esbuild.BuildOptions;

const TSCONFIGS = ["tsconfig.json", "src/tsconfig.json", "src/client/tsconfig.json", "src/islands/tsconfig.json"];

interface KeptBuild {
  outputs: { path: string; text: string }[];
  metafile: esbuild.Metafile;
}

/** Taken again while every file it read is as it was (code-hash.ts): a warm build starts no esbuild. */
export async function keptBuild(
  options: Omit<esbuild.BuildOptions, "plugins"> & { metafile: true; entryPoints: object; absWorkingDir: string },
  cacheRoot = CACHE_ROOT,
): Promise<KeptBuild> {
  const kept = join(cacheRoot, "esbuild", `${cacheKey(options, packageVersion(ROOT, "esbuild"))}.json`);
  const [root, entries] = [options.absWorkingDir, Object.values(options.entryPoints) as string[]];
  const known = keptIfSame<KeptBuild>(kept, root, entries);
  if (known) return known;
  const since = now();
  const made = await (await import("esbuild")).build({ ...options, write: false });
  const bundle = { outputs: made.outputFiles!.map(({ path, text }) => ({ path, text })), metafile: made.metafile! };
  // What esbuild read besides the modules: the TypeScript settings of each folder. Not a define's value ("<define:X>"),
  // which it lists among its inputs: that is in the options, and so in the key.
  const modules = Object.keys(bundle.metafile.inputs).filter((input) => !input.startsWith("<define:"));
  const read = [...modules, ...TSCONFIGS.filter((file) => existsSync(join(root, file)))];
  keepMadeFrom(kept, root, entries, read, [], bundle, since);
  return bundle;
}

/** The loader inlined in every page, with the URLs each island needs in the islands bundle compiled into it. */
async function buildClient(
  url: (path: string) => string,
  bundle: KeptBuild,
  font: string,
  afterPaint: readonly LaterLink[],
): Promise<string> {
  const outputs = bundle.metafile.outputs;
  const outputFor = (source: string) => Object.keys(outputs).find((file) => outputs[file]!.entryPoint === source);
  const entry = outputFor(ISLANDS_ENTRY);
  if (!entry) throw new Error(`esbuild produced no output for ${ISLANDS_ENTRY}`);
  const withImports = (start: string) => {
    const modules = new Set([start]);
    for (const file of modules) {
      for (const imported of outputs[file]!.imports)
        if (imported.kind === "import-statement") modules.add(imported.path);
    }
    return modules;
  };
  const modules = withImports(entry);
  const byIsland = Object.fromEntries(
    (Object.keys(islands) as IslandName[]).map((name) => {
      const chunk = outputFor(islandModule(name));
      if (!chunk)
        throw new Error(
          `esbuild produced no chunk for the island ${name} (${islandModule(name)}, listed in src/islands/registry.ts)`,
        );
      return [name, [...withImports(chunk)].filter((m) => !modules.has(m)).map((m) => url(`/${m}`))];
    }),
  );

  const loader = await keptBuild({
    absWorkingDir: ROOT,
    entryPoints: [LOADER_ENTRY],
    metafile: true,
    bundle: true,
    format: "iife",
    // Not "use strict": the loader is checked as strict TypeScript, and the directive would cost every page 13 bytes.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    minify: true,
    target: esbuildTargets,
    define: {
      __ISLANDS__: JSON.stringify({
        entry: url(`/${entry}`),
        modules: [...modules].map((m) => url(`/${m}`)),
        byIsland,
      }),
      __FONT__: JSON.stringify(font),
      __CHANGED__: JSON.stringify(frame.pageChanged),
      __AFTER_PAINT__: JSON.stringify(afterPaint.map((link) => ({ ...link, href: url(link.href) }))),
    },
    legalComments: "none",
    logLevel: "silent",
  });
  return loader.outputs[0]!.text.trim();
}
