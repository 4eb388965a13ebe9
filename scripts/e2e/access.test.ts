import type { Page } from "playwright-core";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { frame } from "../../src/content/frame";
import { products } from "../../src/content/products";
import { productQuestions, serviceQuestions } from "../../src/content/questions";
import { sample } from "../../src/content/sample";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { siteSlots } from "../../src/content/slots";
import { LAST_LINE_ID } from "../../src/components/SiteFooter";
import { plainText } from "../../src/lib/slots";
import { FALLBACK_FACES } from "../static-build/media/web-fonts";
import { findPdftotext, pdfPageTexts } from "./pdf";
import { folderSource, listen, siteHandler } from "../serve/static-server";
import { decodePng, inkShare, strongestInk, type Pixels } from "./png";
import {
  baseURL,
  DESKTOP,
  FIELD_PAGE,
  hydrated,
  layoutShifts,
  NAV_LABELS,
  navLinks,
  newContext,
  PHONE,
  ROUTES,
  settle,
  toggle,
  useBrowser,
  usePage,
  VIEWPORT_HEIGHT,
  visit,
  watchPage,
} from "./site";

/**
 * What automated checkers cannot see: forced colours, a short screen, paper, the fonts a visitor is shown, and
 * questions that open with no script. Each is tried as a visitor meets it, in Chromium.
 */
const chromium = useBrowser();
/** A content text as the page shows it. */
const shown = (text: string) => plainText(text, siteSlots(site));

/** What the screen shows around an element: its box and `pad` px of what surrounds it. */
async function pixelsAround(page: Page, selector: string, pad = 4): Promise<Pixels> {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  return decodePng(
    await page.screenshot({
      clip: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
    }),
  );
}

/** The colour the screen shows at a point inside an element, `x` px in from its start, halfway down. */
async function colourInside(page: Page, selector: string, x = 8): Promise<string> {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  const { data } = await decodePng(
    await page.screenshot({ clip: { x: box.x + x, y: box.y + box.height / 2, width: 1, height: 1 } }),
  );
  return [...data.subarray(0, 3)].join(",");
}

describe.each([
  [PHONE, "/products/", "in the open menu"],
  [DESKTOP, "/about/", "in the bar"],
])("in forced colours (a contrast theme) at %i px", (width, route, where) => {
  const view = usePage(chromium, { width, forcedColors: true });

  // The same styles mark every page's own link; pages.test.ts saves every page in forced colours to look at.
  it(`marks the current page ${where}`, async () => {
    await visit(view.page, route);
    if (width === PHONE) {
      await toggle(view.page).click();
      await settle(view.page);
    }
    expect(await colourInside(view.page, '.site-nav a[aria-current="page"]', 4)).not.toBe(
      await colourInside(view.page, ".site-nav a:not([aria-current])", 4),
    );
  });
});

