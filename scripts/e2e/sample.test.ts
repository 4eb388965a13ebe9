import * as esbuild from "esbuild";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sample } from "../../src/content/sample";
import { ROOT } from "../paths";
import { axeViolations } from "./axe";
import { newContext, PHONE, settle, useBrowser, usePage, visit, watchPage } from "./site";

const chromium = useBrowser();
/** Where the band sample is. */
const SAMPLE_PAGE = "/about/";
const RATE = 8000;
const SECONDS = 4;

/** The app's own sound graph, bundled for the page: the tests render exactly what visitors hear. */
let graphBundle: string;
beforeAll(async () => {
  const built = await esbuild.build({
    absWorkingDir: ROOT,
    stdin: {
      contents: `import { soundGraph, bandTones } from "./src/audio/graph"; window.audioGraph = { soundGraph, bandTones };`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
  });
  graphBundle = built.outputFiles[0]!.text;
});

interface Rendered {
  left: number[];
  right: number[];
}

/** Renders tones offline with the app's graph, at full volume so levels are easy to compare. */
async function renderOffline(page: Page, tones: { left?: number; right?: number }): Promise<Rendered> {
  await page.evaluate(graphBundle);
  return page.evaluate(
    async ({ tones, rate, seconds, fade }) => {
      const { soundGraph } = (window as unknown as { audioGraph: typeof import("../../src/audio/graph") }).audioGraph;
      const context = new OfflineAudioContext({ numberOfChannels: 2, length: rate * seconds, sampleRate: rate });
      soundGraph(context, tones, { startAt: 0, volume: 0.5, fadeSeconds: fade, seconds });
      const buffer = await context.startRendering();
      return { left: Array.from(buffer.getChannelData(0)), right: Array.from(buffer.getChannelData(1)) };
    },
    { tones, rate: RATE, seconds: SECONDS, fade: sample.fadeSeconds },
  );
}

/** Magnitude of one frequency in a Hann-windowed signal (Goertzel): a single bin of a DFT. */
function magnitudeAt(signal: number[], hz: number): number {
  const n = signal.length;
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const windowed = signal[i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
    const s0 = windowed + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - coefficient * s1 * s2));
}

/** The loudest frequency between `from` and `to`: found in 0.5 Hz steps, then to within 0.02 Hz around the best. */
function peak(signal: number[], from: number, to: number): { hz: number; magnitude: number } {
  const search = (low: number, high: number, step: number) => {
    let best = { hz: low, magnitude: -1 };
    for (let hz = low; hz <= high; hz += step) {
      const magnitude = magnitudeAt(signal, hz);
      if (magnitude > best.magnitude) best = { hz, magnitude };
    }
    return best;
  };
  const coarse = search(from, to, 0.5);
  return search(coarse.hz - 0.5, coarse.hz + 0.5, 0.02);
}

const decibelsBelow = (loud: number, quiet: number) => (quiet === 0 ? Infinity : 20 * Math.log10(loud / quiet));

describe("the sound, rendered offline with the app's own graph", () => {
  const view = usePage(chromium, { width: PHONE });
  let page: Page;
  beforeAll(async () => {
    page = view.page;
    await page.goto("/");
  });

  it.each(sample.bands)(
    "$name: the left ear peaks at $carrierHz Hz and the right at the carrier plus $beatHz Hz, each alone",
    async (band) => {
      const { left, right } = await renderOffline(page, { left: band.carrierHz, right: band.carrierHz + band.beatHz });
      const leftPeak = peak(left, band.carrierHz - 20, band.carrierHz + band.beatHz + 20);
      const rightPeak = peak(right, band.carrierHz - 20, band.carrierHz + band.beatHz + 20);
      expect(Math.abs(leftPeak.hz - band.carrierHz)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(rightPeak.hz - (band.carrierHz + band.beatHz))).toBeLessThanOrEqual(0.5);
      // The other ear is at least 40 dB quieter at each ear's own frequency.
      expect(decibelsBelow(leftPeak.magnitude, magnitudeAt(right, band.carrierHz))).toBeGreaterThanOrEqual(40);
      expect(
        decibelsBelow(rightPeak.magnitude, magnitudeAt(left, band.carrierHz + band.beatHz)),
      ).toBeGreaterThanOrEqual(40);
    },
  );

  it.each(["left", "right"] as const)("the headphone check's %s tone is in that ear only", async (ear) => {
    const rendered = await renderOffline(page, { [ear]: sample.check.hz });
    const other = ear === "left" ? rendered.right : rendered.left;
    const tone = peak(rendered[ear], sample.check.hz - 20, sample.check.hz + 20);
    expect(Math.abs(tone.hz - sample.check.hz)).toBeLessThanOrEqual(0.5);
    expect(decibelsBelow(tone.magnitude, magnitudeAt(other, sample.check.hz))).toBeGreaterThanOrEqual(40);
    expect(Math.max(...other.map(Math.abs))).toBe(0);
  });

  it("fades in from silence and out to silence, with no jump anywhere (no click)", async () => {
    const band = sample.bands[0]!;
    const { left, right } = await renderOffline(page, { left: band.carrierHz, right: band.carrierHz + band.beatHz });
    for (const channel of [left, right]) {
      const amplitude = Math.max(...channel.map(Math.abs));
      expect(amplitude).toBeGreaterThan(0.4);
      expect(Math.abs(channel[0]!)).toBeLessThan(0.01 * amplitude);
      expect(Math.abs(channel.at(-1)!)).toBeLessThan(0.01 * amplitude);
      // A sine of frequency f and amplitude A never moves more than 2πfA/rate between samples; a click would.
      const steepest = (2 * Math.PI * (band.carrierHz + band.beatHz) * amplitude) / RATE;
      let largest = 0;
      for (let i = 1; i < channel.length; i++) largest = Math.max(largest, Math.abs(channel[i]! - channel[i - 1]!));
      expect(largest).toBeLessThanOrEqual(steepest * 1.02);
      // And it really fades: the first and last quarter-second are quieter than the middle.
      const rms = (from: number, to: number) =>
        Math.sqrt(channel.slice(from, to).reduce((s, x) => s + x * x, 0) / (to - from));
      expect(rms(0, RATE / 4)).toBeLessThan(0.7 * rms(RATE, 2 * RATE));
      expect(rms(channel.length - RATE / 4, channel.length)).toBeLessThan(0.7 * rms(RATE, 2 * RATE));
    }
  });
});

