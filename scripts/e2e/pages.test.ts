import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page, Response } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { headersFor, parseHeadersFile, type HeaderRule } from "../static-build/security";
import { axeViolations } from "./axe";
import {
  ALL_PAGES,
  arrived,
  baseURL,
  DESKTOP,
  hydrated,
  layoutShifts,
  saveScreenshot,
  SCREENSHOTS,
  screenshotName,
  NARROWEST,
  PHONE,
  recordViolations,
  useBrowser,
  usePage,
  violations,
  VIEWPORT_HEIGHT,
  watchPage,
} from "./site";

const chromium = useBrowser();
let rules: HeaderRule[];
beforeAll(async () => {
  rules = parseHeadersFile(await readFile(join(inject("distDir"), "_headers"), "utf8"));
});

/** Elements that reach past the viewport's sides without an ancestor clipping them. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p);
        if (overflowX === "hidden" || overflowX === "clip") return true;
      }
      return false;
    };
    const width = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });

/**
 * Every page, once per way of seeing it, and every fact that depends on the page checked on that one visit. With
 * JavaScript the page is opened at #main, which starts React at once (no visitor input that would excuse a shift).
 */
describe.each([
  { name: "on a phone", width: PHONE, js: true },
  { name: "on a desktop", width: DESKTOP, js: true },
  { name: "on a phone without JavaScript", width: PHONE, js: false },
])("every page $name", ({ width, js }) => {
  const view = usePage(chromium, { width, js });
  let watched: ReturnType<typeof watchPage>;
  beforeAll(async () => {
    await recordViolations(view.context);
    watched = watchPage(view.page);
  });

  describe.each(ALL_PAGES)("%s", (route) => {
    let response: Response;
    beforeAll(async () => {
      watched.problems.length = 0;
      watched.requests.length = 0;
      await view.page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      response = (await view.page.goto(js ? `${route}#main` : route, { waitUntil: "load" }))!;
      if (js) {
        await hydrated(view.page);
        // And the files the loader links once the page has painted, so none is still on its way when the next route
        // is opened (which would cut it off, a failed request).
        await arrived(view.page);
      }
      await watched.quiet();
    });

    // First, before anything else touches the page (axe moves things while it looks).
    if (js) {
      it("does not move: no layout shift on load, nor while React takes over", async () => {
        expect(await layoutShifts(view.page)).toEqual([]);
      });
    }

    if (js) {
      it("has no class once live that its HTML lacked, so its inlined styles, chosen by those classes, cover it", async () => {
        const built = new Set(
          [...(await response.text()).matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)),
        );
        const live = await view.page.evaluate(() =>
          [...document.querySelectorAll("[class]")].flatMap((el) => [...el.classList]),
        );
        // The loader's marks on <html>, styled by the base stylesheet every page has.
        expect([...new Set(live)].filter((c) => !built.has(c) && c !== "js" && c !== "font-cached")).toEqual([]);
      });
    }

    it("loads under the site's policy with no console error or warning, failed request, violation or cookie", async () => {
      // Its own policy (a missing address's 404 page has only its <meta> one, as on Cloudflare Pages).
      expect(response.headers()["content-security-policy"]).toBe(
        headersFor(rules, route).get("content-security-policy"),
      );
      expect(watched.problems).toEqual([]);
      expect(await violations(view.page)).toEqual([]);
      expect(watched.requests.filter((url) => new URL(url).origin !== baseURL())).toEqual([]);
      expect(await view.page.evaluate(() => document.cookie)).toBe("");
      expect(await view.context.cookies()).toEqual([]);
    });

    it("has no WCAG 2.2 A/AA or best-practice violation that axe can find", async () => {
      expect(await view.page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(js);
      expect(await axeViolations(view.page)).toEqual([]);
    });

    if (js) {
      it("runs no animation under reduced motion", async () => {
        expect(
          await view.page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length),
        ).toBe(0);
      });

      if (SCREENSHOTS) {
        // On a phone as it is, the cross-engine scenarios save it (engines/scenarios.ts), beside the other engines'.
        it("is saved as a full-page screenshot, in forced colours (and as it is on a desktop)", async () => {
          if (width !== PHONE) await saveScreenshot(view.page, screenshotName(route, width));
          await view.page.emulateMedia({ forcedColors: "active" });
          await saveScreenshot(view.page, screenshotName(route, width, "forced"));
          await view.page.emulateMedia({ forcedColors: "none" });
        });
      }
    }

    if (width === PHONE) {
      it("gives every link and control a target at least 44 px tall, but for links inside a sentence", async () => {
        const small = await view.page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("a[href], button, summary, input:not([type=range])")]
            .filter((el) => el.getClientRects().length > 0 && !el.closest(".site-nav, .visually-hidden, .skip-link"))
            // WCAG 2.5.8's exception: a link in a line of text is as tall as the line.
            .filter((el) => el.parentElement!.textContent!.trim() === el.textContent!.trim() || el.tagName !== "A")
            // A choice's target is its whole label.
            .map((el) => (el.tagName === "INPUT" && el.closest("label")) || el)
            .filter((el) => el.getBoundingClientRect().height < 44 - 0.5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()} "${el.textContent!.trim()}" ${Math.round(el.getBoundingClientRect().height)} px`,
            ),
        );
        expect(small).toEqual([]);
      });
    }

    // With JavaScript, at every width: layout.test.ts.
    if (!js) {
      it(`fits the screen at its width and at ${NARROWEST} px: nothing wider`, async () => {
        for (const at of [width, NARROWEST]) {
          await view.page.setViewportSize({ width: at, height: VIEWPORT_HEIGHT });
          expect(await view.page.evaluate(() => document.documentElement.scrollWidth), `${at} px`).toBeLessThanOrEqual(
            at,
          );
          expect(await overflowing(view.page), `${at} px`).toEqual([]);
        }
      });
    }
  });
});

describe("the checks above can fail", () => {
  const view = usePage(chromium, { width: DESKTOP });
  beforeAll(() => recordViolations(view.context));

  it("a page that loads something its policy forbids reports the violation", async () => {
    const { page } = view;
    await page.goto("/");
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "https://tracker.example.net/pixel.gif";
      document.body.append(img);
    });
    await expect
      .poll(() => violations(page))
      .toContainEqual(expect.stringContaining("img-src blocked https://tracker.example.net"));
  });

  it("a page that moves after it has painted reports the shift", async () => {
    const { page } = view;
    await page.goto("/contact/");
    // Painted first: on a busy machine the load event can come before the first paint, and what is added before
    // that paint is no shift.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const banner = document.createElement("div");
            banner.style.blockSize = "200px";
            document.querySelector("main")!.prepend(banner);
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          }),
        ),
    );
    expect((await layoutShifts(page)).length).toBeGreaterThan(0);
  });

  it("the home page's orbs do animate when motion is welcome, and settle within five seconds (WCAG 2.2.2)", async () => {
    const { page } = view;
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const orbs = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.target?.classList.contains("orb"))
        .map((a) => Number(a.effect!.getComputedTiming().endTime)),
    );
    expect(orbs).toHaveLength(3);
    expect(Math.max(...orbs)).toBeLessThanOrEqual(5000);
  });
});
