import type { SiteContent } from "./types";

/** The file the owner edits; every content error names it. */
export const CONTENT_FILE = "src/content/site.ts";

export interface ContentProblem {
  field: string;
  message: string;
  /** Where the value came from: the content file, or an environment variable that overrode it. */
  source: string;
}

export class ContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Invalid site content:\n` + problems.map((p) => `  ${p.source}: ${p.field} ${p.message}`).join("\n"));
    this.name = "ContentError";
  }
}

/** Build-time overrides of the content, by field, and the environment variable each comes from. */
export const ENVIRONMENT_OVERRIDES = { origin: "SITE_ORIGIN", basePath: "SITE_BASE_PATH" } as const;

/** The content with any overrides from the environment applied, and where each overridden value came from. */
export function withEnvironment(
  content: SiteContent,
  env: Record<string, string | undefined> = process.env,
): { content: SiteContent; sources: Record<string, string> } {
  const sources: Record<string, string> = {};
  const overridden = { ...content };
  for (const [field, variable] of Object.entries(ENVIRONMENT_OVERRIDES)) {
    const value = env[variable]?.trim();
    if (!value) continue;
    // CI tools write these either way ("/repo" or "/repo/", "https://x.io/"): accept both spellings.
    overridden[field as keyof typeof ENVIRONMENT_OVERRIDES] = field === "basePath" ? value.replace(/\/*$/, "/") : value.replace(/\/+$/, "");
    sources[field] = `${variable} (environment variable)`;
  }
  return { content: overridden, sources };
}

// Deliberately narrower than RFC 5322: the address goes into mailto: links unencoded, so characters
// such as ? & % # that would need escaping there are refused rather than silently mangled.
const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * Checks the owner's content and returns it unchanged, or throws one ContentError listing every problem.
 * `sources` names where a field's value came from when it was not the content file.
 */
export function validateContent(content: SiteContent, sources: Record<string, string> = {}): SiteContent {
  const problems: ContentProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message, source: sources[field] ?? CONTENT_FILE });

  const text = (field: string, value: unknown) => {
    if (typeof value !== "string" || value.trim() === "") fail(field, "is missing: give it some text");
  };
  const httpsUrl = (field: string, value: unknown) => {
    if (typeof value !== "string" || !isHttpsUrl(value)) {
      fail(field, `must be a full https:// URL (got ${JSON.stringify(value)})`);
    }
  };

  if (typeof content.origin !== "string" || !isOrigin(content.origin)) {
    fail("origin", `must be the site's https origin alone, like "https://www.example.com" (got ${JSON.stringify(content.origin)})`);
  }
  if (
    typeof content.basePath !== "string" ||
    !/^\/([A-Za-z0-9._~-]+\/)*$/.test(content.basePath) ||
    content.basePath.split("/").some((segment) => segment === "." || segment === "..")
  ) {
    fail("basePath", `must be "/" or a folder like "/repo/", starting and ending with "/" (got ${JSON.stringify(content.basePath)})`);
  }
  text("brand", content.brand);
  text("tagline", content.tagline);
  if (typeof content.email !== "string" || !EMAIL.test(content.email)) {
    fail("email", `must be an e-mail address like name@example.com (got ${JSON.stringify(content.email)})`);
  }
  if (!Number.isInteger(content.copyrightYear) || content.copyrightYear < 1000 || content.copyrightYear > 9999) {
    fail("copyrightYear", `must be a four-digit year (got ${JSON.stringify(content.copyrightYear)})`);
  }
  text("storefront.name", content.storefront?.name);
  httpsUrl("storefront.url", content.storefront?.url);

  if (!Array.isArray(content.fields) || content.fields.length === 0) {
    fail("fields", "must list at least one field");
  } else {
    const seen = new Map<string, string>();
    if (typeof content.storefront?.url === "string") seen.set(urlKey(content.storefront.url), "storefront.url");
    content.fields.forEach((f, i) => {
      const at = `fields[${i}]`;
      text(`${at}.title`, f.title);
      text(`${at}.description`, f.description);
      text(`${at}.band`, f.band);
      text(`${at}.delivery`, f.delivery);
      if (!Number.isInteger(f.durationMinutes) || f.durationMinutes <= 0) {
        fail(`${at}.durationMinutes`, `must be a positive whole number of minutes (got ${JSON.stringify(f.durationMinutes)})`);
      }
      httpsUrl(`${at}.url`, f.url);
      if (typeof f.url === "string") {
        const other = seen.get(urlKey(f.url));
        if (other) fail(`${at}.url`, `is the same storefront page as ${other} (${f.url}); each field needs its own`);
        else seen.set(urlKey(f.url), `${at}.url`);
      }
    });
  }

  if (problems.length > 0) throw new ContentError(problems);
  return content;
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && url.pathname === "/" && !url.search && !url.hash && !value.endsWith("/") && !url.username;
  } catch {
    return false;
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

// Two spellings of one page (case of the host, a trailing slash) are still one page.
function urlKey(value: string): string {
  try {
    const url = new URL(value);
    return `${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return value;
  }
}
