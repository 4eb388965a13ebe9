// NOTE: the bundle's entry, imported by the inline loader (loader.ts) on the visitor's first use of the page.
import { loadIsland, type IslandName } from "../islands/registry";
import { hydrateIsland } from "./hydrate";

/** Hydrates every island on the page, each from its own chunk; resolves once all of them are live. */
export function hydrateIslands(): Promise<unknown> {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  return Promise.all(elements.map(async (element) => hydrateIsland(element, await loadIsland(element.dataset.island as IslandName))));
}
