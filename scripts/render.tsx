import { renderToStaticMarkup } from "react-dom/server";
import { Document, type PageAssets } from "../src/components/Document";
import { renderIsland } from "../src/components/Island";
import { safety } from "../src/content/safety";
import type { SiteContent } from "../src/content/types";
import { SiteHeader, type NavItem } from "../src/islands/SiteHeader";
import { pages as allPages } from "../src/pages/index";
import type { PageModule } from "../src/pages/types";
import { outputFileFor } from "../src/lib/routes";

export interface RenderOptions {
  site: SiteContent;
  assets: PageAssets;
  url: (path: string) => string;
  pages?: readonly PageModule[];
}

/** Pure: every page rendered to a complete HTML document, keyed by its file in the output folder. */
export function renderSite({ site, assets, url, pages = allPages }: RenderOptions): Map<string, string> {
  const nav = pages
    .filter((p) => p.meta.nav)
    .sort((a, b) => a.meta.nav!.order - b.meta.nav!.order)
    .map((p) => ({ label: p.meta.nav!.label, path: p.meta.path }));

  const output = new Map<string, string>();
  for (const { meta, Page } of pages) {
    const items: NavItem[] = nav.map((n) => ({ label: n.label, href: url(n.path), current: n.path === meta.path }));
    const header = renderIsland("site-header", SiteHeader, { brand: site.brand, homeHref: url("/"), items });
    let html: string;
    try {
      html = renderToStaticMarkup(
        <Document site={site} meta={meta} assets={assets} header={header} safetyHref={url(`/about/#${safety.id}`)}>
          <Page site={site} url={url} />
        </Document>,
      );
    } catch (error) {
      throw new Error(`Rendering the page ${meta.path} failed: ${(error as Error).message}`, { cause: error });
    }
    // React spells the attribute "charSet"; HTML does not care, but validators and readers expect lowercase.
    output.set(outputFileFor(meta.path), `<!DOCTYPE html>${html.replace("<meta charSet=", "<meta charset=")}`);
  }
  return output;
}
