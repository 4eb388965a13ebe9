import { createHash } from "node:crypto";
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
  /** What pages link to. */
  page: PageAssets;
  /** Every asset file, keyed by its path in the output folder. */
  files: Map<string, Uint8Array>;
}

/** Bundles the stylesheet and the client script into content-hashed files, in memory. */
export async function buildAssets(url: (path: string) => string): Promise<BuiltAssets> {
  const files = new Map<string, Uint8Array>();

  const css = buildCss();
  const cssFile = `${ASSET_DIR}/site-${contentHash(css)}.css`;
  files.set(cssFile, css);

  const js = await buildClient();
  for (const [file, bytes] of js.files) files.set(file, bytes);

  // Files whose URL must never change (the favicon), copied as they are.
  for (const name of readdirSync(STATIC_DIR).sort()) files.set(name, readFileSync(join(STATIC_DIR, name)));

  return {
    page: { stylesheets: [url(`/${cssFile}`)], scripts: [url(`/${js.entry}`)], icon: url("/favicon.svg") },
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

async function buildClient(): Promise<{ entry: string; files: Map<string, Uint8Array> }> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: "src/client/main.tsx" },
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
  });
  const files = new Map<string, Uint8Array>();
  for (const out of result.outputFiles) files.set(relative(ROOT, out.path), out.contents);
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === "src/client/main.tsx");
  if (!entry) throw new Error("esbuild produced no output for src/client/main.tsx");
  return { entry: entry[0], files };
}

function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 10);
}

