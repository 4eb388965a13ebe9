import type { ReactNode } from "react";
import { frame } from "../content/frame";
import { inFeed } from "../content/fields";
import { perSite } from "../content/purposes";
import type { SiteContent } from "../content/types";
import type { NavItem } from "../islands/SiteHeader";
import { CSP_PLACEHOLDER, FEED, STYLE_PLACEHOLDER, type PageAssets, type PageMeta } from "../lib/page";
import type { SiteUrls } from "../lib/routes";
import { scriptJson } from "../lib/script-json";
import { Island } from "./Island";
import { LAST_LINE_ID, SiteFooter } from "./SiteFooter";
import { Text, usePlain } from "./Text";

/** Whether the site has a feed: asked by every page, looked up once. */
const hasFeed = perSite((site) => site.fields.some(inFeed));

/** The page's own content: where the skip link goes. */
const MAIN_ID = "main";

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
  const plain = usePlain();
  const own = plain(meta.title);
  const title = meta.path === "/" ? `${site.brand} · ${own}` : `${own} · ${site.brand}`;
  const description = plain(meta.description);
  const canonical = meta.noindex ? undefined : urls.absolute(meta.path);
  const image = meta.image ?? { ...assets.shareImage, alt: `${site.brand}: ${site.tagline}` };
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CSP_PLACEHOLDER} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Chromium paints as the HTML arrives on a slow CPU, and what it painted moved when the rest came. Its first
            paint waits until the footer's last line opens: the wait ends as soon as the element named opens. A page
            arrives in one round trip, so this waits only for parsing; browsers without rel=expect ignore it. */}
        <link rel="expect" href={`#${LAST_LINE_ID}`} blocking="render" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {canonical && <link rel="canonical" href={canonical} />}
        {meta.noindex && <meta name="robots" content="noindex" />}
        {hasFeed(site) && <link rel="alternate" type={FEED.type} href={urls.path(FEED.path)} />}
        <meta name="theme-color" content={assets.themeColor} />
        <meta name="color-scheme" content="dark" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.brand} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={urls.absolute(image.path)} />
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        <meta property="og:image:alt" content={image.alt} />
        <meta property="og:locale" content={frame.locale} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:image:alt" content={image.alt} />
        <link rel="apple-touch-icon" href={urls.path(assets.appleTouchIcon)} />
        {assets.icon && <link rel="icon" href={urls.path(assets.icon.href)} type={assets.icon.type} />}
        <style dangerouslySetInnerHTML={{ __html: STYLE_PLACEHOLDER }} />
        <script dangerouslySetInnerHTML={{ __html: assets.script }} />
        <noscript>
          {assets.afterPaint.map((link) => (
            <link rel={link.rel} href={urls.path(link.href)} type={link.type} media={link.media} key={link.href} />
          ))}
        </noscript>
        {structuredData && (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structuredData) }} />
        )}
      </head>
      <body>
        <a className="skip-link" href={`#${MAIN_ID}`}>
          <Text text={frame.skipLink} />
        </a>
        <Island
          name="SiteHeader"
          props={{ brand: site.brand, homeHref: urls.path("/"), items: nav, menu: frame.menu, close: frame.close }}
        />
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter site={site} nav={nav} follow={!meta.follows} />
      </body>
    </html>
  );
}
