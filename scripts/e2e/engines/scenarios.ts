import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, type ExpectStatic } from "vitest";
import { sample } from "../../../src/content/sample";
import { SCROLL_THRESHOLD } from "../../../src/islands/SiteHeader";
import { FIELD_PAGE, PHONE, ROUTES, screenshotDir, screenshotName, SCREENSHOTS, VIEWPORT_HEIGHT } from "../site";
import { chromiumEngine } from "./chromium";
import { pollUntil } from "../../test/poll";
import type { Engine, EngineName, EngineView, LaunchOptions } from "./engine";
import { firefoxMissing } from "../../test/firefox";
import { firefoxEngine } from "./firefox";
import { CATALOGUE_ROUTES } from "../catalogue-site";
import { findLayoutProblems, gridCountProblems, productFirstScreenProblems, WIDTHS } from "../layout";
import { AS_BUILT, CATALOGUE, FIXTURE, watchedSite, type SiteMode, type WatchedSite } from "./watched-site";
import { webkitEngine, webkitMissing } from "./webkit";

/** A laptop: the other width each engine's screenshots are taken at. */
export const LAPTOP = 1280;
const NO_JS: SiteMode = { ...AS_BUILT, scripts: "removed" };
const NO_WEB_AUDIO: SiteMode = { ...AS_BUILT, webAudio: false };

const LABEL: Record<EngineName, string> = { chromium: "Chromium", firefox: "Firefox", webkit: "WebKit" };

const ENGINE: Record<EngineName, { missing(): string | undefined; launch(options: LaunchOptions): Promise<Engine> }> = {
  chromium: { missing: () => undefined, launch: (options) => chromiumEngine(options, inject("chromiumEndpoint")) },
  firefox: { missing: firefoxMissing, launch: firefoxEngine },
  webkit: { missing: webkitMissing, launch: webkitEngine },
};

// Functions given to `evaluate` run in the page: each is whole in itself, naming nothing from this module.

// What the page holds, read the same way in every engine (the probe's records: see watched-site.ts).
declare global {
  interface Window {
    __problems: string[];
    __audioContexts: AudioContext[];
    __faceArrival?: { before?: string; after: string };
  }
}

/** Polls the page until `fn` returns true, and says what it last returned if it never does. */
async function until<A>(view: EngineView, what: string, fn: (arg: A) => unknown, arg?: A): Promise<void> {
  let last: unknown;
  // A page between two documents (a link just followed) cannot answer yet: ask again.
  const check = async () => (last = await view.evaluate(fn, arg).catch((error: Error) => error.message)) === true;
  await pollUntil(what, check).catch((error: Error) => {
    throw new Error(`${error.message}; last seen: ${JSON.stringify(last)}`);
  });
}

const live = () => document.querySelectorAll("[data-island]:not([data-hydrated])").length === 0;
/** Live, and the font the loader fetches after the first paint fetched and noted (src/client/loader.ts). */
const settledWithScript = () =>
  document.querySelectorAll("[data-island]:not([data-hydrated])").length === 0 &&
  Object.keys(localStorage).some((key) => key.endsWith(".woff2"));
/**
 * The first heading's fonts, and whether a face of the brand's family has loaded to draw it: the loader's own or the
 * stylesheet's. (fonts.check() says no while the stylesheet's has failed, though the loader's draws the heading.)
 */
const headingFace = () => ({
  family: getComputedStyle(document.querySelector("h1")!).fontFamily,
  loaded: [...document.fonts].some(
    (face) => face.family.replace(/"/g, "") === "EB Garamond" && face.status === "loaded",
  ),
});
const twoFrames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));

/** A tab on a site of its own: what it asks the server for is its own. */
interface Tab {
  view: EngineView;
  site: WatchedSite;
}

