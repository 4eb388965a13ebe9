import { SiteHeader } from "../islands/SiteHeader";
import { hydrateIsland } from "./hydrate";

hydrateIsland("site-header", SiteHeader);
