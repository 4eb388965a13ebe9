import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldPath } from "../../src/content/fields";
import { twelveFields } from "../bench/catalogue";
import { build } from "../build";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { FIXTURE_SITE } from "../test/fixtures";
import { ALL_PAGES, baseURL, newContext, useBrowser, VIEWPORT_HEIGHT } from "./site";

/** From the narrowest phone to a wide desktop, each side of every breakpoint (styles/media.css). */
export const WIDTHS = [320, 375, 768, 1024, 1280, 1920];

/**
 * With JavaScript on (its pages fold the menu behind a toggle at a phone's width; pages.test.ts checks those
 * without it), what a designer would circle on a page at its current width: anything reaching past the screen's sides, a
 * label broken at its hyphen, a button's icon on a line of its own, a row of boxes that leaves an empty cell,
 * two controls over each other, two primary actions in one screenful, cards side by side whose parts are not
 * level.
 */
export const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (/hidden|clip/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const width = document.documentElement.clientWidth;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !clipped(el)) problems.push(`wider than the screen: ${name(el)}`);
    }

    const controls = [...document.querySelectorAll("a, button, input, select, textarea")].filter(visible);
    const lineOf = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const rects = range.getClientRects();
      return rects.length ? rects[rects.length - 1]!.top : NaN;
    };
    for (const control of controls) {
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      while (walker.nextNode()) if (visible(walker.currentNode.parentElement!)) texts.push(walker.currentNode as Text);
      for (const node of texts) {
        for (const match of node.data.matchAll(/[-\u2010](?=\S)/g)) {
          if (Math.abs(lineOf(node, match.index) - lineOf(node, match.index + 1)) > 2) problems.push(`broken at a hyphen: ${name(control)}`);
        }
      }
      const icon = control.querySelector(":scope > svg, :scope > * > svg");
      const last = texts.filter((t) => t.data.trim()).at(-1);
      if (icon && last && visible(icon)) {
        const end = last.data.trimEnd().length - 1;
        const range = document.createRange();
        range.setStart(last, end);
        range.setEnd(last, end + 1);
        const text = range.getBoundingClientRect();
        const box = icon.getBoundingClientRect();
        if (box.top >= text.bottom - 1) problems.push(`its icon alone on a line: ${name(control)}`);
      }
    }
    for (const [i, a] of controls.entries()) {
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        const overlap = Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
        if (overlap) problems.push(`over each other: ${name(a)} and ${name(b)}`);
      }
    }

    // One primary action per screenful: no two bright buttons closer than the screen is tall.
    const primaries = [...document.querySelectorAll(".button--primary")].filter(visible).map((el) => [el, el.getBoundingClientRect()] as const).sort((a, b) => a[1].top - b[1].top);
    for (const [i, [el, box]] of primaries.slice(1).entries()) {
      const [before, above] = primaries[i]!;
      if (box.top - above.bottom < innerHeight) problems.push(`two primary actions in one screenful: ${name(before)} and ${name(el)}`);
    }

    // Field cards side by side share their lines: each one's title, player and action level with its neighbours'.
    const rowsOfCards = new Map<number, Element[]>();
    for (const card of document.querySelectorAll(".card-grid > .field-card")) {
      const top = Math.round(card.getBoundingClientRect().top);
      rowsOfCards.set(top, [...(rowsOfCards.get(top) ?? []), card]);
    }
    for (const cards of [...rowsOfCards.values()].filter((row) => row.length > 1)) {
      for (const part of [".card__title", ".field-card__preview", ".card__actions .button"]) {
        const tops = cards.map((card) => card.querySelector(part)?.getBoundingClientRect().top).filter((top) => top !== undefined);
        if (Math.max(...tops) - Math.min(...tops) > 1) problems.push(`cards in a row not level at ${part}: ${name(cards[0]!)}`);
      }
    }

    // Grids of boxes (cells with a border or a background): each row reaches both sides.
    const boxed = (el: Element) => {
      const style = getComputedStyle(el);
      return parseFloat(style.borderTopWidth) > 0 || style.backgroundColor !== "rgba(0, 0, 0, 0)" || style.backgroundImage !== "none";
    };
    for (const grid of document.querySelectorAll("*")) {
      const style = getComputedStyle(grid);
      if (style.display !== "grid" || style.gridTemplateColumns.split(" ").length < 2) continue;
      const cells = [...grid.children].filter(visible);
      if (cells.length < 2 || !cells.every(boxed)) continue;
      const outer = grid.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const cell of cells) {
        const r = cell.getBoundingClientRect();
        rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r]);
      }
      for (const row of rows.values()) {
        const left = Math.min(...row.map((r) => r.left));
        const right = Math.max(...row.map((r) => r.right));
        if (left - outer.left > 1 || outer.right - right > 1) problems.push(`an empty cell in a row of ${row.length}: ${name(grid)}`);
      }
    }
    return problems;
  });

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
  // Every other field priced, the first among them: cards with and without the price cue side by side.
  // And the maker and three listeners' words, so that their sections are laid out too.
  const content = {
    ...FIXTURE_SITE,
    fields: twelveFields(FIXTURE_SITE.fields[0]!).map((field, i) => (i % 2 ? field : { ...field, price: { amount: 12 + i, currency: "GBP", from: i === 4 } })),
    maker: { name: "Ada Field", text: "I make each field at home, on headphones, over several weeks: the bed first, then the beat, then the long listen through." },
    listeners: [
      { words: "Sits under my work without asking for attention.", who: "Sam, Leeds", source: "Gumroad review", url: "https://example.shopfront.com/l/first" },
      { words: "The first one I listened to the end of, and then again the next evening.", who: "A listener", source: "E-mail to the studio" },
      { words: "Calm.", who: "Jo", source: "Gumroad review" },
    ],
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "layout-"));
    await build({ site: content, outDir: join(dir, "dist") });
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
      <div class="card-grid" style="display:flex"><div class="field-card"><h3 class="card__title">A</h3></div><div class="field-card"><p>Label</p><h3 class="card__title">B</h3></div></div>
    </body>`);
    const problems = await layoutProblems(page);
    for (const kind of ["an empty cell", "broken at a hyphen", "its icon alone on a line", "over each other", "wider than the screen", "two primary actions", "cards in a row not level"]) {
      expect(problems.some((p) => p.startsWith(kind)), `${kind} in ${problems.join("; ")}`).toBe(true);
    }
    await context.close();
  });
});