/** What each part of an engine's scenarios is given: the engine's name, its pool of tabs, the checks they share. */
interface Shared {
  name: EngineName;
  take(): Promise<Tab>;
  give(tab: Tab): void;
  /** A tab held by one part for all its scenarios, given back after them. */
  holdTab(): Tab;
  problems(view: EngineView): Promise<Window["__problems"]>;
  failedSince(site: WatchedSite, from: number): WatchedSite["served"];
  shot(view: EngineView, route: string, width: number): Promise<unknown>;
  overflow(view: EngineView): Promise<{ over: string[]; scrollsWider: boolean }>;
}

/**
 * The scenarios every engine must pass, run in one engine: each route loads cleanly with and without JavaScript
 * and fits a 320 px screen (with SCREENSHOTS=1, saved at 375 and 1280 px), the header's behaviour, and the band
 * sample and previews. What is the same in every engine (the HTML, the bytes, the sound itself) is tested
 * once elsewhere; this is what engines do differently.
 */
export function engineScenarios(name: EngineName): void {
  const label = LABEL[name];
  describe(`in ${label}`, () => {
    const missing = ENGINE[name].missing();
    if (missing) {
      // Never skipped in silence, never counted as passed: the run fails, saying what to install.
      it(`cannot run here: ${missing}`, () => {
        throw new Error(`${label} cannot run here: ${missing}`);
      });
      return;
    }

    let engine: Engine;
    const tabs: Tab[] = [];
    let idle: Tab[] = [];
    let waitingForTab: ((tab: Tab) => void)[] = [];
    const take = () =>
      new Promise<Tab>((resolve) => (idle.length ? resolve(idle.pop()!) : waitingForTab.push(resolve)));
    const give = (tab: Tab) => (waitingForTab.length ? waitingForTab.shift()!(tab) : idle.push(tab));
    beforeAll(async () => {
      const sound = inject("sound");
      engine = await ENGINE[name].launch({
        pulseServer: "address" in sound ? sound.address : undefined,
        screenshots: SCREENSHOTS,
      });
      tabs.push(
        ...(await Promise.all(
          Array.from({ length: engine.tabs }, async () => {
            const site = watchedSite(inject("distDir"), inject("fixtureDistDir"), inject("catalogueDistDir"));
            return { site, view: await engine.newView(site) };
          }),
        )),
      );
      idle = [...tabs];
    });
    afterAll(async () => {
      await engine?.close();
      await Promise.all(tabs.map((tab) => tab.site.close()));
      waitingForTab = [];
    });

    const problems = (view: EngineView) => view.evaluate(() => window.__problems);
    const failedSince = (site: WatchedSite, from: number) =>
      site.served.slice(from).filter((request) => request.status >= 400);
    const shot = (view: EngineView, route: string, width: number) =>
      view.screenshot(
        join(
          screenshotDir(name),
          screenshotName(route, width).replace(/\.jpg$/, engine.screenshotType === "png" ? ".png" : ".jpg"),
        ),
      );
    /** Anything drawn past the right edge of the viewport, and whether the page scrolls sideways. */
    const overflow = (view: EngineView) =>
      view.evaluate(() => {
        const width = document.documentElement.clientWidth;
        // Light that a section clips to itself (the orbs, a glow) is drawn only inside it.
        const clipped = (el: Element) => {
          for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement)
            if (getComputedStyle(parent).overflowX !== "visible") return true;
          return false;
        };
        const over = [...document.querySelectorAll("body *")].filter(
          (el) => el.getBoundingClientRect().right > width + 0.5 && el.checkVisibility() && !clipped(el),
        );
        return {
          over: over.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
          scrollsWider: document.documentElement.scrollWidth > width,
        };
      });

    // The three parts side by side, each tab from a pool (WebKitGTK holds the load event of a page with <audio>
    // about 3 s, with nothing else to do meanwhile): the routes a tab each, the header and the players a tab
    // each for their scenarios in turn.
    /** A tab held by one part for all its scenarios, given back after them. */
    const holdTab = () => {
      const held = {} as Tab;
      beforeAll(async () => Object.assign(held, await take()));
      afterAll(() => give({ ...held }));
      return held;
    };

    const shared: Shared = { name, take, give, holdTab, problems, failedSince, shot, overflow };
    routeScenarios(shared);
    catalogueScenarios(shared);
    fontScenarios(shared);
    headerScenarios(shared);
    playerScenarios(shared);
  });
}

