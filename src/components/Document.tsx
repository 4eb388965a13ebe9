import type { ReactNode } from "react";
import type { SiteContent } from "../content/types";
import type { PageMeta } from "../pages/types";
import { IslandMarkup, type RenderedIsland } from "./Island";
import { SiteFooter } from "./SiteFooter";

/** The built assets a page uses; see buildAssets in scripts/assets.ts. */
export interface PageAssets {
  /**
   * The whole stylesheet, inlined: the first paint then needs nothing but the HTML response. It is small
   * enough (a few kB compressed) that a page with it still fits in one TCP round trip.
   */
  css: string;
  /** The loader (src/client/loader.ts), inlined: it starts React and the islands only when needed. */
  script: string;
  /** The SVG favicon. */
  icon: string;
}

export function pageTitle(meta: PageMeta, site: SiteContent): string {
  return meta.path === "/" ? `${site.brand} · ${meta.title}` : `${meta.title} · ${site.brand}`;
}

/** The one owner of <html>, <head> and the page frame: skip link, header, main, footer. */
export function Document({
  site,
  meta,
  assets,
  header,
  safetyHref,
  children,
}: {
  site: SiteContent;
  meta: PageMeta;
  assets: PageAssets;
  header: RenderedIsland;
  safetyHref: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle(meta, site)}</title>
        <meta name="description" content={meta.description} />
        <meta name="color-scheme" content="dark" />
        <link rel="icon" href={assets.icon} type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <script dangerouslySetInnerHTML={{ __html: assets.script }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <IslandMarkup island={header} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} safetyHref={safetyHref} />
      </body>
    </html>
  );
}
