/** Route paths are written one way only: "/" or "/about/" (trailing slash, matching about/index.html). */
export function outputFileFor(path: string): string {
  return path.endsWith(".html") ? path.slice(1) : `${path.slice(1)}index.html`;
}

/** The path a page's file is served at ("about/index.html" at "/about/"): the reverse of outputFileFor. */
export function pathOfFile(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, "$1")}`;
}

export interface SiteUrls {
  /** A site path as pages link to it, under the base path: "/about/" becomes "/repo/about/". */
  path(path: string): string;
  /** The public URL, for canonical links, share previews and the sitemap: "https://example.com/repo/about/". */
  absolute(path: string): string;
}

/** The one place that turns a site path into a URL; every link, asset, canonical and sitemap entry uses it. */
export function createUrls({ origin, basePath }: { origin: string; basePath: string }): SiteUrls {
  const base = basePath.replace(/\/+$/, "");
  const host = origin.replace(/\/+$/, "");
  const path = (p: string) => {
    if (!p.startsWith("/")) throw new Error(`URLs are built from site-absolute paths, got "${p}"`);
    return `${base}${p}`;
  };
  return { path, absolute: (p) => `${host}${path(p)}` };
}

/**
 * A storefront address with where it was clicked in its query (`?from=…`, any parameters it had kept), which the
 * storefront keeps with the sale: the page's path in words, "/" as "home", a field's own page as "field-page", a page
 * of a list without its number ("/all-fields/sleep/2/" → "all-fields-sleep"), then the place on it, if the page has
 * more than one.
 */
export function withClickedFrom(href: string, path: string, place?: string): string {
  const parts = path.split("/").filter((part) => part !== "" && !/^\d+$/.test(part));
  const page = parts[0] === "fields" ? "field-page" : parts.join("-") || "home";
  const url = new URL(href);
  url.searchParams.set("from", place ? `${page}-${place}` : page);
  return url.href;
}