/** Every route with and without JavaScript, and the layout at every width (in Chromium only to save pictures). */
function routeScenarios({ name, take, give, problems, failedSince, shot, overflow }: Shared): void {
  // In Chromium, pages.test.ts checks the same of every page (console, requests, fit at 375, 320 and 1440 px), with
  // and without JavaScript: here it runs there only to save the screenshots beside the other engines'.
  if (name !== "chromium" || SCREENSHOTS)
    describe.concurrent("every route", () => {
      it.concurrent.for(ROUTES)(
        `%s with JavaScript: no console error or warning and no failed request, and at ${WIDTHS.join(", ")} px none of the layout's problems (layout.ts)`,
        async (route, { expect }) => {
          const { view, site } = await take();
          try {
            const from = site.served.length;
            // Opened at #main, which starts React at once.
            await view.open(`${route}#main`, { width: PHONE, height: VIEWPORT_HEIGHT });
            await until(view, "the islands live and the font fetched", settledWithScript);
            await site.quiet();
            expect(await view.evaluate(() => document.documentElement.classList.contains("js"))).toBe(true);
            if (SCREENSHOTS) await shot(view, route, PHONE);
            // Saving pictures, WebKitGTK renders each resize at a cost (a route at six widths passed a minute): the
            // widths the pictures are taken at, which npm test checks with the rest.
            for (const width of SCREENSHOTS ? [PHONE, LAPTOP] : WIDTHS) {
              await view.resize({ width, height: VIEWPORT_HEIGHT });
              await view.evaluate(twoFrames);
              expect(await view.evaluate(findLayoutProblems), `at ${width} px`).toEqual([]);
              expect(
                await view.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
                `at ${width} px`,
              ).toBe(false);
            }
            if (SCREENSHOTS) await shot(view, route, LAPTOP);
            await site.quiet();
            expect(await problems(view)).toEqual([]);
            expect(failedSince(site, from)).toEqual([]);
          } finally {
            give({ view, site });
          }
        },
      );

      // Not while saving pictures: those are of the owner's site.
      if (!SCREENSHOTS)
        it.concurrent.for(CATALOGUE_ROUTES)(
          `%s of a twelve-field catalogue (owner covers, prices, the maker): at ${WIDTHS.join(", ")} px none of the layout's problems`,
          async (route, { expect }) => {
            const { view, site } = await take();
            try {
              await view.open(`${route}#main`, { width: WIDTHS[0]!, height: VIEWPORT_HEIGHT }, CATALOGUE);
              await until(view, "the islands live and the font fetched", settledWithScript);
              for (const width of WIDTHS) {
                await view.resize({ width, height: VIEWPORT_HEIGHT });
                await view.evaluate(twoFrames);
                expect(await view.evaluate(findLayoutProblems), `at ${width} px`).toEqual([]);
              }
              await site.quiet();
            } finally {
              give({ view, site });
            }
          },
        );

      it.concurrent.for(ROUTES)(
        `%s without JavaScript (the site's scripts removed): no console error or warning and no failed request at ${PHONE} px`,
        async (route, { expect }) => {
          const { view, site } = await take();
          try {
            const from = site.served.length;
            await view.open(route, { width: PHONE, height: VIEWPORT_HEIGHT }, NO_JS);
            await site.quiet();
            expect(await view.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);
            expect(await overflow(view)).toEqual({ over: [], scrollsWider: false });
            expect(await problems(view)).toEqual([]);
            expect(failedSince(site, from)).toEqual([]);
          } finally {
            give({ view, site });
          }
        },
      );
    });
}

