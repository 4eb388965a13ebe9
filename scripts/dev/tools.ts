import type * as BuildModule from "../build";
import type { StyleChunk } from "../static-build/styles";

/**
 * The stylesheets, kept until a stylesheet or the build's code changes, compiled by the build code last loaded
 * (`current`). The build's own cache keeps the rest, for the dev server's builds too.
 */
export function cachedTools(current: () => typeof BuildModule) {
  let styles: StyleChunk[] | undefined;
  return {
    tools: { buildStyles: () => (styles ??= current().buildStyles()) },
    /** The stylesheet the last build made, every component's styles in it (what an open page swaps in). */
    css: () => current().stylesheetFor(styles ?? [], undefined, { everything: true }),
    invalidate(changed: readonly string[]) {
      if (changed.some((file) => file.startsWith("scripts/") || file.startsWith("styles/"))) styles = undefined;
    },
  };
}
