import { type Browser, chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { executablePath, PLAYWRIGHT_DISABLED_FEATURES } from "../test/chromium";
import { useBrowser } from "./site";

/** The features a Chromium runs with turned off: the last --disable-features on its command line, which it reads. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("chrome://version");
    const line = (await page.locator("#command_line").textContent()) ?? "";
    const last = [...line.matchAll(/--disable-features=(\S+)/g)].at(-1);
    return last ? last[1]!.split(",") : [];
  } finally {
    await context.close();
  }
}

describe("the tests' Chromium (scripts/test/chromium.ts)", () => {
  const shared = useBrowser();

  it("repeats the features Playwright turns off, as this Playwright lists them", async () => {
    const bare = await chromium.launch({ executablePath: executablePath(), args: ["--headless=new", "--no-sandbox"] });
    try {
      expect(await disabledFeatures(bare)).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
    } finally {
      await bare.close();
    }
  });

  it("runs with them off, and opens no hidden omnibox pages beside a context's page", async () => {
    expect(await disabledFeatures(shared.browser)).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
    const context = await shared.browser.newContext();
    try {
      await (await context.newPage()).goto("about:blank");
      const session = await shared.browser.newBrowserCDPSession();
      const { targetInfos } = await session.send("Target.getTargets");
      expect(targetInfos.filter((target) => target.url.startsWith("chrome://omnibox"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