/**
 * All Fields' grid with two, three, five and twelve fields, none alone in its last row, at a phone's, a
 * tablet's and a laptop's width; and a field's own page, its product whole in the first screen of a phone and a
 * laptop (in Chromium, layout.test.ts checks every field's page, and the other grids).
 */
function catalogueScenarios({ take, give }: Shared): void {
  describe.concurrent("the catalogue and a field's page", () => {
    it.concurrent("All Fields' grid leaves no field alone in its last row, nor a hole, with 2, 3, 5 and 12 fields at 375, 768 and 1440 px", async ({
      expect,
    }) => {
      const { view, site } = await take();
      try {
        await view.open("/all-fields/", { width: PHONE, height: VIEWPORT_HEIGHT }, CATALOGUE);
        for (const width of [PHONE, 768, 1440]) {
          await view.resize({ width, height: VIEWPORT_HEIGHT });
          await view.evaluate(twoFrames);
          expect(
            await view.evaluate(gridCountProblems, { selector: ".card-grid--fields", counts: [2, 3, 5, 12] }),
            `at ${width} px`,
          ).toEqual([]);
        }
      } finally {
        give({ view, site });
      }
    });

    it.concurrent("a field's page shows its product whole in the first screen of a 375 × 812 phone and a 1440 × 900 laptop", async ({
      expect,
    }) => {
      const { view, site } = await take();
      try {
        const field = CATALOGUE_ROUTES.find((route) => route.startsWith("/fields/"))!;
        await view.open(field, { width: PHONE, height: 812 }, CATALOGUE);
        for (const [width, height] of [
          [PHONE, 812],
          [1440, 900],
        ] as const) {
          await view.resize({ width, height });
          await view.evaluate(twoFrames);
          expect(await view.evaluate(productFirstScreenProblems), `at ${width} × ${height}`).toEqual([]);
        }
      } finally {
        give({ view, site });
      }
    });
  });
}

/**
 * The headings' face (src/client/loader.ts, scripts/static-build/media/web-fonts.ts): a first page keeps the face it
 * painted with, so nothing in view moves when the face is fetched, and the next page draws its headings in it from
 * the start. In Chromium, access.test.ts checks the same with the browser's own record of layout shifts.
 */
function fontScenarios({ name, take, give }: Shared): void {
  if (name === "chromium") return;
  describe.concurrent("the headings' face", () => {
    it.concurrent.for([false, true])(
      "a first page keeps the face it painted with, nothing in view moving as the face is fetched; the next page has it from the start where it comes in time (fonts late and uncached: %s)",
      async (slowFonts, { expect }) => {
        const { view, site } = await take();
        try {
          // A first visit to this tab's site (each tab's site is its own origin), on the page not found, where a
          // broken link lands a first visit: a page with no <audio>, whose load event WebKitGTK holds some 3 s.
          const mode = { ...FIXTURE, slowFonts };
          await view.open("/nowhere/?face-arrival", { width: PHONE, height: VIEWPORT_HEIGHT }, mode);
          await until(
            view,
            "the face fetched and noted, and the page looked at again",
            () => window.__faceArrival !== undefined,
          );
          const { before, after } = await view.evaluate(() => window.__faceArrival!);
          expect(after).toBe(before);
          // The next page: from the cache, the face from its first frame; a face that comes later than `optional`
          // waits, never (its stand-in, set to the same lines, stays).
          await view.open("/nowhere/", { width: PHONE, height: VIEWPORT_HEIGHT }, mode);
          // Until its fonts have settled, not only its load: a busy machine reads even the cache late. A slowed face
          // may take longer than the test, so there the load is enough.
          await until(
            view,
            "the next page loaded, and its fonts settled",
            (slow) => document.readyState === "complete" && (slow || document.fonts.status === "loaded"),
            slowFonts,
          );
          if (!slowFonts) {
            const heading = await view.evaluate(headingFace);
            expect(heading.family).toMatch(/^"?EB Garamond"?,/);
            expect(heading.loaded).toBe(true);
          }
        } finally {
          give({ view, site });
        }
      },
    );
  });
}

