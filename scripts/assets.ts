import { createHash } from "node:crypto";
import { join, relative } from "node:path";
import * as esbuild from "esbuild";
import { bundle as bundleCss, type Targets } from "lightningcss";
import type { PageAssets } from "../src/components/Document";
import type { SiteContent } from "../src/content/types";
import { ISLAND_IDS } from "../src/islands/props";
import type { SiteUrls } from "../src/lib/routes";
import { iconSvg, renderPng, SHARE_IMAGE, shareImage } from "./images";
import { ROOT } from "./paths";
import { ICONS, webManifest } from "./site-files";

const ASSET_DIR = "assets";

// The oldest browsers we lay out for (roughly the last three years of Chrome, Firefox and Safari). Newer
// syntax in styles/ (nesting, custom media) is compiled down to what these understand.
const CSS_TARGETS: Targets = { chrome: 111 << 16, firefox: 113 << 16, safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8) };
const JS_TARGET = ["chrome111", "firefox113", "safari16.4"];

export interface BuiltAssets {
  /** What pages embed and link to. */
  page: PageAssets;
  /** Every asset file, keyed by its path in the output folder. */
  files: Map<string, Uint8Array>;
}

/**
 * The expensive steps, replaceable: the dev server passes versions that remember their last result (an
 * incremental esbuild context, the CSS until a stylesheet changes, each rendered PNG) so a rebuild redoes
 * only what changed. A one-off build uses the plain ones.
 */
export interface AssetTools {
  buildCss(): Uint8Array;
  bundleIslands(): Promise<IslandsBundle>;
  renderPng(svg: string, width?: number): Uint8Array;
  /** The share image for this content (sources: where overridden fields came from, for errors). */
  renderShareImage(site: SiteContent, sources: Record<string, string>): Uint8Array;
}

export type IslandsBundle = esbuild.BuildResult<typeof ISLANDS_BUILD>;

export const plainTools: AssetTools = {
  buildCss,
  bundleIslands: () => esbuild.build(ISLANDS_BUILD),
  renderPng,
  renderShareImage: (site, sources) => {
    const { svg, faces } = shareImage(site, sources);
    return renderPng(svg, undefined, faces);
  },
};

/**
 * Everything pages use besides their own HTML, in memory: the stylesheet and the loader (both inlined),
 * the islands (hashed files), the icons and manifest (at fixed addresses, where browsers look for them)
 * and the share image (hashed, so a changed picture is a new URL to social networks' caches).
 */
export async function buildAssets(
  site: SiteContent,
  urls: SiteUrls,
  tools: AssetTools = plainTools,
  sources: Record<string, string> = {},
): Promise<BuiltAssets> {
  const { renderPng } = tools;
  const files = new Map<string, Uint8Array>();
  const text = (value: string) => new TextEncoder().encode(value);

  const css = tools.buildCss();

  const js = await buildClient(urls.path, await tools.bundleIslands());
  for (const [file, bytes] of js.files) files.set(file, bytes);

  files.set(ICONS.svg.slice(1), text(iconSvg({ rounded: true })));
  files.set(ICONS.appleTouch.slice(1), renderPng(iconSvg({ rounded: false }), 180));
  for (const icon of ICONS.png) files.set(icon.path.slice(1), renderPng(iconSvg({ rounded: false }), icon.size));
  files.set("site.webmanifest", text(webManifest(site, urls)));

  const share = tools.renderShareImage(site, sources);
  const sharePath = `/${ASSET_DIR}/share-${contentHash(share)}.png`;
  files.set(sharePath.slice(1), share);

  return {
    page: {
      css: new TextDecoder().decode(css),
      script: js.loader,
      icons: { svg: ICONS.svg, appleTouch: ICONS.appleTouch },
      manifest: "/site.webmanifest",
      shareImage: { path: sharePath, ...SHARE_IMAGE },
    },
    files,
  };
}

function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 10);
}

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

const ISLANDS_ENTRY = "src/client/islands.tsx";
/** Islands that are chunks of their own, loaded only by pages that have them: element id to source module. */
const ISLAND_CHUNKS: Record<string, string> = { [ISLAND_IDS.sample]: "src/client/sample.tsx" };
const LOADER_ENTRY = "src/client/loader.ts";

/** esbuild settings for the islands (React and the interactive components); budget.test.ts reuses them. */
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
  target: JS_TARGET,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  metafile: true,
  write: false,
  logLevel: "silent",
} satisfies esbuild.BuildOptions;

/**
 * The islands bundle (content-hashed files, React shared between them) and the small loader that is inlined
 * in every page, with the islands' URLs compiled into it.
 */
async function buildClient(url: (path: string) => string, islands: IslandsBundle): Promise<{ loader: string; files: Map<string, Uint8Array> }> {
  const files = new Map<string, Uint8Array>();
  for (const out of islands.outputFiles) files.set(relative(ROOT, out.path), out.contents);
  const outputs = islands.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === ISLANDS_ENTRY);
  if (!entry) throw new Error(`esbuild produced no output for ${ISLANDS_ENTRY}`);
  // A module and everything it imports without waiting: what running it will need.
  const withImports = (start: string) => {
    const modules = new Set([start]);
    for (const file of modules) {
      for (const imported of outputs[file]!.imports) if (imported.kind === "import-statement") modules.add(imported.path);
    }
    return modules;
  };
  const modules = withImports(entry);
  const byIsland = Object.fromEntries(
    Object.entries(ISLAND_CHUNKS).map(([id, source]) => {
      const chunk = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === source);
      if (!chunk) throw new Error(`esbuild produced no chunk for ${source}`);
      return [id, [...withImports(chunk)].filter((m) => !modules.has(m)).map((m) => url(`/${m}`))];
    }),
  );

  const loader = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [LOADER_ENTRY],
    bundle: true,
    format: "iife",
    minify: true,
    target: JS_TARGET,
    define: { __ISLANDS__: JSON.stringify({ entry: url(`/${entry}`), modules: [...modules].map((m) => url(`/${m}`)), byIsland }) },
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return { loader: loader.outputFiles[0]!.text.trim(), files };
}
