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
import { elementFacts, policyOf } from "./security";
import { applyEdits, attribute, parsePage, rawText, shifted, textOf, type Edit, type Element } from "./html";
import { allInOrder } from "./in-order";
import { factsOf, type PageFacts, type Strings } from "./page-facts";

interface RenderOptions {
  site: SiteContent;
  assets: PageAssets;
  urls: SiteUrls;
  previews?: Previews;
  covers?: Covers;
  pages?: readonly PageModule[];
  /** Given each page as it is made, a few at a time; the pages are then not kept: a catalogue's never all in memory. */
  each?: (file: string, html: string, facts: PageFacts) => Promise<void>;
}

/** Pages given to `each` and not yet done with: enough to keep its work going beside the rendering. */
const PAGES_IN_HAND = 8;

/** Every page as a whole HTML document, styles and policy inlined, by its output file. Pure but for loading islands. */
export async function renderSite({
  site,
  assets,
  urls,
  previews = new Map(),
  covers = new Map(),
  pages = allPages,
  each,
}: RenderOptions) {
  const components = Object.fromEntries(
    await Promise.all(
      (Object.keys(islands) as IslandName[]).map(async (name) => [name, await loadIsland(name)] as const),
    ),
  ) as Record<IslandName, ComponentType<object>>;
  const nav = navRoutes(pages);
  const slots = siteSlots(site);
  const strings: Strings = new Map();
  const output = { pages: new Map<string, string>(), facts: new Map<string, PageFacts>() };
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
    return finished(html, assets, strings);
  };
  const inHand = new Set<Promise<void>>();
  const done: Promise<void>[] = [];
  try {
    for (const page of pages) {
      const file = outputFileFor(page.meta.path);
      const { html, facts } = render(page);
      output.facts.set(file, facts);
      if (!each) {
        output.pages.set(file, html);
        continue;
      }
      const work = each(file, html, facts);
      done.push(work);
      inHand.add(work);
      void work.catch(() => {}).then(() => inHand.delete(work));
      if (inHand.size >= PAGES_IN_HAND) await Promise.race(inHand).catch(() => {});
    }
  } catch (error) {
    // A page that cannot be made stops the build only once the pages in hand are written: nothing writes after it.
    await Promise.allSettled(done);
    throw error;
  }
  await allInOrder(done);
  return output;
}

/**
 * A rendered page made whole, read once (html.ts): the styles it uses inlined (now that its classes and headline
 * are known); the preloads React hoists above the policy's <meta>, which governs only what follows it, moved after
 * it; and attributes React spells in camel case (charSet, srcSet, popoverTarget) in HTML's lowercase, as validators
 * and readers expect. With it, what the checks read of the page, from the same reading.
 */
function finished(rendered: string, assets: PageAssets, strings: Strings): { html: string; facts: PageFacts } {
  const html = `<!DOCTYPE html>${rendered}`;
  const elements = parsePage(html);
  const edits: Edit[] = [];
  const policy = elements.find((el) => attribute(el, "http-equiv") === "Content-Security-Policy");
  const after = policy?.end;
  const spelling = (element: Element): Edit[] =>
    element.attrs.flatMap(({ name, start }) =>
      html.startsWith(name, start) ? [] : [{ start, end: start + name.length, text: name }],
    );
  const preloads = elements.filter(
    (el) => el.tagName === "link" && attribute(el, "rel") === "preload" && attribute(el, "as") === "image",
  );
  const moved = new Set<Element>();
  for (const link of preloads) {
    const { start, end } = link;
    if (after === undefined || start > after) continue;
    moved.add(link);
    const own = spelling(link).map((edit) => ({ ...edit, start: edit.start - start, end: edit.end - start }));
    edits.push({ start, end, text: "" });
    edits.push({ start: after, end: after, text: applyEdits(html.slice(start, end), own) });
  }
  // HTML's own elements only: an SVG's attributes keep their case (viewBox).
  for (const element of elements) if (!element.foreign && !moved.has(element)) edits.push(...spelling(element));
  const classes = new Set(elements.flatMap((el) => attribute(el, "class")?.split(/\s+/).filter(Boolean) ?? []));
  const h1 = elements.find((el) => el.tagName === "h1");
  const css = assets.css(classes, h1 && textOf(h1));
  const style = elements.find((el) => el.tagName === "style" && rawText(el) === STYLE_PLACEHOLDER);
  if (style) {
    const text = style.children[0]!;
    edits.push({ start: text.start, end: text.end, text: css });
  }
  // The page's own policy in its <meta>: only the inline code this page has (the header's allows every page's).
  const facts = elementFacts(elements, (el) => (el === style ? css : rawText(el)));
  const content = policy?.attrs.find((attr) => attr.name === "content");
  if (content)
    edits.push({ start: content.start, end: content.end, text: `content="${policyOf([facts], { meta: true })}"` });
  const page = applyEdits(html, edits);
  return { html: page, facts: factsOf(elements, page.length, { policy: facts, at: shifted(edits), strings }) };
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