describe("in forced colours, on a phone", () => {
  const view = usePage(chromium, { width: PHONE, forcedColors: true });
  // The tests' own fields, each with a preview.
  const fixture = usePage(chromium, { width: PHONE, forcedColors: true, fixture: true });

  it("the menu icon is drawn", async () => {
    await visit(view.page, "/products/");
    expect(inkShare(await pixelsAround(view.page, ".site-header__toggle-icon"))).toBeGreaterThan(0.15);
  });

  it("the main action is filled and the other outlined: the two kinds of button look different", async () => {
    await visit(view.page, "/");
    const primary = await colourInside(view.page, ".hero .button--primary");
    expect(primary).not.toBe(await colourInside(view.page, ".hero .button--secondary"));
    expect(primary).not.toBe(await colourInside(view.page, ".hero__title", -2));
  });

  it("a preview's play icon and waveform are drawn, on a card and on its field's page", async () => {
    await visit(fixture.page, "/products/");
    expect(inkShare(await pixelsAround(fixture.page, ".field-card .player__play svg", 2))).toBeGreaterThan(0.1);
    await visit(fixture.page, FIELD_PAGE);
    expect(inkShare(await pixelsAround(fixture.page, ".product .player__play svg", 2))).toBeGreaterThan(0.1);
    expect(inkShare(await pixelsAround(fixture.page, ".product .player__wave svg", 2))).toBeGreaterThan(0.2);
  });

  it("the sample's play and stop icons and what of its waveform has played are drawn", async () => {
    // A fake clock is its context's: this test's own.
    const context = await newContext(chromium.browser, { width: PHONE, forcedColors: true });
    const page = await context.newPage();
    await page.clock.install();
    await visit(page, "/about/");
    expect(inkShare(await pixelsAround(page, ".sample .player__play svg", 2))).toBeGreaterThan(0.1);

    await page.locator(".sample .player__play").click();
    await expect.poll(() => page.locator(".sample .player__play").textContent()).toBe(sample.labels.stop);
    expect(inkShare(await pixelsAround(page, ".sample .player__play svg", 2))).toBeGreaterThan(0.15);
    await page.clock.fastForward((sample.seconds / 2) * 1000);
    const wave = ".sample .player__wave";
    await expect
      .poll(() => page.locator(wave).evaluate((el) => parseFloat(getComputedStyle(el).getPropertyValue("--played"))))
      .toBeGreaterThan(40);
    // Played and still to play, either side of the middle, in colours of their own.
    const drawn = await pixelsAround(page, wave, 0);
    expect(strongestInk(drawn, 0, 0.3)).not.toBe(strongestInk(drawn, 0.7, 1));
    await context.close();
  });
});

describe("on a short, narrow screen: 320 × 256 (a phone on its side, or 1280 px zoomed to 400 %)", () => {
  const view = usePage(chromium, { width: 320, height: 256 });

  it("the open menu scrolls within the screen: every link can be brought into view and chosen", async () => {
    await visit(view.page, "/about/");
    await toggle(view.page).click();
    await settle(view.page);
    const links = await navLinks(view.page).all();
    expect(links).toHaveLength(NAV_LABELS.length);
    for (const link of links) {
      await link.scrollIntoViewIfNeeded();
      const shown = await link.evaluate((a) => {
        const r = a.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= innerHeight && !!top && a.contains(top);
      });
      expect(shown, (await link.textContent()) ?? "").toBe(true);
    }
    await links.at(-1)!.click();
    await view.page.waitForURL(`**${ROUTES.at(-1)}`);
  });
});

/**
 * Text with its spacing taken out and ligatures spelled out: a PDF places each glyph itself, says where the spaces
 * were only by position, and draws "fi" as one glyph.
 */
const squeeze = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");