/** The header: the current link, its look on scroll, the phone menu. */
function headerScenarios({ holdTab }: Shared): void {
  describe.concurrent("the header", () => {
    const own = holdTab();
    const ROUTE = "/about/";
    const look = (selector: string) =>
      own.view.evaluate((s) => {
        const style = getComputedStyle(document.querySelector(s)!);
        return `${style.backgroundColor} ${style.color} ${style.boxShadow}`;
      }, selector);
    /** The alpha of the bar's background, painted by its ::before. */
    const barOpacity = () =>
      own.view.evaluate(() => {
        const parts = getComputedStyle(document.querySelector(".site-header")!, "::before")
          .backgroundColor.match(/[\d.]+/g)!
          .map(Number);
        return parts.length === 4 ? parts[3]! : 1;
      });
    const scrollTo = async (y: number) => {
      await own.view.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await own.view.evaluate(twoFrames);
      expect(await own.view.evaluate(() => window.scrollY)).toBe(y);
    };

    it.sequential(`on a laptop: marks the current page, and turns more opaque past ${SCROLL_THRESHOLD} px of scroll (not at ${SCROLL_THRESHOLD}), and back at the top`, async ({
      expect,
    }) => {
      await own.view.open(`${ROUTE}#main`, { width: LAPTOP, height: VIEWPORT_HEIGHT });
      await until(own.view, "the header live", live);
      expect(
        await own.view.evaluate(() => document.querySelector('.site-nav a[aria-current="page"]')?.getAttribute("href")),
      ).toBe(ROUTE);
      expect(await look('.site-nav a[aria-current="page"]')).not.toBe(await look(".site-nav a:not([aria-current])"));
      const atTop = await barOpacity();
      await scrollTo(SCROLL_THRESHOLD);
      expect(await barOpacity()).toBe(atTop);
      // The bar changes when the page hears the scroll: waited for, up to a ceiling (WebKit under load heard the
      // scroll back to the top after two frames had passed), and only where a change is expected.
      await scrollTo(SCROLL_THRESHOLD + 1);
      await pollUntil("the bar more opaque past the threshold", async () => (await barOpacity()) > atTop);
      await scrollTo(0);
      await pollUntil("the bar as it was at the top", async () => (await barOpacity()) === atTop);
    });

    const open = () => own.view.evaluate(() => document.querySelector(".site-nav")!.matches(":popover-open"));
    const linksShown = () =>
      [...document.querySelectorAll(".site-nav a")].every((a) => a.checkVisibility({ visibilityProperty: true }));
    const linksHidden = () =>
      ![...document.querySelectorAll(".site-nav a")].some((a) => a.checkVisibility({ visibilityProperty: true }));

    it.sequential("on a phone: the menu opens from its toggle, and Escape closes it with focus back on the toggle", async ({
      expect,
    }) => {
      await own.view.open(`${ROUTE}#main`, { width: PHONE, height: VIEWPORT_HEIGHT });
      await until(own.view, "the header live", live);
      expect(await open()).toBe(false);
      await own.view.click(".site-header__toggle");
      expect(await open()).toBe(true);
      await until(own.view, "every link in the menu shown", linksShown);
      await own.view.evaluate(() => document.querySelectorAll<HTMLElement>(".site-nav a")[2]!.focus());
      await own.view.press("Escape");
      await until(own.view, "the menu's links hidden", linksHidden);
      expect(await open()).toBe(false);
      await until(
        own.view,
        "focus back on the toggle",
        () => document.activeElement?.className === "site-header__toggle" || document.activeElement?.tagName,
      );
    });

    // The menu is the browser's own (a popover): it answers the first tap whether or not the page's scripts have run.
    for (const when of ["with JavaScript off", "while the page's scripts are still loading"] as const)
      it.sequential(`on a phone, ${when}: the menu opens from its toggle and closes on the second tap`, async ({
        expect,
      }) => {
        const off = when === "with JavaScript off";
        const release = off ? () => {} : own.site.holdScripts();
        try {
          const mode = off ? NO_JS : { ...AS_BUILT, fresh: "menu while loading" };
          await own.view.open(ROUTE, { width: PHONE, height: VIEWPORT_HEIGHT }, mode);
          await own.view.click(".site-header__toggle");
          await until(own.view, "every link in the menu shown", linksShown);
          expect(await open()).toBe(true);
          expect(await own.view.evaluate(() => document.querySelectorAll("[data-hydrated]").length)).toBe(0);
          await own.view.click(".site-header__toggle");
          await until(own.view, "the menu's links hidden", linksHidden);
          expect(await open()).toBe(false);
        } finally {
          release();
        }
        await own.site.quiet();
      });

    it.sequential("on a phone: the menu closes when a link is chosen, and the page navigates", async ({ expect }) => {
      await leavesByTheMenu(own, ROUTE, expect);
    });
  });
}

