import type { ComponentType } from "react";
import type { SiteContent } from "../content/types";
import type { PageMeta } from "../lib/page";
import type { Cover } from "../lib/cover";
import type { Preview } from "../lib/preview";
import type { SiteUrls } from "../lib/routes";

export type { PageMeta };

/** Each field's preview, by the field's slug (fields without one have none). */
export type Previews = ReadonlyMap<string, Preview>;

/** Each field's cover, by the field's slug (and the maker's photo, by MAKER_PHOTO). */
export type Covers = ReadonlyMap<string, Cover>;

export interface PageProps {
  site: SiteContent;
  /** Turns a site path into the URL to write in the page (adds the base path). */
  url: (path: string) => string;
  previews: Previews;
  covers: Covers;
}

export interface PageModule {
  meta: PageMeta;
  Page: ComponentType<PageProps>;
  /** schema.org JSON-LD of what the page shows: facts only, a price only where the owner set one. */
  structuredData?: (site: SiteContent, urls: SiteUrls, previews: Previews) => object;
}