const status = (page: Page) => page.locator(".sample [role=status]");
const play = (page: Page) => page.locator(".sample .player__play");
/** The AudioContexts the page has made, and their states (recorded by an init script). */
const contexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { audioContexts: AudioContext[] }).audioContexts.map((c) => c.state));

/** Records every AudioContext the page makes, for `contexts` to read. */
async function recordAudioContexts(context: BrowserContext) {
  await context.addInitScript(() => {
    const Real = window.AudioContext;
    const made: AudioContext[] = ((window as unknown as { audioContexts: AudioContext[] }).audioContexts = []);
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.push(this);
      }
    };
  });
}

// One tab for the tests that need nothing of their own: each opens the page afresh, and a page's audio ends
// with it. A fake clock is the whole context's, so those tests take contexts of their own.
const view = usePage(chromium, { width: PHONE });
let page: Page;
beforeAll(() => recordAudioContexts(view.context));
beforeEach(() => {
  page = view.page;
});
/** A context of its own, for a test that installs a fake clock. */
const withClock = async () => {
  const context = await newContext(chromium.browser, { width: PHONE });
  await recordAudioContexts(context);
  page = await context.newPage();
  await page.clock.install();
  return context;
};

describe("the player, used in Chromium", () => {
  it("nothing plays until Play is pressed; then it plays, low, and Stop ends it", async () => {
    // Live and scrolled through: if anything were to start by itself, it would have by now.
    await visit(page, SAMPLE_PAGE);
    await page.mouse.wheel(0, 300);
    await settle(page);
    expect(await contexts(page)).toEqual([]);
    expect(await status(page).textContent()).toBe("Stopped");
    const volume = page.locator(".sample").getByRole("slider", { name: "Volume" });
    expect(Number(await volume.inputValue())).toBe(sample.startVolume);

    await play(page).click();
    await expect
      .poll(() => status(page).textContent())
      .toBe(`Playing Alpha, 10 Hz beat, ${sample.seconds} seconds left`);
    expect(await play(page).textContent()).toBe("Stop");
    await expect.poll(() => contexts(page)).toEqual(["running"]);

    await play(page).click();
    expect(await status(page).textContent()).toBe("Stopped");
    // After the half-second fade the audio device is released.
    await expect.poll(() => contexts(page), { timeout: 3000 }).toEqual(["suspended"]);
  });

  it("sets the audio session to playback before it sounds, where the browser has one, so a muted iPhone still plays it", async () => {
    // Safari's navigator.audioSession, stubbed in a tab of its own: the type it had each time a context was made or resumed.
    page = await view.context.newPage();
    await page.addInitScript(() => {
      const session = { type: "auto", whenSounding: [] as string[] };
      Object.defineProperty(navigator, "audioSession", { value: session });
      const resume = AudioContext.prototype.resume;
      AudioContext.prototype.resume = function () {
        session.whenSounding.push(session.type);
        return resume.call(this);
      };
    });
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await expect.poll(() => contexts(page)).toEqual(["running"]);
    expect(
      await page.evaluate(
        () => (navigator as unknown as { audioSession: { type: string; whenSounding: string[] } }).audioSession,
      ),
    ).toEqual({ type: "playback", whenSounding: ["playback"] });
    await page.close();
  });

  it("switches band while playing, and the check plays one ear then stops by itself (on a fake clock)", async () => {
    const context = await withClock();
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await page.getByRole("radio", { name: /Theta/ }).check();
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing Theta, 6 Hz beat/);
    await page.getByRole("button", { name: "Left", exact: true }).click();
    await expect.poll(() => status(page).textContent()).toBe("Playing a tone in your left ear only");
    expect(await play(page).textContent()).toBe("Play a sample");
    await page.clock.fastForward(sample.check.seconds * 1000 + 500);
    await expect.poll(() => status(page).textContent()).toBe("Stopped");
    await context.close();
  });

  it(`stops by itself after ${sample.seconds} seconds (on a fake clock)`, async () => {
    const context = await withClock();
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing Alpha/);
    await page.clock.fastForward((sample.seconds - 1) * 1000);
    await expect
      .poll(() => page.locator(".sample__status").textContent())
      .toBe("Playing Alpha, 10 Hz beat, 1 second left");
    await page.clock.fastForward(2000);
    await expect.poll(() => status(page).textContent()).toBe("Stopped");
    await page.clock.fastForward(1000);
    await expect.poll(() => contexts(page)).toEqual(["suspended"]);
    await context.close();
  });
});