/** On a phone, a link chosen in the open menu: the page navigates, and the menu was closed as the visitor left. */
async function leavesByTheMenu(own: Tab, route: string, expect: ExpectStatic): Promise<void> {
  await own.view.open(`${route}#main`, { width: PHONE, height: VIEWPORT_HEIGHT });
  await until(own.view, "the header live", live);
  const target = "/contact/";
  // What the menu looked like as the visitor left, sent as the page was left (Firefox can drop storage written then).
  await own.view.evaluate(() =>
    addEventListener("pagehide", () =>
      navigator.sendBeacon("/__report", `menu ${document.querySelector(".site-nav")!.matches(":popover-open")}`),
    ),
  );
  const reported = own.site.reports.length;
  await own.view.click(".site-header__toggle");
  await until(own.view, "the menu open", () =>
    [...document.querySelectorAll(".site-nav a")].every((a) => a.checkVisibility({ visibilityProperty: true })),
  );
  await own.view.click(`.site-nav a[href="${target}"]`);
  await until(
    own.view,
    `arrival at ${target}`,
    (path) => location.pathname === path && document.readyState === "complete",
    target,
  );
  await expect.poll(() => own.site.reports.slice(reported)).toEqual(["menu false"]);
}

/** The band sample and the previews: nothing before a click, one sound at a time, seeking. */
function playerScenarios({ holdTab, problems }: Shared): void {
  describe.concurrent("the band sample, on About, and the previews, on Products", () => {
    const own = holdTab();
    const status = () => own.view.evaluate(() => document.querySelector(".sample__status")!.textContent);
    const contexts = () => own.view.evaluate(() => window.__audioContexts.map((c) => c.state));
    const audioAt = (n: number) =>
      own.view.evaluate(
        (i) => ({
          paused: document.querySelectorAll("audio")[i]!.paused,
          time: document.querySelectorAll("audio")[i]!.currentTime,
        }),
        n,
      );

    it.sequential("the sample: nothing plays before a click; a click on Play starts its audio context; a second click stops it", async ({
      expect,
    }) => {
      await own.view.open("/about/#hear-it", { width: LAPTOP, height: VIEWPORT_HEIGHT });
      await until(own.view, "the sample live", live);
      expect(await contexts()).toEqual([]);
      expect(await status()).toBe(sample.labels.stopped);
      await own.view.click(".sample .player__play");
      await until(own.view, "the sample playing", () => window.__audioContexts.some((c) => c.state === "running"));
      expect(await status()).not.toBe(sample.labels.stopped);
      await own.view.click(".sample .player__play");
      expect(await status()).toBe(sample.labels.stopped);
      // After its half-second fade the device is released.
      await until(own.view, "the audio context released", () =>
        window.__audioContexts.every((c) => c.state !== "running"),
      );
    });

    it.sequential("the sample without Web Audio shows its note instead of controls", async ({ expect }) => {
      await own.view.open("/about/#hear-it", { width: LAPTOP, height: VIEWPORT_HEIGHT }, NO_WEB_AUDIO);
      await until(own.view, "the sample live", live);
      await own.view.evaluate(twoFrames);
      expect(await own.view.evaluate(() => "AudioContext" in window)).toBe(false);
      expect(await own.view.evaluate(() => document.querySelector(".sample__fallback")!.checkVisibility())).toBe(true);
      expect(
        await own.view.evaluate(
          () =>
            [...document.querySelectorAll(".sample button, .sample input")].filter((el) => el.checkVisibility()).length,
        ),
      ).toBe(0);
      expect(await problems(own.view)).toEqual([]);
    });

    it.sequential("a preview: nothing plays before a click; a click plays it (its time advances); its button pauses it; one plays at a time", async ({
      expect,
    }) => {
      // The tests' own two fields, each with a preview.
      await own.view.open("/products/#main", { width: LAPTOP, height: VIEWPORT_HEIGHT }, FIXTURE);
      await until(own.view, "the players live", live);
      await own.view.evaluate(() => window.scrollTo(0, 600));
      await own.view.evaluate(twoFrames);
      expect(
        await own.view.evaluate(() =>
          [...document.querySelectorAll("audio")].map((a) => a.paused && a.currentTime === 0),
        ),
      ).toEqual([true, true]);

      await own.view.click(".field-card:nth-child(1) .player__play");
      await until(
        own.view,
        "the first preview's time advancing",
        () => document.querySelectorAll("audio")[0]!.currentTime > 0.5,
      );
      await own.view.click(".field-card:nth-child(2) .player__play");
      await until(
        own.view,
        "the first preview stopped by the second",
        () => document.querySelectorAll("audio")[0]!.paused && !document.querySelectorAll("audio")[1]!.paused,
      );
      await own.view.click(".field-card:nth-child(2) .player__play");
      await until(own.view, "the second preview paused", () => document.querySelectorAll("audio")[1]!.paused);
      expect((await audioAt(0)).time).toBeGreaterThan(0.5);
    });

    it.sequential("a Play tapped while the page's scripts are still loading plays at once, and the player then shows it playing", async ({
      expect,
    }) => {
      await playsBeforeReact(own, expect);
      expect(await problems(own.view)).toEqual([]);
    });

    for (const ranges of [true, false]) {
      const host = ranges
        ? "a host that answers ranges"
        : "a host that answers a range with the whole file (as Cloudflare Pages does)";
      it.sequential(`from ${host}: a seek before Play is where it starts, it plays on, a seek while playing lands, and the lock screen keeps its name`, async ({
        expect,
      }) => {
        await seeksFromAHost(own, ranges, expect);
        expect(await problems(own.view)).toEqual([]);
      });
    }
  });
}

