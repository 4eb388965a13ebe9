import type { ReactNode } from "react";
import { theme } from "../content/theme";
import type { SiteContent } from "../content/types";
import type { SiteUrls } from "../lib/routes";
import { scriptJson } from "../lib/script-json";
import type { PageMeta } from "../pages/types";
import { IslandMarkup, type RenderedIsland } from "./Island";
import { SiteFooter } from "./SiteFooter";

/** The built assets a page uses; see buildAssets in scripts/assets.ts. Paths are site paths ("/favicon.svg"). */
export interface PageAssets {
  /**
   * The whole stylesheet, inlined: the first paint then needs nothing but the HTML response. It is small
   * enough (a few kB compressed) that a page with it still fits in one TCP round trip.
   */
  css: string;
  /** The loader (src/client/loader.ts), inlined: it starts React and the islands only when needed. */
  script: string;
  icons: { svg: string; appleTouch: string };
  manifest: string;
  /** The 1200×630 picture shown when a page is shared. */
  shareImage: { path: string; width: number; height: number };
}

/**
 * Stands in for the Content-Security-Policy while pages render; scripts/security.ts fills it in from the
 * hashes of the finished pages' inline scripts and styles.
 */
export const CSP_PLACEHOLDER = "{{content-security-policy}}";

export function pageTitle(meta: PageMeta, site: SiteContent): string {
  return meta.path === "/" ? `${site.brand} · ${meta.title}` : `${meta.title} · ${site.brand}`;
}

/** The one owner of <html>, <head> and the page frame: skip link, header, main, footer. */
export function Document({
  site,
  meta,
  urls,
  assets,
  header,
  structuredData,
  safetyHref,
  children,
}: {
  site: SiteContent;
  meta: PageMeta;
  urls: SiteUrls;
  assets: PageAssets;
  header: RenderedIsland;
  structuredData?: object;
  safetyHref: string;
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
        <meta name="theme-color" content={theme.background} />
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
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <script dangerouslySetInnerHTML={{ __html: assets.script }} />
        {structuredData && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structuredData) }} />}
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
