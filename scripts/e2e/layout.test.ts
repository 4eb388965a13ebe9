import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { CATALOGUE_ROUTES } from "./catalogue-site";
import { findLayoutProblems, WIDTHS } from "./layout";
import { ALL_PAGES, baseURL, newContext, useBrowser, VIEWPORT_HEIGHT } from "./site";

/** With JavaScript on: its pages fold the menu behind a toggle at a phone's width (pages.test.ts checks them without). */
const layoutProblems = (page: Page) => page.evaluate(findLayoutProblems);

const chromium = useBrowser();

async function problemsAtEveryWidth(page: Page, origin: string, routes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: VIEWPORT_HEIGHT });
    await page.goto(origin + route, { waitUntil: "load" });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      for (const problem of await layoutProblems(page)) found.push(`${route} at ${width} px: ${problem}`);
    }
  }
  return found;
}

describe("the layout at every width from 320 to 1920 px", () => {
  let twelve: StaticServer;
  beforeAll(async () => {
    twelve = await serveStatic(inject("catalogueDistDir"), { headers: true });
  });
  afterAll(() => twelve?.close());

  it("with the shipped content: nothing wider than the screen, no label broken at a hyphen or leaving its icon alone, no empty cell, no controls over each other", async () => {
    const context = await newContext(chromium.browser, { width: WIDTHS[0]! });
    expect(await problemsAtEveryWidth(await context.newPage(), baseURL(), ALL_PAGES)).toEqual([]);
    await context.close();
  });

  it("on a 375 × 667 phone, Home's first screen shows a field: its cover, title, price and play button", async () => {
    const context = await newContext(chromium.browser, { width: 375, height: 667 });
    const page = await context.newPage();
    await page.goto(`${twelve.url}/`, { waitUntil: "load" });
    const card = page.locator(".hero .field-card").first();
    const bottoms = await Promise.all(
      [".field-card__thumb", ".card__title", ".field-card__price", ".preview__play"].map(
        async (part) =>
          [
            part,
            (await card.locator(part).boundingBox())?.y ?? NaN,
            (await card.locator(part).boundingBox())?.height ?? NaN,
          ] as const,
      ),
    );
    expect(bottoms.filter(([, y, height]) => !(y + height <= 667))).toEqual([]);
    await context.close();
  });

  it("a field's page shows its storefront action in the first screen of a 375 × 667 phone, a 768 × 1024 tablet (its cover and player too) and a 1440 × 900 laptop", async () => {
    const context = await newContext(chromium.browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await page.goto(`${twelve.url}${CATALOGUE_ROUTES.find((route) => route.startsWith("/fields/"))}`, {
      waitUntil: "load",
    });
    const action = ".field-action .button";
    for (const [width, height, parts] of [
      [375, 667, [action]],
      [768, 1024, [".field-detail__cover", ".field-detail .preview__play", action]],
      [1440, 900, [action]],
    ] as const) {
      await page.setViewportSize({ width, height });
      const boxes = await Promise.all(
        parts.map(async (part) => [part, await page.locator(part).first().boundingBox()] as const),
      );
      expect(
        boxes.filter(([, box]) => !box || box.y + box.height > height).map(([part]) => part),
        `${width} × ${height}`,
      ).toEqual([]);
    }
    await context.close();
  });

  it("#25 the first page of a first visit changes its headings to the brand's face on each of the catalogue's pages, at 375, 768 and 1440 px", async () => {
    const context = await newContext(chromium.browser, { width: 375 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const kept: string[] = [];
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      for (const route of CATALOGUE_ROUTES) {
        // A first visit as the loader sees one: nothing remembered (the face itself may come from the HTTP cache).
        await cdp.send("Storage.clearDataForOrigin", { origin: twelve.url, storageTypes: "local_storage" });
        await page.goto(`${twelve.url}${route}`, { waitUntil: "load" });
        // The loader remembers the face, then changes to it unless something in view would move (src/client/loader.ts).
        const changed = await page
          .waitForFunction(() => document.documentElement.classList.contains("font-cached"), undefined, {
            timeout: 10_000,
          })
          .then(() => true)
          .catch(() => false);
        if (!changed) kept.push(`${route} at ${width} px`);
      }
    }
    expect(kept, "pages that kept the stand-in").toEqual([]);
    await context.close();
  });

  it("with a catalogue of twelve fields: the same", async () => {
    const context = await newContext(chromium.browser, { width: WIDTHS[0]! });
    expect(await problemsAtEveryWidth(await context.newPage(), twelve.url, CATALOGUE_ROUTES)).toEqual([]);
    await context.close();
  });
});

describe("the layout checks can fail", () => {
  it("each finds what it looks for on a page built to have it", async () => {
    const context = await newContext(chromium.browser, { width: 320, js: false });
    const page = await context.newPage();
    await page.setContent(`<body style="margin:0;font:16px/1.2 serif">
      <div style="display:grid;grid-template-columns:1fr 1fr;width:300px"><p style="border:1px solid">a</p><p style="border:1px solid">b</p><p style="border:1px solid">c</p></div>
      <a href="#" style="display:inline-block;width:3.6em">Browse Ready-Made Fields</a>
      <a href="#" style="display:block;width:4em">Go home <svg style="display:block" width="10" height="10"></svg></a>
      <button style="position:relative;top:0">one</button><button style="position:relative;left:-2em">two</button>
      <div style="width:400px;height:1px"></div>
      <a class="button--primary" href="#">Buy</a> <a class="button--primary" href="#">Ask</a>
      <div style="display:flex;gap:1em"><picture style="display:contents"><source type="image/avif" srcset="a.avif"><img src="a.png" width="10" height="10" alt=""></picture><p>Title</p></div>
      <div class="card-grid" style="display:flex"><div class="field-card"><h3 class="card__title">A</h3></div><div class="field-card"><p>Label</p><h3 class="card__title">B</h3></div></div>
    </body>`);
    const problems = await layoutProblems(page);
    for (const kind of [
      "an empty cell",
      "broken at a hyphen",
      "its icon alone on a line",
      "over each other",
      "wider than the screen",
      "two primary actions",
      "cards in a row not level",
      "an image's source laid out",
    ]) {
      expect(
        problems.some((p) => p.startsWith(kind)),
        `${kind} in ${problems.join("; ")}`,
      ).toBe(true);
    }
    await context.close();
  });
});