describe("the player, used in Chromium: hidden, left, by keyboard", () => {
  it("stops when the page is hidden", async () => {
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing/);
    // Headless Chromium never hides a tab, so the page is told what a browser would tell it.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => status(page).textContent()).toBe("Stopped");
    await expect.poll(() => contexts(page), { timeout: 3000 }).toEqual(["suspended"]);
  });

  it("stops when the visitor leaves the page", async () => {
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing/);
    // Registered after the player's own handler, so it sees what the player did as the page went away.
    await page.evaluate(() =>
      addEventListener("pagehide", () => {
        sessionStorage.setItem("status-at-pagehide", document.querySelector(".sample [role=status]")!.textContent!);
      }),
    );
    await page.locator('.site-nav a[href="/contact/"]').evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL("**/contact/");
    expect(await page.evaluate(() => sessionStorage.getItem("status-at-pagehide"))).toBe("Stopped");
  });

  it("works from the keyboard: arrow keys choose the band, Enter plays", async () => {
    await visit(page, SAMPLE_PAGE);
    await page.getByRole("radio", { name: /Alpha/ }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: /Theta/ }).isChecked()).toBe(true);
    await play(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing Theta/);
    expect(await play(page).evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe("none");
  });

  it("gives every control a target of at least 24 by 24 px", async () => {
    await visit(page, SAMPLE_PAGE);
    const targets = page.locator(".sample button, .sample__band, .sample input[type=range]");
    expect(await targets.count()).toBe(sample.bands.length + 4);
    for (const target of await targets.all()) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
  });

  // Idle, the player is checked with its page in pages.test.ts.
  it("axe finds no violation with the player playing", async () => {
    await visit(page, SAMPLE_PAGE);
    await play(page).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Playing/);
    expect(await axeViolations(page, "#hear-it")).toEqual([]);
  });

  it("a first click on Play, before React has started, still plays (on a slow CPU)", async () => {
    const fresh = await view.context.newPage();
    const cdp = await view.context.newCDPSession(fresh);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await visit(fresh, SAMPLE_PAGE, { use: false });
    await play(fresh).click();
    await expect
      .poll(() => status(fresh).textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(`^Playing ${sample.bands[0]!.name}`));
    await fresh.close();
  });
});

describe("cost", () => {
  it("the first paint needs nothing but the HTML; every script, the sample's own included, comes after it", async () => {
    const route = SAMPLE_PAGE;
    const context = await newContext(chromium.browser, { width: PHONE });
    const page = await context.newPage();
    const watched = watchPage(page);
    await page.goto(route, { waitUntil: "load" });
    // The loader preloads once the page has painted: wait until the sample's own chunk has been asked for.
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => /\/assets\/SamplePlayer-/.test(e.name)),
    );
    await watched.quiet();
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.scripts.map((s) => s.name.replace(/-[A-Z0-9]{8}\.js$/, ""))).toEqual(
      expect.arrayContaining(["/assets/islands", "/assets/chunk", "/assets/SiteHeader", "/assets/SamplePlayer"]),
    );
    for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThan(timing.paint);
    await context.close();
  });
});

describe("where the sample cannot play", () => {
  const view = usePage(chromium, { width: PHONE, js: false });

  it("without JavaScript: the note, and no control at all", async () => {
    const route = SAMPLE_PAGE;
    const { page } = view;
    await page.goto(route);
    expect(await page.locator(".sample__fallback").isVisible()).toBe(true);
    expect(await page.locator(".sample__fallback").textContent()).toContain("needs JavaScript");
    expect(await page.locator(".sample button:visible, .sample input:visible").count()).toBe(0);
  });
});
