/** Route paths are written one way only: "/" or "/about/" (trailing slash, matching about/index.html). */
export function outputFileFor(path: string): string {
  if (path.endsWith(".html")) return path.slice(1);
  return `${path.slice(1)}index.html`;
}

/** Prefixes site-absolute paths with the base the site is served under ("/" at a domain's root). */
export function createUrl(basePath: string): (path: string) => string {
  const base = basePath.replace(/\/+$/, "");
  return (path) => {
    if (!path.startsWith("/")) throw new Error(`url() takes a site-absolute path, got "${path}"`);
    return `${base}${path}`;
  };
}
