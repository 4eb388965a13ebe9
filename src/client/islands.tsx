// NOTE: the bundle's entry, imported by the inline loader (loader.ts) on the visitor's first use of the page.
import { loadIsland, type IslandName } from "../islands/registry";
import { hydrateIsland } from "./hydrate";

/** A link to an answer should arrive at it open: the browser scrolls to a closed <details> but leaves it closed. */
function revealTarget() {
  const details =
    location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))?.closest("details");
  if (details) details.open = true;
}

export function hydrateIslands(): Promise<unknown> {
  revealTarget();
  addEventListener("hashchange", revealTarget);
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  return Promise.all(
    elements.map(async (element) => hydrateIsland(element, await loadIsland(element.dataset.island as IslandName))),
  );
}
