import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as esbuild from "esbuild";
import { bundle as bundleCss, type Targets } from "lightningcss";
import type { PageAssets } from "../src/components/Document";

export const ROOT = join(import.meta.dirname, "..");
const ASSET_DIR = "assets";
const STATIC_DIR = join(ROOT, "src/static");

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

/** Bundles the stylesheet and the loader (both inlined in pages) and the islands (hashed files), in memory. */
export async function buildAssets(url: (path: string) => string): Promise<BuiltAssets> {
  const files = new Map<string, Uint8Array>();

  const css = buildCss();

  const js = await buildClient(url);
  for (const [file, bytes] of js.files) files.set(file, bytes);

  // Files whose URL must never change (the favicon), copied as they are.
  for (const name of readdirSync(STATIC_DIR).sort()) files.set(name, readFileSync(join(STATIC_DIR, name)));

  return {
    page: {
      css: new TextDecoder().decode(css),
      script: js.loader,
      icon: url("/favicon.svg"),
    },
    files,
  };
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
async function buildClient(url: (path: string) => string): Promise<{ loader: string; files: Map<string, Uint8Array> }> {
  const islands = await esbuild.build(ISLANDS_BUILD);
  const files = new Map<string, Uint8Array>();
  for (const out of islands.outputFiles) files.set(relative(ROOT, out.path), out.contents);
  const outputs = islands.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === ISLANDS_ENTRY);
  if (!entry) throw new Error(`esbuild produced no output for ${ISLANDS_ENTRY}`);
  // The entry and everything it imports without waiting: what first use will need.
  const modules = new Set([entry]);
  for (const file of modules) {
    for (const imported of outputs[file]!.imports) if (imported.kind === "import-statement") modules.add(imported.path);
  }

  const loader = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [LOADER_ENTRY],
    bundle: true,
    format: "iife",
    minify: true,
    target: JS_TARGET,
    define: { __ISLANDS__: JSON.stringify({ entry: url(`/${entry}`), modules: [...modules].map((m) => url(`/${m}`)) }) },
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return { loader: loader.outputFiles[0]!.text.trim(), files };
}
