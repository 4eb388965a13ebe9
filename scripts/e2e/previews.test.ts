import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { folderSource, listen, serveStatic, siteHandler, type StaticServer } from "../serve/static-server";
import { volumeToLevel } from "../../src/audio/volume";
import { frame } from "../../src/content/frame";
import { sample } from "../../src/content/sample";
import { FIXTURE_SITE } from "../test/fixtures";
import { axeViolations } from "./axe";
import { FIELD_PAGE, PHONE, scripted, settle, toggle, useBrowser, usePage, visit, watchPage } from "./site";

const chromium = useBrowser();
// The tests' own two fields, each with a preview: the owner's may have any number, or none.
const [first, second] = FIXTURE_SITE.fields as [(typeof FIXTURE_SITE.fields)[0], (typeof FIXTURE_SITE.fields)[1]];

const card = (page: Page, title: string) =>
  page.locator(".field-card", { has: page.locator(".card__title", { hasText: title }) }).first();
/** A field's own page's player: its waveform seeks, and it has the volume (a card's player is compact). */
const product = (page: Page) => page.locator(".product");
const productAudio = (page: Page) =>
  product(page)
    .locator("audio")
    .evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, volume: a.volume }));
const playButton = (page: Page, title: string) => card(page, title).locator(".player__play");
const audioState = (page: Page, title: string) =>
  card(page, title)
    .locator("audio")
    .evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, volume: a.volume }));

