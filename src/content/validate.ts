import type { SiteContent } from "./types";

/** The file the owner edits; every content error names it. */
export const CONTENT_FILE = "src/content/site.ts";

export class ContentError extends Error {
  constructor(readonly problems: readonly { field: string; message: string }[]) {
    super(
      `Invalid site content:\n` +
        problems.map((p) => `  ${CONTENT_FILE}: ${p.field} ${p.message}`).join("\n"),
    );
    this.name = "ContentError";
  }
}

// Deliberately narrower than RFC 5322: the address goes into mailto: links unencoded, so characters
// such as ? & % # that would need escaping there are refused rather than silently mangled.
const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Checks the owner's content and returns it unchanged, or throws one ContentError listing every problem. */
export function validateContent(content: SiteContent): SiteContent {
  const problems: { field: string; message: string }[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });

  const text = (field: string, value: unknown) => {
    if (typeof value !== "string" || value.trim() === "") fail(field, "is missing: give it some text");
  };
  const httpsUrl = (field: string, value: unknown) => {
    if (typeof value !== "string" || !isHttpsUrl(value)) {
      fail(field, `must be a full https:// URL (got ${JSON.stringify(value)})`);
    }
  };

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
