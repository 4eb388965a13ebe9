import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fieldPath } from "../../src/content/fields";
import { selections } from "../../src/content/purposes";
import { selectionPath } from "../../src/pages/all-fields";
import { CATALOGUE_ROUTES, CATALOGUE_SITE } from "./catalogue-site";
import {
  catalogueCardProblems,
  findLayoutProblems,
  foldProblems,
  gridCountProblems,
  productFirstScreenProblems,
  WIDTHS,
} from "./layout";
import { ALL_PAGES, baseURL, newContext, useBrowser, VIEWPORT_HEIGHT } from "./site";

/** A phone's and a laptop's first screen. */
const FIRST_SCREENS = [
  [375, 812],
  [1440, 900],
] as const;
/**
 * How much taller the page's headline box is than the lines in it: a box held at its stand-in's height where the
 * face sets a line fewer shows a line of space under the text (37 to 65 px).
 */
const headlineSlack = () => {
  const h1 = document.querySelector("h1")!;
  const range = document.createRange();
  range.selectNodeContents(h1);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0);
  return (
    h1.getBoundingClientRect().height - (Math.max(...lines.map((r) => r.bottom)) - Math.min(...lines.map((r) => r.top)))
  );
};
/** What a headline's box may hold beyond its lines. */
const HEADLINE_SLACK = 12;

/** The pages of a built site's fields: /fields/<slug>/. */
const fieldPages = (dist: string) => readdirSync(join(dist, "fields")).map((slug) => `/fields/${slug}/`);

/** With JavaScript on (pages.test.ts checks them without). */
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

/** Each grid of like cards on its route, given 2, 3, 5 and 12 cards at 375, 768 and 1440 px. */
async function gridsWithEveryCount(page: Page, origin: string): Promise<string[]> {
  const found: string[] = [];
  for (const [route, selector] of [
    ["/all-fields/", ".card-grid--fields"],
    [fieldPath(CATALOGUE_SITE.fields[0]!), ".card-grid--fields"],
    ["/products/", ".card-grid--rows"],
    ["/", ".card-grid--three"],
    ["/contact/", ".card-grid--two"],
  ] as const) {
    await page.setViewportSize({ width: 375, height: VIEWPORT_HEIGHT });
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      for (const problem of await page.evaluate(gridCountProblems, { selector, counts: [2, 3, 5, 12] }))
        found.push(`${route} ${selector} at ${width} px: ${problem}`);
    }
  }
  return found;
}

