import { cp, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { volumeToLevel } from "../../src/audio/volume";
import { sample } from "../../src/content/sample";
import { FIXTURE_SITE } from "../test/fixtures";
import { axeViolations } from "./axe";
import { navLinks, PHONE, scripted, settle, useBrowser, usePage, visit, watchPage } from "./site";

const chromium = useBrowser();
// The tests' own two fields, each with a preview: the owner's may have any number, or none.
const [first, second] = FIXTURE_SITE.fields as [(typeof FIXTURE_SITE.fields)[0], (typeof FIXTURE_SITE.fields)[1]];

const card = (page: Page, title: string) =>
  page.locator(".field-card", { has: page.locator(".card__title", { hasText: title }) }).first();
const playButton = (page: Page, title: string) => card(page, title).locator(".player__play");
const audioState = (page: Page, title: string) =>
  card(page, title)
    .locator("audio")
    .evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, volume: a.volume }));

describe("#13 a field's preview, with JavaScript", () => {
  const view = usePage(chromium, { width: PHONE, fixture: true });
  let page: Page;
  let cdp: CDPSession;
  let watched: ReturnType<typeof watchPage>;
  beforeAll(async () => {
    page = view.page;
    cdp = await view.context.newCDPSession(page);
  });
  afterAll(() => cdp.detach());
  beforeEach(async () => {
    // Each test fetches its audio as a first visit does, whatever the one before it fetched.
    await cdp.send("Network.clearBrowserCache");
    watched = watchPage(page);
  });

  it("fetches no audio before Play; Play makes its time advance, shown in numbers and on the waveform, at a low volume", async () => {
    await visit(page, "/products/");
    await page.mouse.wheel(0, 600);
    await watched.quiet();
    expect(watched.requests.filter((url) => url.endsWith(".mp3"))).toEqual([]);

    await playButton(page, first.title).click();
    await expect.poll(async () => (await audioState(page, first.title)).time).toBeGreaterThan(1);
    const state = await audioState(page, first.title);
    expect(state.paused).toBe(false);
    expect(state.volume).toBeCloseTo(volumeToLevel(sample.startVolume), 5);
    // The display follows the element's next timeupdate event.
    await expect.poll(() => card(page, first.title).locator(".player__time").textContent()).not.toMatch(/^0:00 /);
    expect(
      await card(page, first.title)
        .locator(".player__wave")
        .evaluate((w) => getComputedStyle(w).getPropertyValue("--played")),
    ).not.toBe("");
    expect(await playButton(page, first.title).textContent()).toBe(`Pause the preview of ${first.title}`);
    await playButton(page, first.title).click();
    await expect.poll(async () => (await audioState(page, first.title)).paused).toBe(true);
  });

  it("stops when the page is hidden", async () => {
    await visit(page, "/products/");
    await playButton(page, first.title).click();
    await expect.poll(async () => (await audioState(page, first.title)).paused).toBe(false);
    // Headless Chromium never hides a tab, so the page is told what a browser would tell it.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(async () => (await audioState(page, first.title)).paused).toBe(true);
  });

  it("seeks by arrow keys, Home and End, and by pointer on the waveform; the server answers the ranges it asks for", async () => {
    const ranges: number[] = [];
    page.on("response", (response) => response.url().endsWith(".mp3") && ranges.push(response.status()));
    await visit(page, "/products/");
    await playButton(page, first.title).click();
    await expect.poll(async () => (await audioState(page, first.title)).time).toBeGreaterThan(0.5);
    const wave = card(page, first.title).locator(".player__wave");
    await wave.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await audioState(page, first.title)).time).toBeGreaterThan(20);
    expect(Number(await wave.getAttribute("aria-valuenow"))).toBeGreaterThan(20);
    await page.keyboard.press("Home");
    await expect.poll(async () => (await audioState(page, first.title)).time).toBeLessThan(5);
    const box = (await wave.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await audioState(page, first.title)).time).toBeGreaterThan(12);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((status) => status === 206)).toBe(true);
  });

  it("works from the keyboard alone: Tab to Play, Enter plays, Space pauses, arrows turn the volume", async () => {
    await visit(page, "/products/");
    await card(page, first.title)
      .locator(".card__title")
      .evaluate((h) => h.scrollIntoView());
    await playButton(page, first.title).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await audioState(page, first.title)).paused).toBe(false);
    await page.keyboard.press("Space");
    await expect.poll(async () => (await audioState(page, first.title)).paused).toBe(true);
    const volume = card(page, first.title).locator(".player__volume input");
    await volume.focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => (await audioState(page, first.title)).volume)
      .toBeCloseTo(volumeToLevel(sample.startVolume + 1), 5);
    expect(await volume.getAttribute("aria-valuetext")).toBe(`${sample.startVolume + 1} percent`);
  });

  it("names itself to the lock screen, and has no axe violation while it plays", async () => {
    await visit(page, "/products/");
    await playButton(page, second.title).click();
    await expect.poll(async () => (await audioState(page, second.title)).paused).toBe(false);
    expect(
      await page.evaluate(() => ({
        title: navigator.mediaSession.metadata?.title,
        artist: navigator.mediaSession.metadata?.artist,
      })),
    ).toEqual({
      title: second.title,
      artist: FIXTURE_SITE.brand,
    });
    expect(await axeViolations(page, "#fields")).toEqual([]);
  });
});

