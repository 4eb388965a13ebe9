import type { ComponentType } from "react";
import type { RenderedIsland } from "../components/Island";
import type { SiteContent } from "../content/types";
import type { SiteUrls } from "../lib/routes";

export interface PageMeta {
  /** The route, in its one canonical form: "/" or "/about/". */
  path: string;
  /** The page's own part of <title>; the brand is added by Document. */
  title: string;
  /** The meta description: 50 to 160 characters, written for this page. */
  description: string;
  /** Present when the page appears in the top bar, in ascending order. */
  nav?: { label: string; order: number };
  /** Pages that must stay out of search results (the 404 page). */
  noindex?: boolean;
}

export interface PageProps {
  site: SiteContent;
  /** Turns a site path into the URL to write in the page (adds the base path). */
  url: (path: string) => string;
  /** Interactive parts, rendered beforehand (a React render cannot start another inside itself). */
  islands: { sample: RenderedIsland };
}

export interface PageModule {
  meta: PageMeta;
  Page: ComponentType<PageProps>;
  /** schema.org data about what the page shows, as JSON-LD. Facts only: no prices, ratings or reviews. */
  structuredData?: (site: SiteContent, urls: SiteUrls) => object;
}