/** On every route at 375, 768 and 1440 px, each headline taller than its lines by more than HEADLINE_SLACK, first visit and next. */
async function headlinesOverTheirLines(page: Page, origin: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const slack: string[] = [];
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    for (const route of new Set([...CATALOGUE_ROUTES, "/services/", "/contact/"])) {
      for (const visit of ["first", "next"] as const) {
        // A first visit as the loader sees one: nothing remembered (the face itself may come from the HTTP cache).
        if (visit === "first") await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage" });
        await page.goto(`${origin}${route}`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        const cached = await page.evaluate(() => document.documentElement.classList.contains("font-cached"));
        expect(cached, `${route} at ${width} px, ${visit} visit`).toBe(visit === "next");
        const over = await page.evaluate(headlineSlack);
        if (over > HEADLINE_SLACK) slack.push(`${route} at ${width} px, ${visit} visit: ${Math.round(over)} px`);
        // The loader remembers the face once it has fetched it, for the next visit.
        if (visit === "first")
          await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith(".woff2")));
      }
    }
  }
  return slack;
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

  it("every field's page opens with its product whole in the first screen of a 375 × 812 phone and a 1440 × 900 laptop: cover, title, play, action and price, what a buyer gets", async () => {
    const context = await newContext(chromium.browser, { width: 375, height: 812 });
    const page = await context.newPage();
    const found: string[] = [];
    for (const [origin, dist] of [
      [baseURL(), inject("distDir")],
      [twelve.url, inject("catalogueDistDir")],
    ])
      for (const route of fieldPages(dist!)) {
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(`${origin}${route}`, { waitUntil: "load" });
        for (const [width, height] of FIRST_SCREENS) {
          await page.setViewportSize({ width, height });
          for (const problem of await page.evaluate(productFirstScreenProblems))
            found.push(`${route} at ${width} × ${height}: ${problem}`);
        }
      }
    expect(found).toEqual([]);
    await context.close();
  });

  it("every list of fields sells from its first screen: each card its cover, title, Play, price where set and action, a whole card in view on a phone and a laptop; on Home, a field's Play and action on a phone", async () => {
    const context = await newContext(chromium.browser, { width: 375, height: 812 });
    const page = await context.newPage();
    const found: string[] = [];
    const priced = CATALOGUE_SITE.fields.filter((field) => field.price).map((field) => field.title);
    const list = selectionPath(selections(CATALOGUE_SITE)[0]!);
    for (const [origin, expected] of [
      [baseURL(), { played: true, priced: [] as string[] }],
      [twelve.url, { played: true, priced }],
    ] as const)
      for (const route of ["/products/", "/all-fields/", list, "/"]) {
        if (origin === baseURL() && route === list) continue;
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(`${origin}${route}`, { waitUntil: "load" });
        for (const [width, height] of route === "/" ? [FIRST_SCREENS[0]!] : FIRST_SCREENS) {
          await page.setViewportSize({ width, height });
          for (const problem of await page.evaluate(catalogueCardProblems, expected))
            found.push(`${origin}${route} at ${width} × ${height}: ${problem}`);
        }
      }
    expect(found).toEqual([]);
    await context.close();
  });

  it("every page marks where its first screen ends truly: nothing after it is in the first screen of a phone or a laptop", async () => {
    const context = await newContext(chromium.browser, { width: 375, height: 812 });
    const page = await context.newPage();
    const found: string[] = [];
    const list = selectionPath(selections(CATALOGUE_SITE)[0]!);
    for (const [origin, routes] of [
      [baseURL(), ALL_PAGES],
      [twelve.url, [...CATALOGUE_ROUTES, list, "/services/", "/contact/"]],
    ] as const)
      for (const route of routes) {
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(`${origin}${route}`, { waitUntil: "load" });
        for (const [width, height] of FIRST_SCREENS) {
          await page.setViewportSize({ width, height });
          for (const problem of await page.evaluate(foldProblems))
            found.push(`${route} at ${width} × ${height}: ${problem}`);
        }
      }
    expect(found).toEqual([]);
    await context.close();
  });

  it("a grid of like cards never leaves one alone in its last row, nor a hole, with 2, 3, 5 and 12 cards at 375, 768 and 1440 px", async () => {
    const context = await newContext(chromium.browser, { width: 375 });
    const page = await context.newPage();
    expect(await gridsWithEveryCount(page, twelve.url)).toEqual([]);
    await context.close();
  });

  it("on every route at 375, 768 and 1440 px, a headline's box fits its lines: in the stand-in of a first visit, and in the face of the next", async () => {
    const context = await newContext(chromium.browser, { width: 375 });
    const page = await context.newPage();
    expect(
      await headlinesOverTheirLines(page, twelve.url),
      `headlines taller than their lines by more than ${HEADLINE_SLACK} px`,
    ).toEqual([]);
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
      <a class="button" href="#" style="display:inline-block;width:5em"><span class="button__label">Access the Field</span></a>
      <div class="grid-of-two" style="display:grid;grid-template-columns:1fr 1fr;width:300px"><p style="border:1px solid">a</p><p style="border:1px solid">b</p></div>
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
      "a label on 2 lines",
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
    // Two to a row, with three: the third alone in its row, and a hole beside it.
    expect(await page.evaluate(gridCountProblems, { selector: ".grid-of-two", counts: [2, 3] })).toEqual([
      "3 cards: one alone in the last row (rows of 2, 1)",
      "3 cards: a row of 1 leaves a hole (rows of 2, 1)",
    ]);
    await context.close();
  });
});
