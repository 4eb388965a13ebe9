import { createHash } from "node:crypto";
import { FEED } from "../../src/lib/page";
import { pathOfFile, type SiteUrls } from "../../src/lib/routes";
import { ASSET_DIR } from "./asset-path";
import { attribute, parsePage, rawText, type Element } from "./html";

/**
 * Headers every response gets, wherever the site is hosted and whatever it serves. The Content-Security-
 * Policy is added to these from the built pages (see policyOf).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // One year; add "; includeSubDomains; preload" once every subdomain of the owner's domain is on HTTPS.
  "Strict-Transport-Security": "max-age=31536000",
  "X-Content-Type-Options": "nosniff",
  // Keeps the origin (not the path) on links to the storefront, so its statistics show where buyers came from.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Everything a page could ask the browser for and this site never does.
  "Permissions-Policy": [
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ]
    .map((feature) => `${feature}=()`)
    .join(", "),
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  // For browsers that predate CSP's frame-ancestors, and for the 404 page at a missing address, which has no policy header.
  "X-Frame-Options": "DENY",
};

/** Hashed assets never change under a name; pages are revalidated on every visit. */
export const CACHE = {
  immutable: "public, max-age=31536000, immutable",
  revalidate: "public, max-age=0, must-revalidate",
} as const;

