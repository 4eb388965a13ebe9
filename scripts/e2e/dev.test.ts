import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevProcess, type DevProcess } from "./dev-harness";
import { newContext, useBrowser } from "./site";

const chromium = useBrowser();

describe("npm run dev", () => {
  let dev: DevProcess;
  let context: BrowserContext;
  let page: Page;

  // What a build killed between its two renames leaves behind (its process long gone).
  const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;

  beforeAll(async () => {
    dev = await startDevProcess({
      typecheck: true,
      prepare: async (root) => {
        await mkdir(join(root, `dist.old-${deadPid}`));
        await writeFile(join(root, `dist.old-${deadPid}`, "index.html"), "the previous site");
        await mkdir(join(root, `dist.tmp-${deadPid}`));
      },
    });
    context = await newContext(chromium.browser, { width: 1280 });
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await dev?.stop();
  });

  const get = (path: string) => fetch(`${dev.url}${path}`, { redirect: "manual" });

  it("serves the site with production's URLs, trailing slashes and 404 page, plus its reload script", async () => {
    expect((await get("/about")).headers.get("location")).toBe("/about/");
    const missing = await get("/no-such-page/");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("This page is not here");
    const home = await (await get("/")).text();
    expect(home).toContain('<script type="module" src="/__dev/client.js"></script>');
    expect((await get("/__dev/client.js")).status).toBe(200);
    expect((await get("/_headers")).status).toBe(404);
  });

  it("#11 on start, heals what a build stopped between its renames left, and lists the placeholders", async () => {
    expect(await readFile(join(dev.root, "dist/index.html"), "utf8")).toBe("the previous site");
    expect((await readdir(dev.root)).filter((entry) => entry.startsWith("dist"))).toEqual(["dist"]);
    expect(dev.output()).toContain(`Recovered: restored dist/ from dist.old-${deadPid}`);
    expect(dev.output()).toContain("Placeholders still in use (replace them before publishing): origin = https://www.example.com");
  });

  it("serves a copy change at once and reloads the open tab showing that page", async () => {
    await page.goto(`${dev.url}/about/`);
    await page.waitForFunction(() => document.scripts.length > 0);
    const reloaded = page.waitForEvent("load");
    const reloadsBefore = dev.messages.filter((m) => m.type === "reload").length;
    await dev.edit("src/pages/about.tsx", (text) => text.replace("not a switch.", "not a lever."));
    expect(await (await get("/about/")).text()).toContain("not a lever.");
    const reload = dev.messages.filter((m) => m.type === "reload")[reloadsBefore];
    expect(reload).toEqual({ type: "reload", paths: ["/about/"] });
    await reloaded;
    expect(await page.locator("main").textContent()).toContain("not a lever.");
    expect(dev.output()).toMatch(/✓ Rebuilt in \d+ ms \(src\/pages\/about\.tsx\)/);
  });

  it("swaps the stylesheet in place for a style change, without reloading", async () => {
    await page.goto(`${dev.url}/contact/`);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const size = () => page.locator(".contact-card__title").evaluate((h) => getComputedStyle(h).fontSize);
    const before = await size();
    await dev.edit("styles/components/cards.css", (text) => text.replace(".contact-card__title {\n  font-size: var(--step-3);", ".contact-card__title {\n  font-size: 3.5rem;"));
    await expect.poll(size).toBe("56px");
    expect(before).not.toBe("56px");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(dev.messages.at(-1)?.type).toBe("css");
  });

  it("reports invalid content in the terminal and over the page, keeps serving the last good page, and recovers", async () => {
    await page.goto(`${dev.url}/products/`);
    await dev.edit("src/content/site.ts", (text) => text.replace("durationMinutes: 90,", "durationMinutes: 0,"));
    expect(dev.output()).toContain("✗ src/content/site.ts:34: Invalid site content:");
    expect(dev.output()).toContain("fields[1].durationMinutes must be a positive whole number");
    const overlay = page.locator("#dev-overlay");
    await expect.poll(() => overlay.textContent()).toContain("src/content/site.ts:34");
    expect(await overlay.textContent()).toContain("fields[1].durationMinutes");
    expect(await (await get("/products/")).text()).toContain("90-minute audio");

    const reloaded = page.waitForEvent("load");
    await dev.edit("src/content/site.ts", (text) => text.replace("durationMinutes: 0,", "durationMinutes: 45,"));
    await reloaded;
    expect(await page.locator("main").textContent()).toContain("45-minute audio");
    expect(await overlay.count()).toBe(0);
  });

  it("names the file and line of a syntax error and of a page that throws, and recovers from each", async () => {
    await dev.edit("src/pages/services.tsx", (text) => text.replace('title="A field made for you"', 'title="A field made for you'));
    const syntax = dev.messages.at(-1)!;
    expect(syntax).toMatchObject({ type: "problem", problem: { kind: "build", file: "src/pages/services.tsx" } });
    expect((syntax as { problem: { line: number } }).problem.line).toBeGreaterThan(0);
    await dev.edit("src/pages/services.tsx", (text) => text.replace('title="A field made for you\n', 'title="A field made for you"\n'));
    expect(dev.messages.at(-1)?.type).toBe("reload");

    await dev.edit("src/pages/services.tsx", (text) => text.replace("export function Page({ site, url }: PageProps) {\n", 'export function Page({ site, url }: PageProps) {\n  if (site) throw new Error("no services today");\n'));
    const thrown = dev.messages.at(-1)!;
    expect(thrown).toMatchObject({
      type: "problem",
      problem: { file: "src/pages/services.tsx", message: "Rendering the page /services/ failed: no services today" },
    });
    expect(dev.output()).toMatch(/✗ src\/pages\/services\.tsx:\d+: Rendering the page \/services\/ failed: no services today/);
    await dev.edit("src/pages/services.tsx", (text) => text.replace('  if (site) throw new Error("no services today");\n', ""));
    expect(dev.messages.at(-1)?.type).toBe("reload");
  });

  it("reports a type error, which esbuild alone would let through, with its file and line", async () => {
    // A tab of its own: the one above may still be reloading after the last recovery.
    const page = await context.newPage();
    await page.goto(`${dev.url}/`);
    await dev.edit("src/islands/SamplePlayer.tsx", (text) => text.replace("const [bandId, setBandId] = useState(", "const [bandId, setBandId] = useState<number>("));
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(/✗ Type error: src\/islands\/SamplePlayer\.tsx:\d+: TS\d+/);
    await expect.poll(() => page.locator("#dev-overlay").textContent(), { timeout: 10_000 }).toContain("src/islands/SamplePlayer.tsx:");
    await dev.edit("src/islands/SamplePlayer.tsx", (text) => text.replace("useState<number>(", "useState("));
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toContain("✓ Types check again");
  }, 90_000);
});

