import type { ReactNode } from "react";
import type { SiteContent } from "../content/types";
import type { PageMeta } from "../pages/types";
import { IslandMarkup, type RenderedIsland } from "./Island";
import { SiteFooter } from "./SiteFooter";

/** URLs of the built assets a page loads; see buildAssets in scripts/build.ts. */
export interface PageAssets {
  stylesheets: readonly string[];
  /** Module scripts: deferred by nature, so they never hold up the first paint. */
  scripts: readonly string[];
  /** The SVG favicon. */
  icon: string;
}

/**
 * Marks the document as scripted before the first paint, so the small-screen menu collapses behind its
 * toggle only when there is JavaScript to open it. Without JavaScript the links stay in plain view.
 */
export const JS_FLAG_SCRIPT = `document.documentElement.classList.add("js")`;

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
        <script dangerouslySetInnerHTML={{ __html: JS_FLAG_SCRIPT }} />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
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