describe.skipIf(!findPdftotext())("printed", () => {
  const view = usePage(chromium, { width: DESKTOP });

  it.each(ROUTES)(
    "%s prints dark on white, with no bar, skip link or player, every page with something on it",
    async (route) => {
      await visit(view.page, route);
      const pages = pdfPageTexts(await view.page.pdf({ format: "A4", printBackground: true }));
      expect(pages.length).toBeGreaterThan(0);
      // A blank page, the last one above all, is paper wasted.
      expect(pages.map((text) => text.length > 0)).toEqual(pages.map(() => true));
      const text = squeeze(pages.join(""));
      expect(text).toContain(squeeze(site.brand));
      for (const absent of [
        frame.skipLink,
        frame.menu,
        sample.labels.play,
        sample.labels.check,
        shown(frame.storefrontLink.note),
      ])
        expect(text).not.toContain(squeeze(absent));

      await view.page.emulateMedia({ media: "print" });
      const colours = await view.page.evaluate(() => ({
        page: getComputedStyle(document.documentElement).backgroundColor,
        heading: getComputedStyle(document.querySelector("h1")!).color,
        players: [...document.querySelectorAll(".site-header, .preview, .sample")].filter(
          (el) => el.getClientRects().length > 0,
        ).length,
      }));
      await view.page.emulateMedia({ media: null });
      expect(colours).toEqual({ page: "rgb(255, 255, 255)", heading: "rgb(0, 0, 0)", players: 0 });
    },
  );

  it("prints where each storefront and mail link leads, every answer open, and no field card split across pages", async () => {
    await visit(view.page, "/products/");
    const text = squeeze(pdfPageTexts(await view.page.pdf({ format: "A4" })).join(""));
    // Each field Products shows in full (a longer catalogue goes on in All Fields), its storefront address printed.
    const storefronts = await view.page
      .locator(".field-card .card__actions a[href^='https:']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(storefronts.length).toBeGreaterThan(0);
    for (const url of storefronts) expect(text).toContain(squeeze(`${shown(products.fields.buy)} (${url})`));
    expect(text).toContain(squeeze(`${shown(products.personal.request)} (${site.email})`));
    // Every answer printed, closed as it is on screen: the start of each one's last paragraph.
    for (const question of productQuestions.questions)
      expect(text).toContain(
        squeeze(
          shown(question.answer.at(-1)!)
            .replace(/\[\[|\]\]/g, "")
            .slice(0, 30),
        ),
      );
    await view.page.emulateMedia({ media: "print" });
    expect(
      await view.page.locator(".field-card").evaluateAll((cards) => cards.map((c) => getComputedStyle(c).breakInside)),
    ).toEqual(storefronts.map(() => "avoid"));
    await view.page.emulateMedia({ media: null });
  });
});

const fixture = usePage(chromium, { width: PHONE, fixture: true });

/** The face the system drew an element in (Chromium's own record), as a page's tests cannot otherwise see it. */
async function drawnIn(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}
const fontFetched = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => Object.keys(localStorage)))
    .toContainEqual(expect.stringMatching(/\/assets\/eb-garamond-600-core-\w+\.woff2$/));

describe("the headings' serif", () => {
  it("never holds up or changes a first page: it paints in the stand-in, fetches the face once loaded, and nothing moves; the next page draws the face from the cache", async () => {
    const context = await newContext(chromium.browser, { width: PHONE, fixture: true });
    const page = await context.newPage();
    const watched = watchPage(page);
    await visit(page, "/about/", { use: false });
    await fontFetched(page);
    const [fetched] = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".woff2"))
        .map((e) => e.startTime),
    );
    const loadEnd = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    expect(fetched).toBeGreaterThan(loadEnd);
    await settle(page);
    expect((await drawnIn(page, "h1")).filter((name) => name.startsWith("EB Garamond"))).toEqual([]);
    expect(await layoutShifts(page)).toEqual([]);
    // The islands preloaded alongside it done too: a visitor leaving mid-preload is fine, but it is not this test.
    await watched.quiet();

    await page.goto("/services/#main", { waitUntil: "load" });
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    expect(await drawnIn(page, "h1")).toEqual([expect.stringMatching(/^EB Garamond/)]);
    // The face the first page fetched, from the cache.
    const core = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => /-core-\w+\.woff2$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).transferSize),
    );
    expect(core).toEqual([0]);
    expect(await layoutShifts(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    await context.close();
  });
});