describe("npm run dev, over hundreds of edits", () => {
  let dev: DevProcess;
  beforeAll(async () => {
    dev = await startDevProcess({ exposeGc: true });
  }, 60_000);
  afterAll(() => dev?.stop());

  it("still answers, with flat memory and no more watchers or listeners than it started with, after 300 edits", async () => {
    const start = await dev.stats();
    let settledAfter50 = start;
    for (let edit = 1; edit <= 300; edit++) {
      const stats = await dev.edit("src/pages/about.tsx", (text) => text.replace(/not a (switch|lever\d*)\./, `not a lever${edit}.`));
      if (edit === 50) settledAfter50 = stats;
    }
    const end = await dev.stats();
    expect(end.builds).toBe(start.builds + 300);
    expect(end.watchers).toBe(start.watchers);
    expect(end.clients).toBe(start.clients);
    // Measured after a forced collection: growth from edit 50 to edit 300 stays within a few megabytes.
    expect(end.heapUsed - settledAfter50.heapUsed).toBeLessThan(8 * 1024 * 1024);
    expect(await (await fetch(`${dev.url}/about/`)).text()).toContain("not a lever300.");
    console.log(
      `dev server over 300 edits: heap ${(settledAfter50.heapUsed / 1e6).toFixed(1)} MB after 50, ${(end.heapUsed / 1e6).toFixed(1)} MB after 300; last rebuild ${Math.round(end.lastBuildMs)} ms`,
    );
  }, 240_000);

  it("shuts down cleanly on Ctrl-C", async () => {
    const url = dev.url;
    const code = await dev.stop();
    expect(code).toBe(0);
    expect(dev.output()).toContain("Stopped.");
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });
});
