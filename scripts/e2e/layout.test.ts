import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldPath } from "../../src/content/fields";
import { twelveFields } from "../bench/catalogue";
import { build } from "../build";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { FIXTURE_SITE } from "../test/fixtures";
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
  let dir: string;
  // Every other field priced, the first among them: cards with and without the price cue side by side. The
  // owner's own covers on two (Home's first card, and one on Products beside a drawn one), the rest drawn.
  // And the maker, with a photo, and three listeners' words, so that their sections are laid out too.
  const content = {
    ...FIXTURE_SITE,
    fields: twelveFields(FIXTURE_SITE.fields[0]!).map((field, i) => ({
      ...field,
      ...(i % 2 ? {} : { price: { amount: 12 + i, currency: "GBP", from: i === 4 } }),
      ...(i === 0 || i === 3 ? { cover: `cover-${i}.jpg` } : {}),
    })),
    maker: { name: "Ada Field", text: "I make each field at home, on headphones, over several weeks: the bed first, then the beat, then the long listen through.", photo: "maker.jpg" },
    listeners: [
      { words: "Sits under my work without asking for attention.", who: "Sam, Leeds", source: "Gumroad review", url: "https://example.shopfront.com/l/first" },
      { words: "The first one I listened to the end of, and then again the next evening.", who: "A listener", source: "E-mail to the studio" },
      { words: "Calm.", who: "Jo", source: "Gumroad review" },
    ],
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "layout-"));
    const images = join(dir, "images");
    await mkdir(images);
    const photo = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
    await writeFile(join(images, "cover-0.jpg"), await photo(1600, 1200, "#6b4f8a"));
    await writeFile(join(images, "cover-3.jpg"), await photo(1200, 1500, "#2f6f73"));
    await writeFile(join(images, "maker.jpg"), await photo(600, 800, "#8a6b4f"));
    await build({ site: content, outDir: join(dir, "dist"), images: { folder: images } });
    twelve = await serveStatic(join(dir, "dist"), { headers: true });
  });
  afterAll(async () => {
    await twelve?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("with the shipped content: nothing wider than the screen, no label broken at a hyphen or leaving its icon alone, no empty cell, no controls over each other", async () => {
    const context = await newContext(chromium.browser, { width: WIDTHS[0]! });
    expect(await problemsAtEveryWidth(await context.newPage(), baseURL(), ALL_PAGES)).toEqual([]);
    await context.close();
  });

  it("on a 375 × 667 phone, Home's first screen shows a field: its cover, title, price and play button", async () => {
    const context = await newContext(chromium.browser, { width: 375, height: 667 });
    const page = await context.newPage();
    await page.goto(twelve.url + "/", { waitUntil: "load" });
    const card = page.locator(".hero .field-card").first();
    const bottoms = await Promise.all([".field-card__thumb", ".card__title", ".field-card__price", ".preview__play"].map(async (part) => [part, (await card.locator(part).boundingBox())?.y ?? NaN, (await card.locator(part).boundingBox())?.height ?? NaN] as const));
    expect(bottoms.filter(([, y, height]) => !(y + height <= 667))).toEqual([]);
    await context.close();
  });

  it("with a catalogue of twelve fields: the same", async () => {
    const context = await newContext(chromium.browser, { width: WIDTHS[0]! });
    const routes = ["/", "/products/", "/all-fields/", "/about/", fieldPath(content.fields[5]!)];
    expect(await problemsAtEveryWidth(await context.newPage(), twelve.url, routes)).toEqual([]);
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
    for (const kind of ["an empty cell", "broken at a hyphen", "its icon alone on a line", "over each other", "wider than the screen", "two primary actions", "cards in a row not level", "an image's source laid out"]) {
      expect(problems.some((p) => p.startsWith(kind)), `${kind} in ${problems.join("; ")}`).toBe(true);
    }
    await context.close();
  });
});
