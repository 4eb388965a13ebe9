import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { parseHtml } from "../test/parse-html";
import { baseURL, DESKTOP, MISSING, newContext, PHONE, ROUTES, useBrowser, usePage, visit, watchPage } from "./site";

const chromium = useBrowser();

async function builtPages(dist = inject("distDir")): Promise<Map<string, string>> {
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html"));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(dist, f), "utf8")] as const)));
}

/** Each picture a srcset offers: "/a-480.avif 480w, /a-800.avif 800w" → its two addresses. */
const offered = (el: Element) =>
  el
    .getAttribute("srcset")
    ?.split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0]!) ?? [];

/** Every address a page names: links, sources, and each picture a srcset offers. */
const references = (html: string) =>
  [...parseHtml(html).querySelectorAll("[href], [src], [srcset]")].flatMap((el) => [
    ...(["href", "src"] as const).flatMap((name) => el.getAttribute(name) ?? []),
    ...offered(el),
  ]);

describe("internal references", () => {
  it("every picture a srcset offers in the twelve-field catalogue (owners' covers and photo, every width) is a file it has", async () => {
    const dist = inject("catalogueDistDir");
    const pictures = new Set(
      [...(await builtPages(dist)).values()].flatMap((html) =>
        [...parseHtml(html).querySelectorAll("[srcset]")].flatMap(offered),
      ),
    );
    expect(pictures.size).toBeGreaterThan(12);
    const missing = [];
    for (const path of pictures)
      if (!(await stat(join(dist, path)).catch(() => undefined))?.isFile()) missing.push(path);
    expect(missing).toEqual([]);
  });

  it("every link, stylesheet, script, icon and picture (each width a srcset offers) in every built page answers 200 from the served site", async () => {
    const refs = new Set<string>();
    for (const [file, html] of await builtPages()) {
      for (const ref of references(html)) {
        if (ref.startsWith("/")) refs.add(ref.split("#")[0]!);
        else expect(ref, file).toMatch(/^(#|https:\/\/|mailto:)/);
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
        ...[...doc.querySelectorAll('meta[property="og:url"], meta[property="og:image"]')].map((m) =>
          m.getAttribute("content"),
        ),
      ].filter((u): u is string => !!u);
      for (const url of absolute) {
        expect(url.startsWith(`${site.origin}/`), url).toBe(true);
        paths.add(url.slice(site.origin.length));
      }
    }
    expect(paths.size).toBeGreaterThan(ROUTES.length);
    for (const path of paths)
      expect((await fetch(new URL(path, baseURL()), { redirect: "manual" })).status, path).toBe(200);
  });

  it("a missing address answers 404 with the site's own 404 page", async () => {
    const response = await fetch(new URL(MISSING, baseURL()));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This page is not here");
  });
});

describe("React is fetched once per visit", () => {
  it("the next page takes every script the first fetched from the cache; only a chunk of its own islands comes new", async () => {
    const context = await newContext(chromium.browser, { width: PHONE });
    const page = await context.newPage();
    const watched = watchPage(page);
    // Bytes that came over the network for each of the site's scripts (0 for a script taken from the cache).
    const scriptTransfers = async () =>
      new Map(
        await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .filter((e) => /\/assets\/.+\.js$/.test(e.name))
            .map((e) => [e.name, (e as PerformanceResourceTiming).transferSize] as [string, number]),
        ),
      );
    await visit(page, ROUTES[0]!);
    await watched.quiet();
    const first = await scriptTransfers();
    expect([...first.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(50_000);
    await visit(page, ROUTES[1]!);
    await watched.quiet();
    const again = [...(await scriptTransfers())].filter(([url]) => first.has(url));
    expect(again.length).toBeGreaterThan(2);
    expect(again.filter(([, bytes]) => bytes > 0)).toEqual([]);
    await context.close();
  });
});

describe("a storefront link, clicked", () => {
  const view = usePage(chromium, { width: DESKTOP });

  it("opens the storefront in a new tab with no access to this one, keeping the referrer origin", async () => {
    await visit(view.page, "/products/");
    const href = (await view.page.locator('a[href^="https://"]').first().getAttribute("href"))!;
    // The storefront stood in for: this machine has no internet.
    const referrers: (string | undefined)[] = [];
    await view.context.route(/^https:\/\//, async (r) => {
      referrers.push((await r.request().headerValue("referer")) ?? undefined);
      await r.fulfill({ contentType: "text/html", body: "<title>Storefront</title>" });
    });
    const [popup] = await Promise.all([
      view.context.waitForEvent("page"),
      view.page.locator(`a[href="${href}"]`).first().click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(href);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(referrers[0]).toBe(`${baseURL()}/`);
    await popup.close();
  });
});
