import type { ComponentType } from "react";
import type { SiteContent } from "../content/types";
import type { PageMeta } from "../lib/page";
import type { SiteUrls } from "../lib/routes";

export type { PageMeta };

export interface PageProps {
  site: SiteContent;
  /** Turns a site path into the URL to write in the page (adds the base path). */
  url: (path: string) => string;
}

export interface PageModule {
  meta: PageMeta;
  Page: ComponentType<PageProps>;
  /** schema.org data about what the page shows, as JSON-LD. Facts only: no prices, ratings or reviews. */
  structuredData?: (site: SiteContent, urls: SiteUrls) => object;
}