describe("#13 a field's preview, without JavaScript", () => {
  const view = usePage(chromium, { width: PHONE, js: false, fixture: true });

  it("is the browser's own player, shown, fetching nothing before Play, and it plays", async () => {
    const { page } = view;
    const watched = watchPage(page);
    await page.goto("/products/");
    await watched.quiet();
    expect(watched.requests.filter((url) => url.endsWith(".mp3"))).toEqual([]);
    const audio = card(page, first.title).locator("audio");
    expect(await audio.isVisible()).toBe(true);
    expect(await card(page, first.title).locator(".player__player").isVisible()).toBe(false);
    // The play button sits at the start of the native controls.
    await audio.scrollIntoViewIfNeeded();
    await settle(page);
    const box = (await audio.boundingBox())!;
    await page.mouse.click(box.x + box.height / 2, box.y + box.height / 2);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.5);
  });
});

describe("#56 a page opened before a deploy", () => {
  let work: string;
  let server: StaticServer | undefined;
  afterAll(async () => {
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("plays its preview once the deploy has taken its islands' code away: in the browser's own player, the press kept", async () => {
    // The built site in a folder a host serves, and the next deploy beside it: new code, so every script under
    // another name. The host swaps the folders whole, as `npm run build` and a deploy do.
    work = await mkdtemp(join(tmpdir(), "site-deploy-"));
    const [live, next] = [join(work, "live"), join(work, "next")];
    await cp(inject("fixtureDistDir"), live, { recursive: true });
    await cp(live, next, { recursive: true });
    for (const file of await readdir(join(next, "assets")))
      if (file.endsWith(".js")) await rename(join(next, "assets", file), join(next, "assets", `next-${file}`));
    server = await serveStatic(live, { headers: true });

    const context = await chromium.browser.newContext({ baseURL: server.url, viewport: { width: PHONE, height: 720 } });
    // The page's scripts are asked for while the deploy happens: held until the folders are swapped.
    let swap!: () => void;
    const swapped = new Promise<void>((resolve) => (swap = resolve));
    await context.route("**/assets/*.js", async (route) => {
      await swapped;
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/products/", { waitUntil: "load" });
    await rename(live, join(work, "previous"));
    await rename(next, live);
    swap();

    await playButton(page, first.title).click();
    const audio = card(page, first.title).locator("audio");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.5);
    // The page is as it is without JavaScript: the browser's own player, the menu a list of links, no error shown.
    expect(await audio.isVisible()).toBe(true);
    expect(await scripted(page)).toBe(false);
    expect(await navLinks(page).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
