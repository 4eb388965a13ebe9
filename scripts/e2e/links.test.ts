import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { mail, type MailPresetName } from "../../src/content/mail";
import { site } from "../../src/content/site";
import { parseHtml } from "../parse-html";
import { baseURL, MISSING, newContext, ROUTES, useBrowser, usePage, visit } from "./site";

/** What each mail link is meant to send, by page and visible label. The footer's is on every page. */
const MAIL_LINKS: Record<string, Record<string, MailPresetName>> = {
  "/about/": { "Contact for More": "moreInformation" },
  "/services/": { "Request a Custom Field": "customField" },
  "/products/": { "Request a Personalised Field": "customField" },
  "/all-fields/": { "Ask for a Custom Solution": "customProduct" },
  "/contact/": {
    "Send Message": "contactUs",
    "Request a custom field": "customField",
    "Ask a question": "generalQuestion",
    "Propose a partnership": "partnership",
    "Write to us for press": "press",
  },
};
const FOOTER_MAIL: Record<string, MailPresetName> = { [site.email]: "generalInquiry" };

const chromium = useBrowser();
const view = usePage(chromium, { width: 1280 });

async function builtPages(): Promise<Map<string, string>> {
  const dist = inject("distDir");
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html"));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(dist, f), "utf8")] as const)));
}

describe("internal references", () => {
  it("every link, stylesheet, script and icon in every built page answers 200 from the served site", async () => {
    const refs = new Set<string>();
    for (const [file, html] of await builtPages()) {
      const doc = parseHtml(html);
      for (const el of doc.querySelectorAll("[href], [src]")) {
        const ref = el.getAttribute("href") ?? el.getAttribute("src")!;
        if (ref.startsWith("/")) refs.add(ref.split("#")[0]!);
        else expect(ref, `${file}`).toMatch(/^(#|https:\/\/|mailto:)/);
      }
    }
    expect(refs.size).toBeGreaterThan(ROUTES.length);
    const failures: string[] = [];
    for (const ref of refs) {
      const response = await fetch(new URL(ref, baseURL()), { redirect: "manual" });
      if (response.status !== 200) failures.push(`${ref}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("the absolute URLs in every head (canonical, og:url, og:image) name files the served site has", async () => {
    const paths = new Set<string>();
    for (const html of (await builtPages()).values()) {
      const doc = parseHtml(html);
      const absolute = [
        doc.querySelector('link[rel="canonical"]')?.getAttribute("href"),
        ...[...doc.querySelectorAll('meta[property="og:url"], meta[property="og:image"]')].map((m) => m.getAttribute("content")),
      ].filter((u): u is string => !!u);
      for (const url of absolute) {
        expect(url.startsWith(`${site.origin}/`), url).toBe(true);
        paths.add(url.slice(site.origin.length));
      }
    }
    expect(paths.size).toBeGreaterThan(ROUTES.length);
    for (const path of paths) expect((await fetch(new URL(path, baseURL()), { redirect: "manual" })).status, path).toBe(200);
  });

  it("a missing address answers 404 with the site's own 404 page", async () => {
    const response = await fetch(new URL(MISSING, baseURL()));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This page is not here");
  });
});

describe("requests", () => {
  it.each(ROUTES)("%s: every request goes to the site's own origin, and none is for a web font", async (route) => {
    const requests: string[] = [];
    view.page.on("request", (r) => requests.push(r.url()));
    await visit(view.page, route);
    await view.page.waitForLoadState("networkidle");
    view.page.removeAllListeners("request");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => new URL(url).origin !== baseURL())).toEqual([]);
    expect(requests.filter((url) => /\.(woff2?|ttf|otf)$/.test(url))).toEqual([]);
  });

  it("React is fetched once per visit: the next page takes it from the cache", async () => {
    const fresh = await newContext(chromium.browser, { width: 375 });
    const freshPage = await fresh.newPage();
    // Bytes that came over the network for the site's scripts (0 for a script taken from the cache).
    const scriptTransfers = () =>
      freshPage.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((e) => /\/assets\/.+\.js$/.test(e.name))
          .map((e) => (e as PerformanceResourceTiming).transferSize),
      );
    await visit(freshPage, ROUTES[0]!);
    await freshPage.waitForLoadState("networkidle");
    expect((await scriptTransfers()).reduce((a, b) => a + b, 0)).toBeGreaterThan(50_000);
    await visit(freshPage, ROUTES[1]!);
    await freshPage.waitForLoadState("networkidle");
    const again = await scriptTransfers();
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((bytes) => bytes === 0)).toBe(true);
    await fresh.close();
  });
});

describe("external links", () => {
  it.each(ROUTES)("%s: every external link opens a new tab without access to this one, keeping the referrer origin", async (route) => {
    await visit(view.page, route);
    const hrefs = await view.page.locator('a[href^="http"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    for (const href of hrefs) {
      const link = view.page.locator(`a[href="${href}"]`).first();
      expect(await link.getAttribute("target")).toBe("_blank");
      expect((await link.getAttribute("rel"))?.split(/\s+/)).toContain("noopener");
    }
    if (hrefs.length === 0) return;

    // Click the first one for real, with the storefront stood in for (this machine has no internet).
    const referrers: (string | undefined)[] = [];
    await view.context.route(/^https:\/\//, async (r) => {
      referrers.push(await r.request().headerValue("referer") ?? undefined);
      await r.fulfill({ contentType: "text/html", body: "<title>Storefront</title>" });
    });
    const [popup] = await Promise.all([view.context.waitForEvent("page"), view.page.locator(`a[href="${hrefs[0]}"]`).first().click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(hrefs[0]);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(referrers[0]).toBe(`${baseURL()}/`);
    await popup.close();
    await view.context.unroute(/^https:\/\//);
  });
});

describe("mail links", () => {
  it.each(ROUTES)("%s: every mail link decodes to the address, subject and body it is meant to send", async (route) => {
    await visit(view.page, route);
    const links = await view.page.locator('a[href^="mailto:"]').evaluateAll((as) =>
      as.map((a) => {
        const clone = a.cloneNode(true) as Element;
        clone.querySelectorAll(".visually-hidden").forEach((n) => n.remove());
        return { label: clone.textContent!.trim(), href: a.getAttribute("href")! };
      }),
    );
    const expected = { ...FOOTER_MAIL, ...MAIL_LINKS[route] };
    expect(new Set(links.map((l) => l.label))).toEqual(new Set(Object.keys(expected)));
    for (const { label, href } of links) {
      const preset = mail[expected[label]!];
      const [address, query] = href.slice("mailto:".length).split("?");
      expect(query, label).not.toContain("+");
      const params = new Map(query!.split("&").map((pair) => pair.split("=").map(decodeURIComponent) as [string, string]));
      expect({ address, subject: params.get("subject"), body: params.get("body") }, label).toEqual({
        address: site.email,
        subject: preset.subject,
        body: preset.body.replace(/\n/g, "\r\n"),
      });
    }
  });
});
