import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { build } from "../build";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { MISSING, newContext, PHONE, ROUTES, toggle, useBrowser, visit, watchPage } from "./site";

const BASE = "/repo/";
const chromium = useBrowser();
let workDir: string;
let server: StaticServer;
let context: BrowserContext;
let page: Page;
let watched: ReturnType<typeof watchPage>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "site-base-path-"));
  await build({ site: { ...site, origin: "https://someone.github.io", basePath: BASE }, outDir: workDir });
  server = await serveStatic(workDir, { headers: true, basePath: BASE });
  context = await newContext(chromium.browser, { width: PHONE });
  page = await context.newPage();
  watched = watchPage(page);
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe(`built for and served under ${BASE}`, () => {
  it.each(ROUTES)(
    `${BASE.slice(0, -1)}%s: loads whole, starts React, and every link inside the site answers 200`,
    async (route) => {
      watched.problems.length = 0;
      await visit(page, `${server.url}${BASE}${route.slice(1)}`);
      await toggle(page).click();
      expect(await page.evaluate(() => document.querySelector(".site-nav")!.matches(":popover-open"))).toBe(true);
      await watched.quiet();
      expect(watched.problems).toEqual([]);
      const refs = await page
        .locator("[href], [src]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? el.getAttribute("src")!));
      for (const ref of refs.filter((r) => r.startsWith("/"))) {
        expect(ref).toMatch(/^\/repo\//);
        expect((await fetch(`${server.url}${ref.split("#")[0]}`, { redirect: "manual" })).status, ref).toBe(200);
      }
    },
  );

  it("answers an unknown address under the base path with the 404 page, whose links lead back in", async () => {
    watched.problems.length = 0;
    const response = await page.goto(`${server.url}${BASE}${MISSING.slice(1)}`);
    expect(response!.status()).toBe(404);
    const home = page.locator("main a", { hasText: "Go to the home page" });
    expect(await home.getAttribute("href")).toBe(BASE);
    await home.click();
    await page.waitForURL(`${server.url}${BASE}`);
    expect(watched.problems).toEqual([]);
  });
});
