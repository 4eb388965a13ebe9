import * as esbuild from "esbuild";
import { ISLANDS_BUILD, plainTools, type AssetTools, type IslandsBundle } from "../build/assets";
import { buildStyles, stylesheetFor, theme, type StyleChunk } from "../build/styles";

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
 * draws it.
 */
export async function cachedTools(): Promise<CachedTools> {
  const islandsContext = await esbuild.context(ISLANDS_BUILD);
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

  const tools: AssetTools = {
    buildStyles: () => (styles ??= buildStyles()),
    bundleIslands: async () => {
      if (!islands) {
        islands = await islandsContext.rebuild();
        islandsInputs = new Set(Object.keys(islands.metafile.inputs));
      }
      return islands;
    },
    renderPng: (svg, width) => remember(`${width}:${svg}`, () => plainTools.renderPng(svg, width)),
    renderShareImage: (site, sources) =>
      remember(`share:${JSON.stringify([site.brand, site.tagline, site.origin, sources, theme()])}`, () => plainTools.renderShareImage(site, sources)),
  };

  return {
    tools,
    css: () => stylesheetFor(styles ?? [], undefined, { everything: true }),
    invalidate(changed) {
      if (changed.some((file) => file.startsWith("styles/"))) styles = undefined;
      if (changed.some((file) => islandsInputs.has(file))) islands = undefined;
    },
    sweep() {
      pictures = new Map([...pictures].filter(([key]) => used.has(key)));
      used = new Set();
    },
    dispose: () => islandsContext.dispose(),
  };
}
