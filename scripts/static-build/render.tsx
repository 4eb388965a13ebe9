import type { ComponentType, ReactElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { Document } from "../../src/components/Document";
import { PlacedIslands, type PlacedIsland } from "../../src/components/Island";
import { StorefrontSource } from "../../src/components/Links";
import { TextContext } from "../../src/components/Text";
import { siteSlots } from "../../src/content/slots";
import type { SiteContent } from "../../src/content/types";
import { islands, loadIsland, type IslandName } from "../../src/islands/registry";
import { STYLE_PLACEHOLDER, type PageAssets } from "../../src/lib/page";
import { outputFileFor, type SiteUrls } from "../../src/lib/routes";
import { pages as allPages, navRoutes } from "../../src/pages/index";
import type { Covers, PageModule, Previews } from "../../src/pages/types";
import { applyMetaPolicy } from "./security";
import { classesIn } from "./styles";

export interface RenderOptions {
  site: SiteContent;
  assets: PageAssets;
  urls: SiteUrls;
  previews?: Previews;
  covers?: Covers;
  pages?: readonly PageModule[];
}

/**
 * Every page rendered to a complete HTML document, keyed by its file in the output folder, with the styles it
 * uses inlined and the site's Content-Security-Policy written into each page's <meta>. Pure, apart from loading the islands' components.
 */
export async function renderSite({
  site,
  assets,
  urls,
  previews = new Map(),
  covers = new Map(),
  pages = allPages,
}: RenderOptions): Promise<Map<string, string>> {
  const components = Object.fromEntries(
    await Promise.all(
      (Object.keys(islands) as IslandName[]).map(async (name) => [name, await loadIsland(name)] as const),
    ),
  ) as Record<IslandName, ComponentType<object>>;
  const nav = navRoutes(pages);
  const slots = siteSlots(site);
  const output = new Map<string, string>();
  /** One page, complete but for its policy. */
  const render = ({ meta, Page, structuredData }: PageModule) => {
    const items = nav.map((n) => ({ label: n.label, href: urls.path(n.path), current: n.path === meta.path }));
    let html: string;
    try {
      html = renderPage(
        <TextContext value={{ slots, url: urls.path }}>
          <Document
            site={site}
            meta={meta}
            urls={urls}
            assets={assets}
            nav={items}
            structuredData={structuredData?.(site, urls, previews)}
          >
            <StorefrontSource value={site.storefront.from === false ? undefined : meta.path}>
              <Page site={site} url={urls.path} previews={previews} covers={covers} />
            </StorefrontSource>
          </Document>
        </TextContext>,
        components,
      );
    } catch (error) {
      throw new Error(`Rendering the page ${meta.path} failed: ${(error as Error).message}`, { cause: error });
    }
    // The styles this page uses, now that its classes are known (a function, so no "$&" in CSS is read as a pattern).
    html = html.replace(STYLE_PLACEHOLDER, () => assets.css(classesIn(html), headlineOf(html)));
    html = preloadsAfterPolicy(html);
    // React spells the attributes "charSet" and "srcSet"; HTML does not care, but validators and readers expect lowercase.
    return `<!DOCTYPE html>${html.replace("<meta charSet=", "<meta charset=").replaceAll(' srcSet="', ' srcset="').replaceAll(' popoverTarget="', ' popovertarget="')}`;
  };
  for (const page of pages) output.set(outputFileFor(page.meta.path), render(page));
  return applyMetaPolicy(output);
}

/** The text of a page's <h1>, as a reader sees it. */
function headlineOf(html: string): string | undefined {
  const inner = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
  if (inner === undefined) return undefined;
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
  return inner.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => entities[name]!);
}

/**
 * React hoists a preload for each image the page loads at once (a cover in the first row) to the top of <head>,
 * ahead of the policy's <meta>, which governs only what comes after it: they go just after it.
 */
function preloadsAfterPolicy(html: string): string {
  const preloads: string[] = [];
  const without = html.replace(/<link rel="preload" as="image"[^>]*\/>/g, (link) => (preloads.push(link), ""));
  return preloads.length === 0
    ? html
    : without.replace(/(<meta http-equiv="Content-Security-Policy"[^>]*\/>)/, (meta) => meta + preloads.join(""));
}

/** A page as static markup, each island's slot then filled with that island rendered in a form React hydrates. */
function renderPage(page: ReactElement, components: Record<IslandName, ComponentType<object>>): string {
  const placed: PlacedIsland[] = [];
  const html = renderToStaticMarkup(<PlacedIslands value={placed}>{page}</PlacedIslands>);
  return html.replace(/<!--island:([\w-]+)-->/g, (_, id: string) => {
    const island = placed.find((p) => p.id === id)!;
    return islandHtml(components[island.name], island.props, id);
  });
}

/** An island's HTML in the form React hydrates: rendered on its own, its element's id the prefix of its ids. */
export function islandHtml<P extends object>(Component: ComponentType<P>, props: P, id: string): string {
  return renderToString(<Component {...props} />, { identifierPrefix: id });
}