/** Whether a <script>'s type makes it code a browser runs (none, a JavaScript type, or a module). */
export function isExecutable(given: string | undefined): boolean {
  const type = given?.trim().toLowerCase();
  return (
    type === undefined || type === "" || type === "module" || /^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/**
 * What a page's policy is made of, from its elements as html.ts reads them: "sha256-…" for the exact text of every inline
 * <script> that runs and every <style> (a style whose text is to change, by its new text), and where its forms post and
 * may redirect. Data blocks (the islands' props, JSON-LD) never run, so CSP does not govern them: leaving them out
 * keeps the policy the same when only content changes.
 */
export function elementFacts(elements: readonly Element[], styleText = rawText): PolicyFacts {
  const hash = (element: Element, text = rawText(element)) =>
    `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  const scripts = elements
    .filter(
      (el) => el.tagName === "script" && attribute(el, "src") === undefined && isExecutable(attribute(el, "type")),
    )
    .map((el) => hash(el));
  const styles = elements.filter((el) => el.tagName === "style").map((el) => hash(el, styleText(el)));
  // Where a form posts, each address whole (a policy's source with a path allows that path alone), and where the
  // answer may redirect the visitor (a form's `data-answers-from`: a follow Gumroad refuses goes to the seller's page).
  const forms = elements
    .filter((el) => el.tagName === "form")
    .flatMap((form) => ["action", "data-answers-from"].flatMap((name) => attribute(form, name) ?? []));
  return { scripts, styles, forms };
}

/** What a page's policy allows: the hashes of its inline scripts and styles, and its forms' targets. */
export interface PolicyFacts {
  scripts: string[];
  styles: string[];
  forms: string[];
}

/**
 * The policy for the pages given: nothing by default, then exactly what they use. Inline code is allowed by the hash
 * of its bytes (the union over the pages: given them all, one policy serves every page); scripts and images otherwise
 * only from the site itself. `meta` leaves out what a <meta> policy ignores.
 */
export function policyOf(pages: readonly PolicyFacts[], { meta = false }: { meta?: boolean } = {}): string {
  const all = (kind: keyof PolicyFacts) => [...new Set(pages.flatMap((page) => page[kind]))].sort();
  const forms = all("forms");
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...all("scripts")],
    // 'self': the print and forced-colours stylesheets, linked with their media (scripts/static-build/styles.ts).
    ["style-src", "'self'", ...all("styles")],
    // data:, only for the loader's placeholder icon (src/client/loader.ts): nothing to fetch before the first paint.
    ["img-src", "'self'", "data:"],
    // The previews: MP3 files from the site itself, or, from a host that answers no range request, the same file
    // held in memory (a blob: URL only the page's own scripts can make; src/islands/PreviewPlayer.tsx).
    ["media-src", "'self'", "blob:"],
    // The headings' serif, self-hosted.
    ["font-src", "'self'"],
    ["manifest-src", "'self'"],
    // A preview's player asks its host for one byte of the file on the first Play (and Lighthouse reads robots.txt).
    ["connect-src", "'self'"],
    ["base-uri", "'none'"],
    // Exactly where the page's forms post (the follow form's one address at the storefront) and where a refusal sends
    // the visitor (the storefront's own page), or nowhere.
    ["form-action", ...(forms.length > 0 ? forms : ["'none'"])],
    ["require-trusted-types-for", "'script'"],
    // The one policy a page creates: a preview whose file a deploy removed reads the page as it is now (loader.ts).
    ["trusted-types", "page-now"],
    ...(meta ? [] : [["frame-ancestors", "'none'"] as [string, ...string[]]]),
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** A page as its headers see it: the path it is served at, and its HTML or what its policy allows, read already. */
export type ServedPage = { path: string } & ({ html: string } | { policy: PolicyFacts });

/**
 * The site's response headers, as data: every host's configuration is made from these. Every rule that matches a
 * path applies, and a header set by two matching rules is joined with a comma, so each header lives in one rule
 * only: the security headers for everything; each page's own policy (only its own inline code's hashes, not every
 * page's: the first response is smaller) and Cache-Control in a rule for that page; the assets' caching in theirs.
 * A missing address's 404 page, which no path names in advance, keeps the policy in its <meta>, and X-Frame-Options
 * stands in for frame-ancestors there.
 */
export function headerRules(pages: readonly ServedPage[], path: (p: string) => string): HeaderRule[] {
  const rule = (pattern: string, headers: Record<string, string>): HeaderRule => ({
    pattern,
    headers: Object.entries(headers),
  });
  return [
    rule(path("/*"), { ...SECURITY_HEADERS }),
    rule(path(`/${ASSET_DIR}/*`), { "Cache-Control": CACHE.immutable }),
    // The feed as what it is: hosts send any .xml as plain XML, which a feed reader may not take for a feed.
    rule(path(FEED.path), { "Content-Type": `${FEED.type}; charset=utf-8` }),
    ...pages.map((page) =>
      rule(path(page.path), {
        "Content-Security-Policy": policyOf(["policy" in page ? page.policy : elementFacts(parsePage(page.html))]),
        "Cache-Control": CACHE.revalidate,
      }),
    ),
  ];
}

/** The site's rules, from what its built pages' policies allow (by file: "about/index.html", "404.html") and its base path. */
export function siteHeaderRules(facts: ReadonlyMap<string, { policy: PolicyFacts }>, urls: SiteUrls): HeaderRule[] {
  return headerRules(
    [...facts].map(([file, page]) => ({ path: pathOfFile(file), policy: page.policy })),
    urls.path,
  );
}

/**
 * One policy that allows what each of the given ones does (their hashes together), for a host that can send only one
 * for every page (CloudFront's response headers policy).
 */
export function unionOfPolicies(policies: readonly string[]): string {
  const merged = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const [name, ...values] of policy.split(";").map((d) => d.trim().split(/\s+/))) {
      const seen = merged.get(name!) ?? new Set<string>();
      values.forEach((v) => seen.add(v));
      merged.set(name!, seen);
    }
  }
  // 'none' with another source in one list is void: a page with a form allows its target, one without allows none.
  const ordered = (values: Set<string>) => [
    ...[...values].filter((v) => !v.startsWith("'sha256-") && !(v === "'none'" && values.size > 1)),
    ...[...values].filter((v) => v.startsWith("'sha256-")).sort(),
  ];
  return [...merged].map(([name, values]) => [name, ...ordered(values)].join(" ")).join("; ");
}

/** The rules as the `_headers` file Netlify and Cloudflare Pages read. */
export function headersFile(rules: readonly HeaderRule[]): string {
  return [
    "# Generated by `npm run build` (scripts/static-build/security.ts): edit that file, not this one.",
    ...rules.map(({ pattern, headers }) =>
      [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
    ),
    "",
  ].join("\n");
}

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** Reads a `_headers` file: a path line, then indented "Name: value" lines; "#" starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    const current = rules.at(-1);
    if (colon < 0 || !current) throw new Error(`_headers: cannot read "${line.trim()}"`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a `_headers` path pattern matches a request path (`*` is a splat, `:name` one segment). */
export function matchesPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]+)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`).test(path);
}

/** The headers a host applies to a path: every matching rule, duplicates joined with a comma as hosts do. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules.filter((r) => matchesPattern(r.pattern, path))) {
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      result.set(key, result.has(key) ? `${result.get(key)}, ${value}` : value);
    }
  }
  return result;
}
