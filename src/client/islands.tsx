import { ISLAND_IDS } from "../islands/props";
import { SiteHeader } from "../islands/SiteHeader";
import { hydrateIsland } from "./hydrate";

/**
 * Hydrates every island on the page; resolves once all of them are live. The sample player is its own
 * chunk (sharing React with this one), fetched only by the pages that have it.
 */
export function hydrateIslands(): Promise<unknown> {
  const work: Promise<unknown>[] = [hydrateIsland(ISLAND_IDS.header, SiteHeader)];
  if (document.getElementById(ISLAND_IDS.sample)) work.push(import("./sample").then(({ hydrateSample }) => hydrateSample()));
  return Promise.all(work);
}
