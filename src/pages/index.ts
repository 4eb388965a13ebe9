import * as about from "./about";
import * as allFields from "./all-fields";
import { fieldPages } from "./field";
import type { SiteContent } from "../content/types";
import type { ShareImage } from "../lib/page";
import * as contact from "./contact";
import * as home from "./home";
import * as notFound from "./not-found";
import * as products from "./products";
import * as services from "./services";
import type { PageModule } from "./types";

/** Every page of the site. The top bar lists those with nav meta, in nav order. */
export const pages: readonly PageModule[] = [home, about, services, products, allFields, contact, notFound];

/** Every page the site renders: those above, page 2 and on of long lists, All Fields' lists, and each field's. */
export function sitePages(
  site: SiteContent,
  list: readonly PageModule[] = pages,
  shareImages?: ReadonlyMap<string, ShareImage>,
): PageModule[] {
  return [...list, ...products.productPages(site), ...allFields.cataloguePages(site), ...fieldPages(site, shareImages)];
}

/** The top bar's links, from the pages' own meta, in nav order: the one place the nav is derived. */
export function navRoutes(list: readonly PageModule[] = pages): { label: string; path: string }[] {
  return list
    .filter((p) => p.meta.nav)
    .sort((a, b) => a.meta.nav!.order - b.meta.nav!.order)
    .map((p) => ({ label: p.meta.nav!.label, path: p.meta.path }));
}
