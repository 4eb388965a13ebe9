import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../src/content/site";
import { ContentError } from "../src/content/validate";
import { pages } from "../src/pages/index";
import type { PageModule } from "../src/pages/types";
import { ROOT } from "./assets";
import { build } from "./build";

let workDir: string;
let outDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "site-build-"));
  outDir = join(workDir, "dist");
  await build({ outDir });
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Every file and a hash of its bytes: equal snapshots mean an untouched folder. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await listFiles(dir);
  const hashes = await Promise.all(files.map(async (f) => createHash("sha256").update(await readFile(join(dir, f))).digest("hex")));
  return Object.fromEntries(files.map((f, i) => [f, hashes[i]!]));
}

describe("build", () => {
  it("writes exactly the six pages and the 404 page, plus the islands, icons and files for hosts and crawlers", async () => {
    const files = await listFiles(outDir);
    expect(files.filter((f) => f.endsWith(".html"))).toEqual([
      "404.html",
      "about/index.html",
      "all-fields/index.html",
      "contact/index.html",
      "index.html",
      "products/index.html",
      "services/index.html",
    ]);
    const others = files.filter((f) => !f.endsWith(".html")).map((f) => f.replace(/-[A-Za-z0-9]{8,10}\./, "-[hash]."));
    expect(others).toEqual([
      ".nojekyll",
      "_headers",
      "apple-touch-icon.png",
      "assets/chunk-[hash].js",
      "assets/islands-[hash].js",
      "assets/sample-[hash].js",
      "assets/share-[hash].png",
      "favicon.svg",
      "icon-192.png",
      "icon-512.png",
      "robots.txt",
      "site.webmanifest",
      "sitemap.xml",
    ]);
  });

  it("compiles the islands' URLs into the loader inlined in every page: React's chunk for all, the sample's for its pages", async () => {
    const assets = await readdir(join(outDir, "assets"));
    const named = (prefix: string) => `"/assets/${assets.find((f) => f.startsWith(prefix))}"`;
    const home = await readFile(join(outDir, "index.html"), "utf8");
    const loader = home.match(/<script>([^<]*)<\/script>/)![1]!;
    expect(loader).toContain(`entry:${named("islands-")}`);
    expect(loader).toContain(`modules:[${named("islands-")},${named("chunk-")}]`);
    expect(loader).toContain(`"sample-player":[${named("sample-")}]`);
    expect(loader).toContain('classList.add("js")');
  });

  it("bundles React's production build for the browser", async () => {
    const scripts = await readdir(join(outDir, "assets"));
    const code = (await Promise.all(scripts.map((f) => readFile(join(outDir, "assets", f), "utf8")))).join("\n");
    // The production build replaces error texts with links to react.dev; the development build carries
    // the texts themselves, such as its DOM-nesting validation.
    expect(code).toContain("Minified React error");
    expect(code).not.toContain("In HTML, %s cannot be a child");
  });

  it("stops on invalid content with the file and field named, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const broken = { ...site, fields: site.fields.map((f, i) => (i === 1 ? { ...f, durationMinutes: 0 } : f)) };
    const failure = build({ site: broken, outDir });
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow("src/content/site.ts: fields[1].durationMinutes");
    expect(await snapshot(outDir)).toEqual(before);
    expect(await readdir(workDir)).toEqual(["dist"]);
  });

  it("replaces stale files rather than adding to them", async () => {
    await writeFile(join(outDir, "stale.html"), "old");
    await build({ outDir });
    expect(await listFiles(outDir)).not.toContain("stale.html");
  });

  it("stops on a dead internal link, naming the page, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const broken: PageModule = {
      meta: { path: "/broken/", title: "Broken", description: "A page with a link to nowhere, to prove the build refuses it." },
      Page: () => (
        <>
          <h1>Broken</h1>
          <a href="/pricng/">Prices</a>
        </>
      ),
    };
    await expect(build({ outDir, pages: [...pages, broken] })).rejects.toThrow('broken/index.html: links to "/pricng/"');
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("stops when a page throws while rendering, naming the page, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const throwing: PageModule = {
      meta: { path: "/throws/", title: "Throws", description: "A page that fails to render, to prove the build stops cleanly." },
      Page: () => {
        throw new Error("the field list is empty");
      },
    };
    await expect(build({ outDir, pages: [...pages, throwing] })).rejects.toThrow("Rendering the page /throws/ failed: the field list is empty");
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("exits non-zero from the command line, naming the setting at fault, with the output untouched", async () => {
    const cli = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--out", join(workDir, "cli")], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, ...env },
      });
    expect(cli({}).status).toBe(0);
    const before = await snapshot(join(workDir, "cli"));
    const failed = cli({ SITE_ORIGIN: "http://www.example.com" });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("SITE_ORIGIN (environment variable): origin must be the site's https origin");
    expect(failed.stderr).toContain("was left as it was");
    expect(await snapshot(join(workDir, "cli"))).toEqual(before);
  });

  it("is reproducible: two builds of the same commit are byte-identical", async () => {
    const again = join(workDir, "again");
    await build({ outDir });
    await build({ outDir: again });
    expect(await snapshot(again)).toEqual(await snapshot(outDir));
  });
});
