import type { ComponentType } from "react";
import type { SiteContent } from "../content/types";

export interface PageMeta {
  /** The route, in its one canonical form: "/" or "/about/". */
  path: string;
  /** The page's own part of <title>; the brand is added by Document. */
  title: string;
  /** The meta description: 50 to 160 characters, written for this page. */
  description: string;
  /** Present when the page appears in the top bar, in ascending order. */
  nav?: { label: string; order: number };
}

export interface PageProps {
  site: SiteContent;
  /** Turns a route or asset path into the URL to write in the page. */
  url: (path: string) => string;
}

export interface PageModule {
  meta: PageMeta;
  Page: ComponentType<PageProps>;
}
