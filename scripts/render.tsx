import { renderToStaticMarkup } from "react-dom/server";
import { Document, type PageAssets } from "../src/components/Document";
import { renderIsland } from "../src/components/Island";
import { safety } from "../src/content/safety";
import type { SiteContent } from "../src/content/types";
import { sample } from "../src/content/sample";
import { ISLAND_IDS } from "../src/islands/props";
import { SamplePlayer } from "../src/islands/SamplePlayer";
import { SiteHeader, type NavItem } from "../src/islands/SiteHeader";
import { outputFileFor, type SiteUrls } from "../src/lib/routes";
import { pages as allPages } from "../src/pages/index";
import type { PageModule } from "../src/pages/types";
import { applyMetaPolicy } from "./security";

export interface RenderOptions {
  site: SiteContent;
  assets: PageAssets;
  urls: SiteUrls;
  pages?: readonly PageModule[];
}

/** The top bar's links, from the pages' own meta, in nav order. */
export function navRoutes(pages: readonly PageModule[] = allPages): { label: string; path: string }[] {
  return pages
    .filter((p) => p.meta.nav)
    .sort((a, b) => a.meta.nav!.order - b.meta.nav!.order)
    .map((p) => ({ label: p.meta.nav!.label, path: p.meta.path }));
}

/**
 * Pure: every page rendered to a complete HTML document, keyed by its file in the output folder, with the
 * site's Content-Security-Policy written into each page's <meta>.
 */
export function renderSite({ site, assets, urls, pages = allPages }: RenderOptions): Map<string, string> {
  const nav = navRoutes(pages);
  const islands = { sample: renderIsland(ISLAND_IDS.sample, SamplePlayer, { sample }) };
  const output = new Map<string, string>();
  for (const { meta, Page, structuredData } of pages) {
    const items: NavItem[] = nav.map((n) => ({ label: n.label, href: urls.path(n.path), current: n.path === meta.path }));
    const header = renderIsland(ISLAND_IDS.header, SiteHeader, { brand: site.brand, homeHref: urls.path("/"), items });
    let html: string;
    try {
      html = renderToStaticMarkup(
        <Document
          site={site}
          meta={meta}
          urls={urls}
          assets={assets}
          header={header}
          structuredData={structuredData?.(site, urls)}
          safetyHref={urls.path(`/about/#${safety.id}`)}
        >
          <Page site={site} url={urls.path} islands={islands} />
        </Document>,
      );
    } catch (error) {
      throw new Error(`Rendering the page ${meta.path} failed: ${(error as Error).message}`, { cause: error });
    }
    // React spells the attribute "charSet"; HTML does not care, but validators and readers expect lowercase.
    output.set(outputFileFor(meta.path), `<!DOCTYPE html>${html.replace("<meta charSet=", "<meta charset=")}`);
  }
  return applyMetaPolicy(output);
}
