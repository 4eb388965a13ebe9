import type * as BuildModule from "../build";
import type { AssetTools } from "../static-build/assets";
import type { StyleChunk } from "../static-build/styles";

export interface CachedTools {
  tools: AssetTools;
  /** The stylesheet the last build made, every component's styles in it (what an open page swaps in). */
  css(): string;
  invalidate(changed: readonly string[]): void;
}

/**
 * The stylesheets, kept until a stylesheet or the build's code changes, compiled by the build code last loaded
 * (`current`). The build's own cache keeps the rest, for the dev server's builds too.
 */
export function cachedTools(current: () => typeof BuildModule): CachedTools {
  let styles: StyleChunk[] | undefined;
  return {
    tools: { buildStyles: () => (styles ??= current().buildStyles()) },
    css: () => current().stylesheetFor(styles ?? [], undefined, { everything: true }),
    invalidate(changed) {
      if (changed.some((file) => file.startsWith("scripts/") || file.startsWith("styles/"))) styles = undefined;
    },
  };
}
