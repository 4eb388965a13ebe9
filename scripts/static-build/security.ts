import { createHash } from "node:crypto";
import { FEED } from "../../src/lib/page";
import { pathOfFile, type SiteUrls } from "../../src/lib/routes";
import { ASSET_DIR } from "./asset-path";
import { attribute, parsePage, rawText, type Element } from "./html";

/** Headers every response gets, wherever the site is hosted; each page's policy is added to them (policyOf). */
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

function isExecutable(given: string | undefined): boolean {
  const type = given?.trim().toLowerCase();
  return (
    type === undefined || type === "" || type === "module" || /^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/**
 * Data blocks never run, so CSP does not govern them: left out, the policy stays put when only content changes.
 * `styleText`: a style whose text is to change is hashed by its new text.
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

export interface PolicyFacts {
  scripts: string[];
  styles: string[];
  forms: string[];
}

/** Nothing by default, then exactly what the pages use (given them all, one policy serves every page). */
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
    ["font-src", "'self'"],
    ["manifest-src", "'self'"],
    // A preview's player asks its host for one byte of the file on the first Play (and Lighthouse reads robots.txt).
    ["connect-src", "'self'"],
    ["base-uri", "'none'"],
    // Where the follow form posts and where a refusal sends the visitor (both at the storefront), or nowhere.
    ["form-action", ...(forms.length > 0 ? forms : ["'none'"])],
    ["require-trusted-types-for", "'script'"],
    // The one policy a page creates: a preview whose file a deploy removed reads the page as it is now (loader.ts).
    ["trusted-types", "page-now"],
    ...(meta ? [] : [["frame-ancestors", "'none'"] as [string, ...string[]]]),
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

type ServedPage = { path: string } & ({ html: string } | { policy: PolicyFacts });

/** Hosts join a header two matching rules set, so each lives in one rule; a page's own policy keeps it small. */
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

/** `facts` by file: "about/index.html", "404.html". */
export function siteHeaderRules(facts: ReadonlyMap<string, { policy: PolicyFacts }>, urls: SiteUrls): HeaderRule[] {
  return headerRules(
    [...facts].map(([file, page]) => ({ path: pathOfFile(file), policy: page.policy })),
    urls.path,
  );
}

/** One policy allowing what each given one does, for a host that sends one for every page (CloudFront). */
export function unionOfPolicies(policies: readonly string[]): string {
  const merged = new Map<string, Set<string>>();
  for (const [name, ...values] of policies.flatMap((policy) => policy.split(";").map((d) => d.trim().split(/\s+/))))
    merged.set(name!, new Set([...(merged.get(name!) ?? []), ...values]));
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
