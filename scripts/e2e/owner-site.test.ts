import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldPath } from "../../src/content/fields";
import type { SiteContent } from "../../src/content/types";
import { buildSite, ownerFolders, ownerSite } from "../build";
import { serveStatic } from "../serve/static-server";
import { writeSite } from "../test/site-check";
import { FIXTURE_SITE } from "../test/fixtures";
import { builtPages, siteProblems } from "./owner-site";
import { useBrowser } from "./site";

const chromium = useBrowser();

/** A site built into a folder of its own (src/ untouched: what it would commit stays in memory), served as hosts serve it. */
async function served(site: SiteContent, sources: Record<string, string> = {}, folders = {}) {
  const dist = join(await mkdtemp(join(tmpdir(), "owner-site-")), "dist");
  const built = await buildSite({ site, sources, ...folders });
  await writeSite(dist, built.files);
  const server = await serveStatic(dist, { headers: true });
  return { dist, server, built };
}

describe("the owner's own site, as the workflow is about to deploy it", () => {
  let site: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    const { content, sources } = await ownerSite();
    site = await served(content, sources, ownerFolders());
  });
  afterAll(async () => {
    await site?.server.close();
    if (site) await rm(join(site.dist, ".."), { recursive: true, force: true });
  });

  it("every page and field page loads at 375 and 1440 px with no console error or failed request, every link resolves, axe finds nothing, nothing overflows, and every preview plays", async () => {
    const pages = await builtPages(site.dist);
    for (const field of site.built.content.fields) expect(pages).toContain(fieldPath(field));
    expect(await siteProblems(chromium.browser, site.server.url, pages)).toEqual([]);
  });
});

describe("the owner's-site checks, on a site with what they look for", () => {
  const long = {
    ...FIXTURE_SITE.fields[1]!,
    title: "Electroencephalographic",
    slug: "long",
    url: "https://example.shopfront.com/l/long",
  };
  let site: Awaited<ReturnType<typeof served>>;
  let problems: string[];
  beforeAll(async () => {
    site = await served({ ...FIXTURE_SITE, fields: [...FIXTURE_SITE.fields, long] });
    const page = join(site.dist, "fields/long/index.html");
    const html = await readFile(page, "utf8");
    // What a deploy that lost files leaves: a page the others link to, a picture, and a preview.
    await rm(join(site.dist, "contact/index.html"));
    await rm(join(site.dist, html.match(/assets\/cover-long-[\w-]+\.svg/)![0]));
    await rm(join(site.dist, html.match(/assets\/preview-[\w-]+\.mp3/)![0]));
    // And a title longer than the one the page's heading was sized for: one word, wider than a phone.
    await writeFile(page, html.replace(/(<h1[^>]*>)[^<]+/, "$1Pneumonoultramicroscopicsilicovolcanoconiosis"));
    problems = await siteProblems(chromium.browser, site.server.url, ["/fields/long/"]);
  });
  afterAll(async () => {
    await site?.server.close();
    if (site) await rm(join(site.dist, ".."), { recursive: true, force: true });
  });

  it("find a broken link", () => {
    expect(problems).toContainEqual(
      expect.stringMatching(/^\/fields\/long\/ at 375 px: links to \/contact\/, which answers 404$/),
    );
  });

  it("find a console error and a failed request", () => {
    expect(problems).toContainEqual(expect.stringMatching(/^\/fields\/long\/ at \d+ px: console\.error: .*404/));
    expect(problems).toContainEqual(expect.stringMatching(/^\/fields\/long\/ at \d+ px: HTTP 404: .*cover-long-/));
  });

  it("find an overflowing title", () => {
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^\/fields\/long\/ at 375 px: .*(wider|sideways).*Pneumono|^\/fields\/long\/ at 375 px: the page scrolls sideways/,
      ),
    );
  });

  it("find a preview that does not play", () => {
    expect(problems).toContainEqual(
      expect.stringMatching(/^\/fields\/long\/ at 1440 px: its preview \S+ does not play$/),
    );
  });
});
