import type { ReactNode } from "react";
import type { SiteContent } from "../content/types";
import type { NavItem } from "../islands/SiteHeader";
import { CSP_PLACEHOLDER, STYLE_PLACEHOLDER, type PageAssets, type PageMeta } from "../lib/page";
import type { SiteUrls } from "../lib/routes";
import { scriptJson } from "../lib/script-json";
import { Island } from "./Island";
import { SiteFooter } from "./SiteFooter";

export function pageTitle(meta: PageMeta, site: SiteContent): string {
  return meta.path === "/" ? `${site.brand} · ${meta.title}` : `${meta.title} · ${site.brand}`;
}

/** The one owner of <html>, <head> and the page frame: skip link, header, main, footer. */
export function Document({
  site,
  meta,
  urls,
  assets,
  nav,
  structuredData,
  children,
}: {
  site: SiteContent;
  meta: PageMeta;
  urls: SiteUrls;
  assets: PageAssets;
  /** The top bar's links, this page's marked current. */
  nav: readonly NavItem[];
  structuredData?: object;
  children: ReactNode;
}) {
  const title = pageTitle(meta, site);
  const canonical = meta.noindex ? undefined : urls.absolute(meta.path);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CSP_PLACEHOLDER} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {canonical && <link rel="canonical" href={canonical} />}
        {meta.noindex && <meta name="robots" content="noindex" />}
        <meta name="theme-color" content={assets.themeColor} />
        <meta name="color-scheme" content="dark" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.brand} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={urls.absolute(assets.shareImage.path)} />
        <meta property="og:image:width" content={String(assets.shareImage.width)} />
        <meta property="og:image:height" content={String(assets.shareImage.height)} />
        <meta property="og:image:alt" content={`${site.brand}: ${site.tagline}`} />
        <meta name="twitter:card" content="summary_large_image" />
        <link rel="icon" href={urls.path(assets.icons.svg)} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={urls.path(assets.icons.appleTouch)} />
        <link rel="manifest" href={urls.path(assets.manifest)} />
        <style dangerouslySetInnerHTML={{ __html: STYLE_PLACEHOLDER }} />
        <script dangerouslySetInnerHTML={{ __html: assets.script }} />
        {structuredData && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structuredData) }} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Island name="SiteHeader" props={{ brand: site.brand, homeHref: urls.path("/"), items: nav }} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} urls={urls} />
      </body>
    </html>
  );
}