describe("the headings' serif: its stand-in, and buttons", () => {
  it("until it is there, a system serif scaled to it stands in: one of the scaled faces, setting the page's text within 3% of the brand's measure", async () => {
    const page = fixture.page;
    await visit(page, "/about/", { use: false });
    const measured = await page.evaluate(async () => {
      const fallback = getComputedStyle(document.documentElement).getPropertyValue("--font-display-fallback");
      const text = [...document.querySelectorAll("main p")].map((p) => p.textContent).join(" ");
      // Canvas measures in a face only once it is loaded, a local one too (and those the system lacks fail to).
      await document.fonts.load('600 100px "EB Garamond"', text);
      await Promise.allSettled(fallback.split(",").map((family) => document.fonts.load(`600 100px ${family}`, text)));
      const context = document.createElement("canvas").getContext("2d")!;
      const width = (family: string) => {
        context.font = `600 100px ${family}`;
        return context.measureText(text).width;
      };
      const probe = document.body.appendChild(
        Object.assign(document.createElement("span"), { id: "fallback-probe", textContent: text.slice(0, 200) }),
      );
      probe.style.fontFamily = fallback;
      probe.style.fontWeight = "600";
      return { ratio: width(fallback) / width('"EB Garamond"'), characters: text.length };
    });
    // The face the system drew it in is one the build scaled (the machine's serif: DejaVu or Liberation on Linux).
    const scaled = FALLBACK_FACES.flatMap((face) => face.local);
    expect(
      (await drawnIn(page, "#fallback-probe")).filter((name) => !scaled.some((local) => local.startsWith(name))),
    ).toEqual([]);
    expect(measured.characters).toBeGreaterThan(500);
    expect(Math.abs(measured.ratio - 1)).toBeLessThan(0.03);
  });

  it("every button speaks in the page's own font, not the browser's button font", async () => {
    // The tests' own Products: the menu and two players. And About: the sample's buttons.
    const { page } = fixture;
    const fonts: string[] = [];
    let buttons = 0;
    for (const path of ["/products/", "/about/"]) {
      await visit(page, path);
      buttons += await page.locator("button").count();
      fonts.push(
        ...(await page.evaluate(() => {
          const body = getComputedStyle(document.body).fontFamily;
          return [...document.querySelectorAll("button")]
            .filter((b) => getComputedStyle(b).fontFamily !== body)
            .map((b) => b.textContent || b.getAttribute("aria-label")!);
        })),
      );
    }
    expect(buttons).toBeGreaterThanOrEqual(7);
    expect(fonts).toEqual([]);
  });
});

