import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../src/content/site";
import { ContentError } from "../src/content/validate";
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
  it("writes exactly the six pages and the 404 page, plus the hashed scripts and the favicon", async () => {
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
    const others = files.filter((f) => !f.endsWith(".html"));
    expect(others).toHaveLength(2);
    expect(others[0]).toMatch(/^assets\/islands-[A-Z0-9]{8}\.js$/);
    expect(others[1]).toBe("favicon.svg");
  });

  it("compiles the islands' URL into the loader inlined in every page", async () => {
    const [islands] = await readdir(join(outDir, "assets"));
    const home = await readFile(join(outDir, "index.html"), "utf8");
    const loader = home.match(/<script>([^<]*)<\/script>/)![1]!;
    expect(loader).toContain(`"/assets/${islands}"`);
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
});