/** A Play tapped while the page's scripts are still loading plays at once; the player React then runs shows it and pauses it. */
async function playsBeforeReact(own: Tab, expect: ExpectStatic): Promise<void> {
  const audio = () =>
    own.view.evaluate(() => {
      const element = document.querySelector<HTMLAudioElement>(".product audio")!;
      return { paused: element.paused, time: element.currentTime };
    });
  const release = own.site.holdScripts();
  try {
    await own.view.open(FIELD_PAGE, { width: PHONE, height: VIEWPORT_HEIGHT }, { ...FIXTURE, fresh: "early play" });
    await own.view.click(".product .player__play");
    await until(own.view, "its time advancing, before React", () => {
      const element = document.querySelector<HTMLAudioElement>(".product audio")!;
      const hydrated = document.querySelectorAll("[data-hydrated]").length;
      return (
        (!element.paused && element.currentTime > 0.3 && hydrated === 0) || { time: element.currentTime, hydrated }
      );
    });
    // Its button says so already: the pause shape, drawn by the stylesheet from the loader's mark.
    expect(
      await own.view.evaluate(() => getComputedStyle(document.querySelector(".product .player__icon-play")!).display),
    ).toBe("none");
  } finally {
    release();
  }
  await until(own.view, "the player live", live);
  expect(await own.view.evaluate(() => document.querySelector(".product .player")!.hasAttribute("data-playing"))).toBe(
    true,
  );
  expect((await audio()).paused).toBe(false);
  await own.view.click(".product .player__play");
  await until(
    own.view,
    "paused by the player React now runs",
    () => document.querySelector<HTMLAudioElement>(".product audio")!.paused,
  );
}