describe("a field's preview, with JavaScript", () => {
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
    await visit(page, FIELD_PAGE);
    await product(page).locator(".player__play").click();
    await expect.poll(async () => (await productAudio(page)).time).toBeGreaterThan(0.5);
    const wave = product(page).locator(".player__wave");
    await wave.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await productAudio(page)).time).toBeGreaterThan(20);
    expect(Number(await wave.getAttribute("aria-valuenow"))).toBeGreaterThan(20);
    await page.keyboard.press("Home");
    await expect.poll(async () => (await productAudio(page)).time).toBeLessThan(5);
    const box = (await wave.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await productAudio(page)).time).toBeGreaterThan(12);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((status) => status === 206)).toBe(true);
  });

  it("works from the keyboard alone: Tab to Play, Enter plays, Space pauses, arrows turn the volume", async () => {
    await visit(page, FIELD_PAGE);
    await product(page).locator(".player__play").focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await productAudio(page)).paused).toBe(false);
    await page.keyboard.press("Space");
    await expect.poll(async () => (await productAudio(page)).paused).toBe(true);
    const volume = product(page).locator(".player__volume input");
    await volume.focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => (await productAudio(page)).volume)
      .toBeCloseTo(volumeToLevel(sample.startVolume + 1), 5);
    expect(await volume.getAttribute("aria-valuetext")).toBe(`${sample.startVolume + 1} percent`);
  });

  it("on a card, Play, the time and nothing more: a card's player leaves the waveform and the volume to the field's page", async () => {
    await visit(page, "/products/");
    const player = card(page, first.title).locator(".player");
    expect(await player.locator(".player__play").isVisible()).toBe(true);
    expect(await player.locator(".player__time").isVisible()).toBe(true);
    expect(await player.locator(".player__wave").isVisible()).toBe(false);
    expect(await player.locator(".player__volume").count()).toBe(0);
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

describe("a field's preview, without JavaScript", () => {
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

/**
 * The deploy made the first field's preview anew (its excerpt moved), so its file has another name and the old one
 * is gone; or the page no longer has the field. The host swaps the folders while the page is open.
 */
async function deployUnder(work: string, change: "a new preview" | "the field gone") {
  const dir = await mkdtemp(join(work, "swap-"));
  const [live, next] = [join(dir, "live"), join(dir, "next")];
  await cp(inject("fixtureDistDir"), live, { recursive: true });
  await cp(live, next, { recursive: true });
  const page = join(next, "products/index.html");
  const html = await readFile(page, "utf8");
  // Every field's preview made anew: each file gone, another in its place, named in the pages.
  const previews = [...new Set([...html.matchAll(/<audio[^>]* src="\/(assets\/[^"]+\.mp3)"/g)].map((m) => m[1]!))];
  for (const old of previews) {
    await rm(join(next, old));
    if (change === "the field gone") continue;
    const made = old.replace(/\.mp3$/, "-anew.mp3");
    await cp(join(live, old), join(next, made));
    for (const file of ["products/index.html", "index.html", "all-fields/index.html"]) {
      const text = await readFile(join(next, file), "utf8");
      await writeFile(join(next, file), text.replaceAll(`/${old}`, `/${made}`));
    }
  }
  if (change === "the field gone") await writeFile(page, html.replace(/ data-field="[^"]*"/g, ""));
  // A host serving whatever the folder holds now (the suite's static server keeps what it has read).
  let files = folderSource(live);
  const server = await listen(siteHandler({ read: (path) => files.read(path) }, { headers: true }));
  return {
    server,
    url: server.url,
    deploy: async () => {
      await rename(live, join(dir, "previous"));
      await rename(next, live);
      files = folderSource(live);
    },
  };
}

describe("a page opened before a deploy", () => {
  let work: string | undefined;
  let server: StaticServer | undefined;
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
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
    // The page's scripts are asked for while the deploy happens: held until it has happened and Play is pressed.
    let swap!: () => void;
    const swapped = new Promise<void>((resolve) => (swap = resolve));
    await context.route("**/assets/*.js", async (route) => {
      await swapped;
      await route.continue();
    });
    const page = await context.newPage();
    // The front tab: a tab behind another may be refused sound a press asked for.
    await page.bringToFront();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/products/", { waitUntil: "load" });
    await rename(live, join(work, "previous"));
    await rename(next, live);
    // Pressed while the scripts are held: the page learns they are gone only after the press.
    await playButton(page, first.title).click();
    swap();

    const audio = card(page, first.title).locator("audio");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.5);
    // The page is as it is without JavaScript: the browser's own player, no error shown, the menu still its own.
    await expect.poll(() => scripted(page)).toBe(false);
    expect(await audio.isVisible()).toBe(true);
    await toggle(page).click();
    expect(await page.evaluate(() => document.querySelector(".site-nav")!.matches(":popover-open"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** Products opened on a phone, the deploy made under it, then `act` on the open page. */
  async function underOpenPage(change: Parameters<typeof deployUnder>[1], act: (page: Page) => Promise<void>) {
    work ??= await mkdtemp(join(tmpdir(), "site-deploy-"));
    const site = await deployUnder(work, change);
    const context = await chromium.browser.newContext({ baseURL: site.url, viewport: { width: PHONE, height: 720 } });
    try {
      const page = await context.newPage();
      await visit(page, "/products/");
      await site.deploy();
      await act(page);
    } finally {
      await context.close();
      await site.server.close();
    }
  }

  it("plays the field's current preview when its file went with a deploy, found in the page as it is now, for each player", async () => {
    await underOpenPage("a new preview", async (page) => {
      // Each player in turn: the page is read again for each, and each finds its own.
      for (const field of [first, second]) {
        await playButton(page, field.title).click();
        const audio = card(page, field.title).locator("audio");
        await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.5);
        expect(await audio.getAttribute("src")).toMatch(/-anew\.mp3$/);
      }
      expect(await page.locator(".player__changed").count()).toBe(0);
    });
  });

  it("says in one line that the page has changed, with a button that reloads it, where the page names no preview for the field", async () => {
    await underOpenPage("the field gone", async (page) => {
      await playButton(page, first.title).click();
      const line = card(page, first.title).locator(".player__changed");
      await expect.poll(() => line.textContent()).toBe(`${frame.pageChanged.text} ${frame.pageChanged.reload}`);
      expect(await line.getAttribute("role")).toBe("status");
      const reloaded = page.waitForEvent("load");
      await line.locator("button").click();
      await reloaded;
      expect(await page.locator(".player__changed").count()).toBe(0);
    });
  });
});
