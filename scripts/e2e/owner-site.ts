import { readdir, readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import type { Browser, Page } from "playwright-core";
import { axeViolations } from "./axe";
import { arrived, DESKTOP, hydrated, PHONE, scripted, watchPage } from "./site";

/**
 * Checks that hold for any content, run on a built site as a visitor meets it: what `npm test` asks of the owner's
 * own build before the workflow deploys it (owner-site.test.ts), and proves on a site broken on purpose.
 */

/** Every page a built folder serves, by its address: "/", "/about/", "/404.html". A moved field's old address is not one. */
export async function builtPages(dist: string): Promise<string[]> {
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith(".html")).sort();
  const pages: string[] = [];
  for (const file of files) {
    if ((await readFile(join(dist, file), "utf8")).includes('http-equiv="refresh"')) continue;
    const path = `/${file.split(sep).join("/")}`;
    pages.push(path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path);
  }
  return pages;
}

/** Where a page leads and what it loads, from its DOM: every address on this site, and the fragments it names here. */
function references() {
  const here = new URL(location.href);
  const urls = new Set<string>();
  const fragments: string[] = [];
  const add = (value: string | null) => {
    if (!value) return;
    const url = new URL(value, here);
    if (url.origin !== here.origin) return;
    if (url.pathname === here.pathname && url.hash) fragments.push(url.hash.slice(1));
    else urls.add(url.pathname + url.search);
  };
  for (const el of document.querySelectorAll("[href]")) add(el.getAttribute("href"));
  for (const el of document.querySelectorAll("[src]")) add(el.getAttribute("src"));
  for (const el of document.querySelectorAll("[srcset]"))
    for (const candidate of el.getAttribute("srcset")!.split(",")) add(candidate.trim().split(/\s+/)[0]!);
  return {
    urls: [...urls],
    missing: fragments.filter((id) => id !== "" && id !== "top" && !document.getElementById(decodeURIComponent(id))),
  };
}

/**
 * What reaches past the screen's sides, or past its own box (a word too long for its line), and is not meant to: a
 * row that scrolls sideways holds what is past its edge, and a box read only by screen readers is one pixel. Less
 * than half a rem past its box is decoration (a placeholder's dashed frame), not text.
 */
function overflowing() {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const slack = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) / 2;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const contained = (el: Element) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
    return false;
  };
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth - width} px)`);
  for (const el of document.body.querySelectorAll("h1, h2, h3, p, a, button, li, dd, dt, figcaption, label")) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || getComputedStyle(el).visibility === "hidden") continue;
    if ((r.right > width + 0.5 || r.left < -0.5) && !contained(el)) problems.push(`wider than the screen: ${name(el)}`);
    else if (el.scrollWidth > el.clientWidth + slack && el.clientWidth > 1)
      problems.push(`its text is wider than its box: ${name(el)}`);
  }
  return problems;
}

/** Plays each preview on the page not heard yet, and names any that does not start. */
async function previewsPlay(page: Page, heard: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  for (const player of await page.locator("[data-island='PreviewPlayer']").all()) {
    const audio = player.locator("audio");
    const src = await audio.getAttribute("src");
    if (!src || heard.has(src)) continue;
    heard.add(src);
    await player.locator(".player__play").first().click();
    // Playing, or given up on (a file the host does not have is an error at once).
    const started = await page
      .waitForFunction(
        (a) => ((a as HTMLAudioElement).error ? "failed" : (a as HTMLAudioElement).currentTime > 0 && "played"),
        await audio.elementHandle(),
        { timeout: 15_000 },
      )
      .then(
        (outcome) => outcome.jsonValue().then((value) => value === "played"),
        () => false,
      );
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    if (!started) problems.push(`its preview ${src} does not play`);
  }
  return problems;
}

/**
 * Every page at a phone's width and a desktop's: no console error or failed request, every link and picture it names
 * answering 200, every fragment it links to on the page, axe finding nothing (at the desktop width: the same
 * markup), nothing overflowing, and every preview playing. Each problem names the page and the width.
 */
export async function siteProblems(browser: Browser, origin: string, pages: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const checked = new Map<string, number>();
  const heard = new Set<string>();
  for (const width of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: origin });
    const page = await context.newPage();
    const watched = watchPage(page);
    for (const path of pages) {
      const at = (problem: string) => problems.push(`${path} at ${width} px: ${problem}`);
      watched.problems.length = 0;
      const response = await page.goto(path, { waitUntil: "load" });
      if (response?.status() !== 200) at(`answers ${response?.status()}`);
      if (await scripted(page)) {
        await page.keyboard.press("Shift");
        await hydrated(page);
        await arrived(page);
      }
      for (const problem of await page.evaluate(overflowing)) at(problem);
      const { urls, missing } = await page.evaluate(references);
      for (const id of missing) at(`links to #${id}, which is not on the page`);
      for (const url of urls.filter((u) => !checked.has(u)))
        checked.set(url, (await fetch(new URL(url, origin), { redirect: "manual" })).status);
      for (const url of urls) if (checked.get(url) !== 200) at(`links to ${url}, which answers ${checked.get(url)}`);
      if (width === DESKTOP) {
        for (const violation of await axeViolations(page)) at(`axe: ${violation}`);
        for (const problem of await previewsPlay(page, heard)) at(problem);
      }
      await watched.quiet();
      // A player that is paused stops fetching what it no longer needs: the browser's own choice, not a failure.
      for (const problem of watched.problems)
        if (!/^request failed: \S+\.mp3 \(net::ERR_ABORTED\)$/.test(problem)) at(problem);
    }
    await context.close();
  }
  return problems;
}