/**
 * From a host that serves ranges or not (`ranges`): a seek before Play is where it starts, it plays on, a seek while
 * playing lands, and the lock screen keeps the field's name.
 */
async function seeksFromAHost(own: Tab, ranges: boolean, expect: ExpectStatic): Promise<void> {
  const audioAt = (n: number) => own.view.evaluate((i) => document.querySelectorAll("audio")[i]!.currentTime, n);
  // A field's own page: its player, the first on the page, has the waveform to seek with.
  await own.view.open(`${FIELD_PAGE}#main`, { width: LAPTOP, height: VIEWPORT_HEIGHT }, { ...FIXTURE, ranges });
  await until(own.view, "the players live", live);
  const length = await own.view.evaluate(() =>
    Number(document.querySelector(".product .player__wave")!.getAttribute("aria-valuemax")),
  );
  // As WebKit does when playback starts: the lock screen's name cleared.
  await own.view.evaluate(() =>
    document
      .querySelector("audio")!
      .addEventListener("play", () => "mediaSession" in navigator && (navigator.mediaSession.metadata = null), true),
  );
  await own.view.click(".product .player__wave");
  await own.view.evaluate(() => void Object.assign(window, { playPressedAt: performance.now() }));
  await own.view.click(".product .player__play");
  const near = (at: number) => ({ at, length });
  await until(
    own.view,
    "playing from the middle, where the waveform was clicked before Play",
    ({ at }) => {
      const audio = document.querySelector("audio")!;
      // Got there by seeking: sooner than playing from the top could have reached it.
      const since = (performance.now() - (window as unknown as { playPressedAt: number }).playPressedAt) / 1000;
      const state = {
        paused: audio.paused,
        time: audio.currentTime,
        since,
        ready: audio.readyState,
        error: audio.error?.message ?? null,
        src: audio.currentSrc.slice(0, 12),
      };
      return (!audio.paused && audio.currentTime > at - 1 && audio.currentTime < at + 3 && since < at - 1) || state;
    },
    near(length / 2),
  );
  const from = await audioAt(0);
  await until(
    own.view,
    "its time advancing",
    (t) => {
      const audio = document.querySelector("audio")!;
      return (
        audio.currentTime > t + 0.3 || {
          paused: audio.paused,
          time: audio.currentTime,
          ready: audio.readyState,
          network: audio.networkState,
          error: audio.error?.message ?? null,
          src: audio.currentSrc.slice(0, 40),
        }
      );
    },
    from,
  );
  expect(
    await own.view.evaluate(() =>
      "mediaSession" in navigator ? (navigator.mediaSession.metadata?.title ?? null) : "no media session",
    ),
  ).toBe(await own.view.evaluate(() => document.querySelector(".product h1")!.textContent));
  // A press a fifth of the way along the waveform, while playing.
  await own.view.evaluate(() => {
    const wave = document.querySelector<HTMLElement>(".product .player__wave")!;
    const box = wave.getBoundingClientRect();
    wave.dispatchEvent(
      new PointerEvent("pointerdown", {
        bubbles: true,
        clientX: box.left + box.width / 5,
        clientY: box.top + box.height / 2,
      }),
    );
  });
  await until(
    own.view,
    "playing from a fifth of the way",
    ({ at }) => {
      const audio = document.querySelector("audio")!;
      return !audio.paused && audio.currentTime > at - 0.5 && audio.currentTime < at + 3;
    },
    near(length / 5),
  );
  await own.view.click(".product .player__play");
  await until(own.view, "the preview paused", () => document.querySelector("audio")!.paused);
}
