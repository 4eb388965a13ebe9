import { SiteHeader } from "../islands/SiteHeader";
import { hydrateIsland } from "./hydrate";

/** Hydrates every island on the page; resolves once all of them are live. */
export function hydrateIslands(): Promise<unknown> {
  return Promise.all([hydrateIsland("site-header", SiteHeader)]);
}
