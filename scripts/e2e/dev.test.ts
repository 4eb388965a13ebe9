import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevProcess, type DevProcess } from "../test/dev-process";
import { FIXTURE_SITE, siteModule } from "../test/fixtures";
import { DESKTOP, newContext, useBrowser } from "./site";

const chromium = useBrowser();

// One dev server, on a copy of the project with the tests' own content, and one tab on it, for the first two
// blocks below (the others start their own).
let dev: DevProcess;
let context: BrowserContext;
let page: Page;
// What a build killed between its two renames leaves behind (its process long gone).
const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;

beforeAll(async () => {
  dev = await startDevProcess({
    prepare: async (root) => {
      // The tests' own content, whose facts the edits below rely on (the owner's can say anything).
      await writeFile(join(root, "src/content/site.ts"), siteModule(FIXTURE_SITE));
      await mkdir(join(root, `dist.old-${deadPid}`));
      await writeFile(join(root, `dist.old-${deadPid}`, "index.html"), "the previous site");
      await mkdir(join(root, `dist.tmp-${deadPid}`));
    },
  });
  context = await newContext(chromium.browser, { width: DESKTOP });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await dev?.stop();
});

const get = (path: string) => fetch(`${dev.url}${path}`, { redirect: "manual" });
/** The line of the copy's file that holds some text: where a problem there should be placed. */
const lineOf = async (file: string, text: string) =>
  (await readFile(join(dev.root, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

describe("npm run dev", () => {
  it("on start, heals what a build stopped between its renames left, and lists the placeholders", async () => {
    expect(await readFile(join(dev.root, "dist/index.html"), "utf8")).toBe("the previous site");
    expect((await readdir(dev.root)).filter((entry) => entry.startsWith("dist"))).toEqual(["dist"]);
    expect(dev.output()).toContain(`Recovered: restored dist/ from dist.old-${deadPid}`);
    expect(dev.output()).toContain(
      "Placeholders still in use (replace them before publishing): origin = https://www.example.com",
    );
  });

  it("serves the site with production's URLs, trailing slashes and 404 page, plus its reload script", async () => {
    expect((await get("/about")).headers.get("location")).toBe("/about/");
    const missing = await get("/no-such-page/");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("This page is not here");
    expect(await (await get("/")).text()).toContain('<script type="module" src="/__dev/client.js"></script>');
    expect((await get("/__dev/client.js")).status).toBe(200);
    expect((await get("/_headers")).status).toBe(404);
  });

  it("serves a copy change at once and reloads the open tab showing that page, and only that page", async () => {
    await page.goto(`${dev.url}/about/`);
    await page.waitForFunction(() => document.scripts.length > 0);
    const reloaded = page.waitForEvent("load");
    const answer = await dev.edit("src/content/about.ts", (text) => text.replace('lead: "', 'lead: "Edited once. '));
    expect(answer).toEqual({ type: "reload", paths: ["/about/"] });
    expect(await (await get("/about/")).text()).toContain("Edited once.");
    await reloaded;
    expect(await page.locator("main").textContent()).toContain("Edited once.");
    await dev.printed(/✓ Rebuilt in \d+ ms \(src\/content\/about\.ts\)/);
  });

  it("swaps the stylesheet in place for a style change, without reloading", async () => {
    await page.goto(`${dev.url}/contact/`);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const size = () => page.locator(".contact-card__title").evaluate((h) => getComputedStyle(h).fontSize);
    const before = await size();
    const answer = await dev.edit("styles/components/contact-card.css", (text) =>
      text.replace(
        ".contact-card__title {\n  font-size: var(--step-3);",
        ".contact-card__title {\n  font-size: 3.5rem;",
      ),
    );
    expect(answer.type).toBe("css");
    await expect.poll(size).toBe("56px");
    expect(before).not.toBe("56px");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it("uses a saved build module at once: the islands bundled with the options as saved, then as before", async () => {
    // No open tab on the site: every page changes, and a tab showing one would reload under the next test.
    await page.goto("about:blank");
    const entry = async () => {
      const loader = (await (await get("/contact/")).text()).match(/entry:"([^"]+)"/)![1]!;
      return (await get(loader)).text();
    };
    const banner = ' banner: { js: "/* edited in dev */" },';
    // Its first bytes: the bundle is React and all, too long to print whole when it fails.
    const start = async () => (await entry()).slice(0, 19);
    expect(await start()).not.toBe("/* edited in dev */");
    expect(
      (
        await dev.edit("scripts/static-build/assets.ts", (text) =>
          text.replace('legalComments: "none",', `legalComments: "none",${banner}`),
        )
      ).type,
    ).toBe("reload");
    expect(await start()).toBe("/* edited in dev */");
    expect((await dev.edit("scripts/static-build/assets.ts", (text) => text.replace(banner, ""))).type).toBe("reload");
    expect(await start()).not.toBe("/* edited in dev */");
    expect(dev.output()).not.toContain("scripts/static-build/assets.ts changed: the dev server itself runs it");
    // What the server itself runs (here, how it serves files) takes a restart, and the terminal says so.
    await dev.edit("scripts/serve/static-server.ts", (text) => `${text}\n// edited in dev\n`);
    expect(dev.output()).toContain(
      "scripts/serve/static-server.ts changed: the dev server itself runs it; restart npm run dev",
    );
  });
});

describe("npm run dev: a problem in the build or the content", () => {
  it("reports invalid content in the terminal and over the page, keeps serving the last good page, and recovers", async () => {
    await page.goto(`${dev.url}/products/`);
    const line = await lineOf("src/content/site.ts", '"durationMinutes": 90,');
    const answer = await dev.edit("src/content/site.ts", (text) =>
      text.replace('"durationMinutes": 90,', '"durationMinutes": 0,'),
    );
    expect(answer).toMatchObject({ type: "problem", problem: { file: "src/content/site.ts", line } });
    await dev.printed(
      new RegExp(
        `✗ src/content/site\\.ts:${line}: Invalid site content:[\\s\\S]*fields\\[1\\] \\("[^"]+"\\)\\.durationMinutes must be a positive whole number`,
      ),
    );
    const overlay = page.locator("#dev-overlay");
    await expect.poll(() => overlay.textContent()).toContain(`src/content/site.ts:${line}`);
    expect(await overlay.textContent()).toMatch(/fields\[1\] \("[^"]+"\)\.durationMinutes/);
    expect(await (await get("/products/")).text()).toContain("90 minutes\u00a0·");

    const reloaded = page.waitForEvent("load");
    await dev.edit("src/content/site.ts", (text) => text.replace('"durationMinutes": 0,', '"durationMinutes": 45,'));
    await reloaded;
    expect(await page.locator("main").textContent()).toContain("45 minutes\u00a0·");
    expect(await overlay.count()).toBe(0);
  });

  it("makes a preview it has not made before: the build code, bundled for the dev server, encodes and checks it", async () => {
    // The second field's: a recipe's preview is named by what it is, so its card (the second) says which.
    const src = async () =>
      [...(await (await get("/products/")).text()).matchAll(/src="(\/assets\/preview-beat-\w+\.mp3)"/g)][1]![1]!;
    const before = await src();
    // A beat no build has synthesized, so the cache cannot answer.
    const answer = await dev.edit("src/content/site.ts", (text) => text.replace('"beatHz": 7.5', '"beatHz": 7.25'));
    expect(answer.type).toBe("reload");
    const after = await src();
    expect(after).not.toBe(before);
    expect((await get(after)).status).toBe(200);
  });

  it("names a problem in any content file by its file and line (a mail subject with a line break)", async () => {
    const line = await lineOf("src/content/mail.ts", 'subject: "');
    const answer = await dev.edit("src/content/mail.ts", (text) => text.replace('subject: "', 'subject: "Line\\n'));
    expect(answer).toMatchObject({ type: "problem", problem: { file: "src/content/mail.ts", line } });
    expect(
      (await dev.edit("src/content/mail.ts", (text) => text.replace('subject: "Line\\n', 'subject: "'))).type,
    ).toBe("reload");
  });

  it("names the file and line of a syntax error and of a page that throws, and recovers from each", async () => {
    const syntax = await dev.edit("src/pages/services.tsx", (text) =>
      text.replace("<Steps steps={process.steps} />", "<Steps steps={process.steps} >"),
    );
    expect(syntax).toMatchObject({ type: "problem", problem: { kind: "build", file: "src/pages/services.tsx" } });
    expect((syntax as { problem: { line: number } }).problem.line).toBeGreaterThan(0);
    expect(
      (
        await dev.edit("src/pages/services.tsx", (text) =>
          text.replace("<Steps steps={process.steps} >", "<Steps steps={process.steps} />"),
        )
      ).type,
    ).toBe("reload");

    const thrown = await dev.edit("src/pages/services.tsx", (text) =>
      text.replace(
        /(export function Page\(\{[^}]*\}: PageProps\) \{\n)/,
        '$1  if (site) throw new Error("no services today");\n',
      ),
    );
    expect(thrown).toMatchObject({
      type: "problem",
      problem: { file: "src/pages/services.tsx", message: "Rendering the page /services/ failed: no services today" },
    });
    await dev.printed(/✗ src\/pages\/services\.tsx:\d+: Rendering the page \/services\/ failed: no services today/);
    expect(
      (
        await dev.edit("src/pages/services.tsx", (text) =>
          text.replace('  if (site) throw new Error("no services today");\n', ""),
        )
      ).type,
    ).toBe("reload");
  });
});

describe("npm run dev, with its type checker", () => {
  // A server of its own: the checker runs a whole tsc after every save, which the edits above need not pay for.
  let dev: DevProcess;
  let context: BrowserContext;
  beforeAll(async () => {
    dev = await startDevProcess({ typecheck: true });
    context = await newContext(chromium.browser, { width: DESKTOP });
  });
  afterAll(async () => {
    await context?.close();
    await dev?.stop();
  });

  it("reports a type error, which esbuild alone would let through, with its file and line, and when it is fixed", async () => {
    const tab = await context.newPage();
    await tab.goto(`${dev.url}/`);
    const reported = dev.next(
      (m) => m.type === "problem" && m.problem.kind === "type" && m.problem.file === "src/islands/SamplePlayer.tsx",
    );
    await dev.edit("src/islands/SamplePlayer.tsx", (text) => text.replace("useState(true)", "useState<number>(true)"));
    expect(await reported).toMatchObject({
      problem: { file: "src/islands/SamplePlayer.tsx", line: expect.any(Number) },
    });
    await dev.printed(/✗ Type error: src\/islands\/SamplePlayer\.tsx:\d+: TS\d+/);
    await expect.poll(() => tab.locator("#dev-overlay").textContent()).toContain("src/islands/SamplePlayer.tsx:");
    const cleared = dev.next((m) => m.type === "ok");
    await dev.edit("src/islands/SamplePlayer.tsx", (text) => text.replace("useState<number>(", "useState("));
    await cleared;
    await dev.printed(/✓ Types check again/);
  });
});

describe("npm run dev, over many edits", () => {
  // A server of its own, with no tab open and no edit before these: each edit is the server's work alone.
  const EDITS = 10;
  const WARM = 3;
  let dev: DevProcess;
  beforeAll(async () => {
    dev = await startDevProcess();
  });
  afterAll(() => dev?.stop());

  it(`still answers after ${EDITS} edits, with no more watchers or listeners and a heap that does not grow with them`, async () => {
    const edit = (n: number) =>
      dev.edit("src/content/about.ts", (text) => text.replace(/lead: "(Edit \d+\. )?/, `lead: "Edit ${n}. `));
    // The first edits warm the caches (a first rebuild compiles more than later ones): measure after them.
    for (let n = 1; n <= WARM; n++) await edit(n);
    const start = await dev.stats({ collect: true });
    for (let n = WARM + 1; n <= EDITS; n++) await edit(n);
    const end = await dev.stats({ collect: true });
    expect(end.builds).toBe(start.builds + EDITS - WARM);
    expect(end.watchers).toBe(start.watchers);
    expect(end.clients).toBe(start.clients);
    // Each rebuild evaluates the build code afresh (about 2 MB): keeping even one of them, let alone one per edit, would
    // exceed this. What a build lets go of only after it has answered is collected when the heap is asked for again.
    const growth = async () => (await dev.stats({ collect: true })).heapUsed - start.heapUsed;
    await expect.poll(growth, { timeout: 10_000 }).toBeLessThan(1.5 * 1024 * 1024);
    expect(await (await fetch(`${dev.url}/about/`)).text()).toContain(`Edit ${EDITS}.`);
    console.log(
      `dev server over ${EDITS - WARM} edits: heap ${(start.heapUsed / 1e6).toFixed(1)} MB to ${(end.heapUsed / 1e6).toFixed(1)} MB; last rebuild ${Math.round(end.lastBuildMs)} ms`,
    );
  });

  it("shuts down cleanly on Ctrl-C", async () => {
    const url = dev.url;
    expect(await dev.stop()).toBe(0);
    expect(dev.output()).toContain("Stopped.");
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });
});
