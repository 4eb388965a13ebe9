import * as esbuild from "esbuild";
import type * as BuildModule from "../build";
import type { AssetTools, IslandsBundle } from "../static-build/assets";
import type { StyleChunk } from "../static-build/styles";

export interface CachedTools {
  tools: AssetTools;
  /** The stylesheet the last build made, every component's styles in it (what an open page swaps in). */
  css(): string;
  /** Marks what these changed files feed as stale: the CSS, the islands bundle. */
  invalidate(changed: readonly string[]): void;
  /** After a build: forgets the pictures it did not use. */
  sweep(): void;
  dispose(): Promise<void>;
}

/**
 * The build's expensive steps, remembered between rebuilds: the CSS until a stylesheet changes, the islands
 * bundle (an incremental esbuild context) until one of its inputs changes, and each PNG until a build no longer
 * draws it. Each step is the one in the build code last loaded (`current`), so a saved build module is used at once;
 * a change to the build's code starts the islands' context afresh, from its options as they now are.
 */
export function cachedTools(current: () => typeof BuildModule): CachedTools {
  let islandsContext: Promise<esbuild.BuildContext<typeof BuildModule.ISLANDS_BUILD>> | undefined;
  let styles: StyleChunk[] | undefined;
  let islands: IslandsBundle | undefined;
  let islandsInputs = new Set<string>();
  let pictures = new Map<string, Uint8Array>();
  let used = new Set<string>();
  const remember = (key: string, draw: () => Uint8Array) => {
    used.add(key);
    const picture = pictures.get(key) ?? draw();
    pictures.set(key, picture);
    return picture;
  };
  const dropIslandsContext = () => {
    void islandsContext?.then((context) => context.dispose());
    islandsContext = undefined;
    islands = undefined;
  };

  const tools: AssetTools = {
    buildStyles: () => (styles ??= current().buildStyles()),
    bundleIslands: async () => {
      if (!islands) {
        islandsContext ??= esbuild.context(current().ISLANDS_BUILD);
        islands = await (await islandsContext).rebuild();
        islandsInputs = new Set(Object.keys(islands.metafile.inputs));
      }
      return islands;
    },
    renderPng: (svg, width) => remember(`${width}:${svg}`, () => current().plainTools.renderPng(svg, width)),
    // Known by every word it draws (frame.ts' among them), where each comes from, and the theme.
    renderShareImage: (site, sources) =>
      remember(`share:${JSON.stringify([current().shareImageWords(site, sources), current().theme()])}`, () =>
        current().plainTools.renderShareImage(site, sources),
      ),
  };

  return {
    tools,
    css: () => current().stylesheetFor(styles ?? [], undefined, { everything: true }),
    invalidate(changed) {
      const buildCode = changed.some((file) => file.startsWith("scripts/"));
      // The build's code may compile the stylesheets or draw the pictures differently now.
      if (buildCode || changed.some((file) => file.startsWith("styles/"))) styles = undefined;
      if (buildCode) pictures = new Map();
      if (buildCode) dropIslandsContext();
      else if (changed.some((file) => islandsInputs.has(file))) islands = undefined;
    },
    sweep() {
      pictures = new Map([...pictures].filter(([key]) => used.has(key)));
      used = new Set();
    },
    dispose: async () => {
      await (await islandsContext)?.dispose();
    },
  };
}
