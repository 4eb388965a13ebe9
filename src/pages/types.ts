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
  /**
   * How many fields its list shows (Products' in full, a field page's others, All Fields' with their descriptions),
   * or About its listeners' words, when the build found that its usual number would not arrive in one round trip.
   */
  shown?: number;
  /** `false` where the page's own form to follow the studio would not arrive in one round trip (PageMeta.follows). */
  follow?: boolean;
}

export interface PageModule {
  meta: PageMeta;
  Page: ComponentType<PageProps>;
  /** schema.org data about what the page shows, as JSON-LD. Facts only: no prices, ratings or reviews. */
  structuredData?: (site: SiteContent, urls: SiteUrls, previews: Previews) => object;
  /** Fewer of its list to show (PageProps.shown), tried in turn while the page is over its first round trip. */
  fewer?: readonly number[];
  /**
   * What the build tells the owner when the page shows `shown` of its list (from `fewer`), if it leaves out their own
   * words rather than what another page shows in full.
   */
  leftOut?: (shown: number, site: SiteContent) => string | undefined;
}
