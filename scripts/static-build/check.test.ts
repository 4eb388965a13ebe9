import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SiteCheckError } from "./check";
import { checkPages } from "../test/site-check";
import { FOLD } from "../../src/lib/page";
import {
  compressed,
  FIRST_ROUND_TRIP,
  firstScreen,
  headerBytes,
  keptServedBytes,
  PAGE_CEILING,
  servedBytes,
} from "./page-budget";
import { readPage } from "./page-facts";

const description = "A description long enough to pass the check of fifty characters.";
const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="${description}"/></head><body>${body}</body></html>`;

async function problemsOf(
  pages: Record<string, string>,
  files: Record<string, string> | string[] = [],
): Promise<string[]> {
  const others = Array.isArray(files) ? files.map((file) => [file, ""] as const) : Object.entries(files);
  try {
    await checkPages(new Map(Object.entries(pages)), new Map(others), "/");
  } catch (error) {
    if (error instanceof SiteCheckError) return [...error.problems];
    throw error;
  }
  return [];
}

describe("checkPages", () => {
  // Words that do not repeat, so that they compress as an owner's long text does.
  let seed = 1;
  const word = () =>
    Array.from({ length: 6 }, () => "abcdefghijklmnopqrstuvwxyz"[(seed = (seed * 48271) % 2147483647) % 26]).join("");
  const question = () =>
    `<details class="question"><summary>${word()}</summary><p>${Array.from({ length: 12 }, word).join(" ")}</p></details>`;
  const questions = (count: number) => Array.from({ length: count }, question).join("");

  it("refuses a page whose first screen would not arrive in its first round trip, naming it, its size and its biggest parts", async () => {
    const problems = await problemsOf({
      "index.html": page("Home", "<h1>Home</h1>"),
      "about/index.html": page("About", `<h1>About</h1>${questions(400)}`),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^about\/index\.html: its first screen is [\d,]+ bytes with (gzip|brotli as serve sends it), over the [\d,]+ its first round trip leaves after [\d,]+ bytes of headers, .* Its biggest parts: 400 questions and answers/,
    );
    // Within the round trip alone, but not with its headers: refused all the same.
    let body = "<h1>About</h1>";
    const left = (html: string) => FIRST_ROUND_TRIP - headerBytes(readPage(html).policy);
    const served = async (html: string) => (await servedBytes(html)).firstScreen.bytes;
    while ((await served(page("About", body))) <= left(page("About", body))) body += question();
    expect(await served(page("About", body))).toBeLessThan(FIRST_ROUND_TRIP);
    expect(await problemsOf({ "about/index.html": page("About", body) })).toHaveLength(1);
    expect(
      await problemsOf({ "about/index.html": page("About", body.slice(0, body.lastIndexOf("<details"))) }),
    ).toEqual([]);
    // Within it with gzip, over it with brotli as `serve` sends it to a browser: refused, naming brotli.
    expect(compressed(page("About", body), "gzip")).toBeLessThanOrEqual(left(page("About", body)));
    expect((await problemsOf({ "about/index.html": page("About", body) }))[0]).toMatch(
      /bytes with brotli as serve sends it/,
    );
  });

  it("counts a page's first screen up to the end of what it marks as the last thing there, and the rest against a ceiling", async () => {
    const marked = (before: number, after: number) =>
      page("About", `<h1>About</h1><section ${FOLD}>${questions(before)}</section>${questions(after)}`);
    // A first screen within the round trip, and more below it: the page is whole.
    const long = marked(10, 300);
    const { whole } = await servedBytes(long);
    expect(whole.bytes).toBeGreaterThan(FIRST_ROUND_TRIP);
    expect(whole.bytes).toBeLessThan(PAGE_CEILING);
    expect(firstScreen(long).endsWith("</section>")).toBe(true);
    expect(await problemsOf({ "about/index.html": long })).toEqual([]);
    // Its first screen over the round trip: refused, however little follows.
    expect((await problemsOf({ "about/index.html": marked(400, 0) }))[0]).toMatch(
      /^about\/index\.html: its first screen is/,
    );
    // The whole over the ceiling: refused, naming it.
    const heavy = marked(10, 1200);
    expect(await problemsOf({ "about/index.html": heavy })).toEqual([
      expect.stringMatching(
        /^about\/index\.html: is [\d,]+ bytes with .*, over the 40,000 a page may weigh\. Its biggest parts: 1210 questions/,
      ),
    ]);
  });
});

it("measures a page once: the build's measure keeps what it found, and measures a changed page anew", async () => {
  const root = await mkdtemp(join(tmpdir(), "served-"));
  try {
    const measure = keptServedBytes(root);
    const html = page("Home", `<h1>Home</h1>${"<p>Words of a page.</p>".repeat(40)}`);
    expect(await measure(html, 200)).toEqual(await servedBytes(html, 200));
    const [entry, ...more] = await readdir(join(root, "served"));
    expect(more).toEqual([]);
    // What it kept is what it answers with, not a second compression.
    const kept = { firstScreen: { encoding: "gzip", bytes: 1 }, whole: { encoding: "gzip", bytes: 2 } };
    await writeFile(join(root, "served", entry!), JSON.stringify(kept));
    expect(await measure(html, 200)).toEqual(kept);
    expect(await measure(html, 201)).toEqual(await servedBytes(html, 201));
    expect(await measure(`${html} `, 200)).toEqual(await servedBytes(`${html} `, 200));
    expect(await readdir(join(root, "served"))).toHaveLength(3);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

describe("checkPages: links, headings, titles, descriptions, XML", () => {
  it("passes a page whose links all resolve", async () => {
    const pages = {
      "index.html": page(
        "Home",
        '<h1 id="top">Hi</h1><a href="/about/">About</a><a href="#top">Top</a><a href="/about/#team">Team</a>',
      ),
      "about/index.html": page(
        "About",
        '<h1 id="team">About</h1><a href="https://example.com">x</a><a href="mailto:a@example.com">m</a><script src="/assets/a.js"></script>',
      ),
    };
    expect(await problemsOf(pages, ["assets/a.js"])).toEqual([]);
  });

  it("names the page with a dead internal link", async () => {
    const problems = await problemsOf({ "index.html": page("Home", '<h1>Hi</h1><a href="/pricng/">Prices</a>') });
    expect(problems).toEqual(['index.html: links to "/pricng/", but the build has no pricng/index.html']);
  });

  it("names the page with a missing asset or a missing #fragment", async () => {
    const problems = await problemsOf({
      "index.html": page(
        "Home",
        '<h1>Hi</h1><link rel="stylesheet" href="/assets/gone.css"/><a href="#nowhere">x</a><a href="/#nope">y</a>',
      ),
    });
    expect(problems).toEqual([
      'index.html: links to "/assets/gone.css", but the build has no assets/gone.css',
      'index.html: links to "#nowhere", which is not an id on the page',
      'index.html: links to "/#nope", but index.html has no element with id "nope"',
    ]);
  });

  it("refuses relative and insecure links, which break on the 404 page and on https", async () => {
    const problems = await problemsOf({
      "index.html": page("Home", '<h1>Hi</h1><a href="about/">a</a><a href="http://example.com">b</a>'),
    });
    expect(problems).toHaveLength(2);
  });

  it("names a page without exactly one <h1>", async () => {
    const problems = await problemsOf({
      "a/index.html": page("A", "<h1>One</h1><h1>Two</h1>"),
      "b/index.html": page("B", "<h2>None</h2>"),
    });
    expect(problems).toEqual([
      "a/index.html: has 2 <h1> elements; a page needs exactly one",
      "b/index.html: has 0 <h1> elements; a page needs exactly one",
    ]);
  });

  it("names a page that repeats another's title", async () => {
    const problems = await problemsOf({
      "a/index.html": page("Same", "<h1>A</h1>"),
      "b/index.html": page("Same", "<h1>B</h1>"),
    });
    expect(problems).toEqual(['b/index.html: repeats the <title> of a/index.html ("Same")']);
  });

  it("names an XML file that does not parse, with the line and what is wrong", async () => {
    const home = { "index.html": page("Home", "<h1>Hi</h1>") };
    const good =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>https://a.example/?x=1&amp;y=2</loc></url></urlset>\n';
    expect(await problemsOf(home, { "sitemap.xml": good })).toEqual([]);
    const raw = good.replace("&amp;", "&");
    expect(await problemsOf(home, { "sitemap.xml": raw })).toEqual([
      expect.stringMatching(/^sitemap\.xml: is not well-formed XML \(line 2, column \d+: .*'&'/),
    ]);
  });

  it("reads a page as a browser does: every address a srcset offers, an <h1> only where it is an element, entities decoded", async () => {
    const html = page(
      "A",
      '<h1>A</h1><script type="application/ld+json">{"text":"<h1>not a heading</h1>"}</script>' +
        '<picture><source srcset="/assets/c-400.webp 400w, /assets/gone-800.webp 800w"/><img src="/assets/c-400.webp" alt=""/></picture>',
    ).replace(description, `${description.slice(0, 45)}&#39;s &amp; it`);
    expect(await problemsOf({ "index.html": html }, ["assets/c-400.webp"])).toEqual([
      'index.html: links to "/assets/gone-800.webp", but the build has no assets/gone-800.webp',
    ]);
    // "&#39;" and "&amp;" are one character each: the description is 54 characters, not 62.
    const short = html.replace(`${description.slice(0, 45)}&#39;s &amp; it`, `${"x".repeat(44)}&#39;s&amp;`);
    expect(await problemsOf({ "index.html": short }, ["assets/c-400.webp", "assets/gone-800.webp"])).toEqual([
      "index.html: meta description is 47 characters; keep it between 50 and 160",
    ]);
  });

  it("refuses to read a page whose element another tag closes, where a browser would end it elsewhere", () => {
    expect(() => readPage(page("A", "<h1>A</h1><p>one<div>two</div></p>"))).toThrow(
      /<p> at \d+ .* closed by the tag at/,
    );
    // Left open to the end of the page, it ends there.
    expect(readPage(page("A", "<h1>A</h1><p>one").replace("</body></html>", "")).h1s).toBe(1);
  });
  it("names a page whose description is too short", async () => {
    const html = page("A", "<h1>A</h1>").replace(description, "Too short.");
    expect(await problemsOf({ "index.html": html })).toEqual([
      "index.html: meta description is 10 characters; keep it between 50 and 160",
    ]);
  });
});