describe("questions, without JavaScript", () => {
  const view = usePage(chromium, { width: PHONE, js: false });

  it.each([
    ["/products/", productQuestions],
    ["/services/", serviceQuestions],
  ] as const)("%s: each answer opens with a click or a key", async (route, group) => {
    await visit(view.page, route);
    const questions = view.page.locator(`#${group.id} details`);
    expect(await questions.evaluateAll((all) => all.map((d) => [d.id, (d as HTMLDetailsElement).open]))).toEqual(
      group.questions.map((q) => [q.id, false]),
    );
    const [first, second] = group.questions;
    await view.page.locator(`#${first!.id} summary`).click();
    expect(await view.page.locator(`#${first!.id} .question__answer`).isVisible()).toBe(true);
    await view.page.locator(`#${second!.id} summary`).focus();
    await view.page.keyboard.press("Enter");
    expect(await view.page.locator(`#${second!.id}`).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  });
});

describe("questions, with JavaScript", () => {
  const view = usePage(chromium, { width: PHONE });

  it("a link to an answer arrives with it open, from another page or from this one", async () => {
    const [first, last] = [productQuestions.questions[0]!, productQuestions.questions.at(-1)!];
    await visit(view.page, `/products/#${last.id}`, { use: false });
    await expect
      .poll(() => view.page.locator(`#${last.id}`).evaluate((d) => (d as HTMLDetailsElement).open))
      .toBe(true);
    if (first === last) return;
    expect(await view.page.locator(`#${first.id}`).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await view.page.evaluate((id) => (location.hash = `#${id}`), first.id);
    await expect
      .poll(() => view.page.locator(`#${first.id}`).evaluate((d) => (d as HTMLDetailsElement).open))
      .toBe(true);
  });
});

describe("Home's hero", () => {
  const view = usePage(chromium, { width: PHONE });

  it.each([
    [PHONE, "below"],
    [1440, "beside"],
  ] as const)("at %i px, the fields sit %s the headline", async (width, where) => {
    await view.page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    await visit(view.page, "/", { use: false });
    const [title, fields] = await Promise.all([
      view.page.locator(".hero__title").boundingBox(),
      view.page.locator(".hero__fields").boundingBox(),
    ]);
    if (where === "beside") expect(fields!.x).toBeGreaterThan(title!.x + title!.width);
    else expect(fields!.y).toBeGreaterThan(title!.y + title!.height);
  });
});

/**
 * Serves the site as a slow network brings it: the page at `path` arrives in pieces, cut just after the ends of
 * `cuts` in its <main>, and each piece only when the test asks for it; what follows <main> comes whole with the
 * last. Every other file is served as the suite's own server serves it.
 */
async function pieceByPiece(
  path: string,
  cuts: RegExp,
): Promise<{ url: string; readonly sent: number; next(): boolean; rest(): void; close(): Promise<void> }> {
  const page = await fetch(new URL(path, baseURL()));
  const html = await page.text();
  // Sent in pieces, so without the whole page's length.
  const headers = Object.fromEntries([...page.headers].filter(([name]) => name !== "content-length"));
  const main = html.indexOf('id="main"');
  const ends = [...html.slice(main, html.indexOf("</main>", main)).matchAll(cuts)].map(
    (m) => main + m.index + m[0].length,
  );
  const pieces = [0, ...ends, html.length]
    .slice(0, -1)
    .map((from, i, starts) => html.slice(from, starts[i + 1] ?? html.length));
  let sent = 0;
  let stream: ServerResponse | undefined;
  const files = siteHandler(folderSource(inject("distDir")), { headers: true });
  const server = await listen(async (request, response) => {
    if (request.url !== path) return files(request, response);
    response.writeHead(page.status, headers);
    // Asked again (a retry on a new connection): all of it, rather than a wait for pieces that never come.
    if (stream) return void response.end(html);
    // Plain HTTP/1.1, as `listen` serves without TLS.
    stream = response as ServerResponse;
    stream.write(pieces[sent++]);
  });
  return {
    url: `${server.url}${path}`,
    /** How many pieces have been sent, each ending just after a cut. */
    get sent() {
      return sent;
    },
    /** Sends the next piece; false once the page is all sent. */
    next() {
      if (sent < pieces.length) stream!.write(pieces[sent++]);
      if (sent === pieces.length) stream!.end();
      return sent < pieces.length;
    },
    rest() {
      stream!.end(pieces.slice(sent).join(""));
      sent = pieces.length;
    },
    // Never waits on the browser's open connections.
    close: () => server.close(),
  };
}

describe("a page that arrives slowly", () => {
  const view = usePage(chromium, { width: DESKTOP });
  let page: Page;
  beforeAll(async () => {
    // A tab of its own: what its first frame saw is written down on every page it opens.
    page = await view.context.newPage();
    await page.addInitScript(
      (lastLine) =>
        requestAnimationFrame(() => {
          (window as unknown as { firstFrame: unknown }).firstFrame = {
            lastLine: document.getElementById(lastLine) !== null,
          };
        }),
      LAST_LINE_ID,
    );
  });
  afterAll(() => page.close());

  // A slow network or CPU lets a browser paint a page before all of it is parsed, and what it painted moved as the
  // rest arrived (a card's label once came after its title and pushed it down; a row of cards grew when its last
  // card's longer title came; a short page's footer, held to the foot of the screen, grew up it as its last lines
  // came). The first paint now waits for the footer's last line to open, so the whole page above it is in it.
  // Every route at a desktop's width, where cards sit in rows, and Home at a phone's: whether the first frame waits
  // is the same at every width, and pages.test.ts finds any shift on load at both widths.
  it.each([...ROUTES.map((route) => [route, DESKTOP] as const), ["/", PHONE] as const])(
    "%s at %i px: the first frame has all of the page's content, and nothing moves after it, nor when React takes over",
    async (route, width) => {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      const site = await pieceByPiece(route, /<\/(h[1-6]|p)>/g);
      try {
        await page.goto(site.url, { waitUntil: "commit" });
        // Each piece in the page before the next is sent: as many headings and paragraphs as pieces so far have
        // opened. Polled on a timer: a page whose rendering waits has no animation frames to poll on.
        do
          await page.waitForFunction(
            (pieces) => document.querySelectorAll("main :is(p, h1, h2, h3, h4, h5, h6)").length >= pieces,
            site.sent,
            { polling: 50 },
          );
        while (site.next());
        await page.waitForLoadState("load");
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame))
          .toEqual({
            lastLine: true,
          });
        await page.keyboard.press("Shift");
        await hydrated(page);
        expect(await layoutShifts(page)).toEqual([]);
      } finally {
        await site.close();
      }
    },
  );
});
