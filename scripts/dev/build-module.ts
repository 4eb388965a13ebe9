import { createRequire, SourceMap } from "node:module";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import * as esbuild from "esbuild";
import type * as BuildModule from "../build";
import { ROOT } from "../paths";

/** Where the bundled build code runs from, as far as stacks and the source map are concerned (never written). */
export const BUNDLE_FILE = join(ROOT, "scripts/.dev-build.cjs");

export interface LoadedBuild {
  module: typeof BuildModule;
  map: SourceMap;
}

/**
 * The build code, bundled by an incremental esbuild context and evaluated as a new function each time (not a new
 * import, so nothing piles up in Node's module cache). Packages stay outside the bundle: React, esbuild,
 * lightningcss and resvg are shared with this process.
 */
export async function buildLoader() {
  const context = await esbuild.context({
    absWorkingDir: ROOT,
    entryPoints: ["scripts/build.ts"],
    outfile: relative(ROOT, BUNDLE_FILE),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    jsx: "automatic",
    packages: "external",
    // Evaluated as a function, where Node has no import(): a package the build loads on first use is required.
    supported: { "dynamic-import": false },
    sourcemap: "external",
    write: false,
    logLevel: "silent",
    // The bundle is one file standing in for many: give them the module location they expect.
    define: {
      "import.meta.url": JSON.stringify(pathToFileURL(join(ROOT, "scripts/build.ts")).href),
      "import.meta.dirname": JSON.stringify(join(ROOT, "scripts")),
    },
  });
  return {
    /** scripts/build.ts and everything it imports (pages, content, components), bundled and evaluated afresh. */
    async load(): Promise<LoadedBuild> {
      const result = await context.rebuild();
      const code = result.outputFiles.find((f) => f.path.endsWith(".cjs"))!.text;
      const map = new SourceMap(JSON.parse(result.outputFiles.find((f) => f.path.endsWith(".map"))!.text));
      const holder = { exports: {} };
      const run = vm.compileFunction(code, ["exports", "require", "module"], { filename: BUNDLE_FILE });
      run(holder.exports, createRequire(join(ROOT, "scripts/build.ts")), holder);
      return { module: holder.exports as typeof BuildModule, map };
    },
    dispose: () => context.dispose(),
  };
}
