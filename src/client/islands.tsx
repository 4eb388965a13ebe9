// NOTE: the bundle's entry, imported by the inline loader (loader.ts) on the visitor's first use of the page.
import { loadIsland, type IslandName } from "../islands/registry";
import { hydrateIsland } from "./hydrate";

/**
 * A link to an answer (/products/#refunds) should arrive at it open: the browser scrolls to a closed <details>
 * but leaves it closed. Done once the page is in use (a page opened at a #section is in use at once), and for
 * every later jump within the page.
 */
function revealTarget() {
  const details =
    location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))?.closest("details");
  if (details) details.open = true;
}

/** Hydrates every island on the page, each from its own chunk; resolves once all of them are live. */
export function hydrateIslands(): Promise<unknown> {
  revealTarget();
  addEventListener("hashchange", revealTarget);
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  return Promise.all(
    elements.map(async (element) => hydrateIsland(element, await loadIsland(element.dataset.island as IslandName))),
  );
}
