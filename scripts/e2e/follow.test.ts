import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLLOW_ACTION } from "../../src/lib/follow";
import { FIXTURE_SITE } from "../test/fixtures";
import { FIELD_PAGE, newContext, PHONE, useBrowser } from "./site";

const chromium = useBrowser();

/** What the stand-in for Gumroad was sent: each request's method, path and body. */
interface Received {
  method?: string;
  path?: string;
  type?: string;
  body: string;
}

/**
 * A local server standing in for Gumroad's follow endpoint: it answers as Gumroad's page does, and keeps what each
 * request carried. The browser still posts to the form's own target (Gumroad's address); the tests' route sends that
 * request here, as it was sent.
 */
let received: Received[];
let standIn: ReturnType<typeof createServer>;
let standInURL: string;
beforeAll(async () => {
  received = [];
  standIn = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ method: request.method, path: request.url, type: request.headers["content-type"], body });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<!DOCTYPE html><title>Followed</title><p>Check your inbox to confirm your follow request.</p>");
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInURL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => standIn.close(resolve)));

/** Requests to `target` answered by the stand-in, as they were made. */
const standInFor = (context: BrowserContext, target: string) =>
  context.route(target, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standInURL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });

describe("following the studio, with JavaScript off", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(chromium.browser, { width: PHONE, js: false, fixture: true });
  });
  afterAll(() => context.close());

  it("posts the seller and the address, nothing else, to the storefront in a new tab, which answers there", async () => {
    await standInFor(context, FOLLOW_ACTION);
    const page = await context.newPage();
    await page.goto(FIELD_PAGE);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    const form = page.locator(".field-detail + .follow-band form");
    await form.getByLabel("Hear about the next field").fill("listener@example.org");
    const [tab] = await Promise.all([context.waitForEvent("page"), form.getByRole("button").click()]);
    await tab.waitForLoadState();
    expect(await tab.locator("p").textContent()).toBe("Check your inbox to confirm your follow request.");
    expect(page.url()).toContain(FIELD_PAGE);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe(new URL(FOLLOW_ACTION).pathname);
    expect(request!.type).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(request!.body)]).toEqual([
      ["seller_id", FIXTURE_SITE.storefront.sellerId],
      ["email", "listener@example.org"],
    ]);
    await tab.close();
    await page.close();
  });

  it("refuses, by the page's own policy, a form that would post anywhere else", async () => {
    received.length = 0;
    const elsewhere = "https://collector.example.net/follow";
    await standInFor(context, elsewhere);
    const page = await context.newPage();
    // The page as served, its headers and both its policies too (the header's and its <meta>'s, which a host that
    // sends no headers relies on alone), but with its form pointed elsewhere, as injected markup would.
    await page.route(`**${FIELD_PAGE}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(`action="${FOLLOW_ACTION}"`, `action="${elsewhere}"`);
      await route.fulfill({ response, body });
    });
    const refused = page.waitForEvent("console", (message) => /form-action/.test(message.text()));
    await page.goto(FIELD_PAGE);
    const form = page.locator(".field-detail + .follow-band form");
    expect(await form.getAttribute("action")).toBe(elsewhere);
    await form.getByLabel("Hear about the next field").fill("listener@example.org");
    await form.getByRole("button").click();
    expect((await refused).text()).toContain(elsewhere);
    expect(received).toEqual([]);
    expect(context.pages()).toEqual([page]);
    await page.close();
  });
});
