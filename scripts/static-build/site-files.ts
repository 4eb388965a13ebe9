import type { SiteContent } from "../../src/content/types";
import type { SiteUrls } from "../../src/lib/routes";
import { escapeXml } from "../../src/lib/xml";
import type { Theme } from "./styles";

/** Every indexable page, by its canonical URL: the same URLs the pages' canonical links give. */
export function sitemapXml(routes: readonly string[], urls: SiteUrls): string {
  const entries = routes.map((route) => `  <url><loc>${escapeXml(urls.absolute(route))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** Crawlers may read everything, and are pointed at the sitemap by its absolute URL. */
export function robotsTxt(urls: SiteUrls): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${urls.absolute("/sitemap.xml")}\n`;
}

export const ICONS = {
  svg: "/favicon.svg",
  ico: { path: "/favicon.ico", size: 32 },
  appleTouch: "/apple-touch-icon.png",
  png: [
    { path: "/icon-192.png", size: 192 },
    { path: "/icon-512.png", size: 512 },
  ],
} as const;

export const MANIFEST = "/site.webmanifest";

/** What a phone shows when the site is added to its home screen. */
export function webManifest(site: SiteContent, urls: SiteUrls, theme: Theme): string {
  const manifest = {
    name: site.brand,
    short_name: site.shortName,
    description: site.tagline,
    start_url: urls.path("/"),
    scope: urls.path("/"),
    display: "browser",
    background_color: theme.background,
    theme_color: theme.background,
    icons: [
      { src: urls.path(ICONS.svg), type: "image/svg+xml", sizes: "any" },
      ...ICONS.png.map((icon) => ({
        src: urls.path(icon.path),
        type: "image/png",
        sizes: `${icon.size}x${icon.size}`,
      })),
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
