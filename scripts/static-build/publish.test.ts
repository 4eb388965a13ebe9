import { selections } from "../../src/content/purposes";
import { selectionPath } from "../../src/pages/all-fields";
import { fieldPath, fieldSlug } from "../../src/content/fields";
import { frame } from "../../src/content/frame";
import type { SiteContent } from "../../src/content/types";
import { priceInWords } from "../../src/components/FieldCard";
import { parseFeed } from "@rowanmanning/feed-parser";
import { twelveFields } from "../bench/catalogue";
import { atomFeed } from "./feed";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeCovers, FIXTURE_SITE as site } from "../test/fixtures";
import { ROOT } from "../paths";
import { build, buildSite } from "../build";
import { createUrls, outputFileFor } from "../../src/lib/routes";
import type { PreviewPlayerProps } from "../../src/islands/PreviewPlayer";
import { readIslandProps } from "../../src/islands/registry";
import { navRoutes } from "../../src/pages/index";
import { parseHtml } from "../test/parse-html";
import { sitemapXml } from "./site-files";
import { theme } from "./styles";

const ROUTES = navRoutes().map((r) => r.path);
const fileFor = outputFileFor;

let workDir: string;
let dist: string;
let underBase: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "site-publish-"));
  dist = join(workDir, "root");
  underBase = join(workDir, "repo");
  await build({ site, outDir: dist });
  await build({ site: { ...site, origin: "https://someone.github.io", basePath: "/repo/" }, outDir: underBase });
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const read = (dir: string, file: string) => readFile(join(dir, file), "utf8");
const page = async (dir: string, file: string) => parseHtml(await read(dir, file));
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? undefined;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("search and sharing", () => {
  it.each(ROUTES)(
    "%s: canonical and og:url are the page's absolute URL, with one trailing-slash form",
    async (route) => {
      const doc = await page(dist, fileFor(route));
      const canonical = doc.querySelector('link[rel="canonical"]')!.getAttribute("href");
      expect(canonical).toBe(`${site.origin}${route}`);
      expect(meta(doc, "og:url")).toBe(canonical);
    },
  );

  it.each(ROUTES)("%s: Open Graph and Twitter card, language and theme colour", async (route) => {
    const doc = await page(dist, fileFor(route));
    expect(doc.documentElement.getAttribute("lang")).toBe("en");
    expect(meta(doc, "og:title")).toBe(doc.title);
    expect(meta(doc, "og:description")).toBe(meta(doc, "description"));
    expect(meta(doc, "og:type")).toBe("website");
    expect(meta(doc, "og:site_name")).toBe(site.brand);
    expect(meta(doc, "og:image")).toMatch(new RegExp(`^${site.origin}/assets/share-[0-9a-f]{10}\\.png$`));
    expect(meta(doc, "twitter:card")).toBe("summary_large_image");
    expect(meta(doc, "theme-color")).toBe(theme().background);
    expect(meta(doc, "robots")).toBeUndefined();
  });

  it("keeps the 404 page out of search: noindex, no canonical", async () => {
    const doc = await page(dist, "404.html");
    expect(meta(doc, "robots")).toBe("noindex");
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta(doc, "og:url")).toBeUndefined();
  });

  it("renders the share image at 1200×630 and names it by absolute URL", async () => {
    // The file the page names (each field's page names one of its own, so the folder holds several).
    const doc = await page(dist, "index.html");
    const assets = `${site.origin}/assets/`;
    const image = meta(doc, "og:image") ?? "";
    expect(image.startsWith(assets)).toBe(true);
    expect(pngSize(await readFile(join(dist, "assets", image.slice(assets.length))))).toEqual([1200, 630]);
    expect(meta(doc, "og:image:width")).toBe("1200");
    expect(meta(doc, "og:image:height")).toBe("630");
  });

  it("lists every route in the sitemap by absolute URL, and not the 404 page", async () => {
    const xml = await read(dist, "sitemap.xml");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      [...ROUTES, ...site.fields.map(fieldPath), ...selections(site).map(selectionPath)]
        .map((r) => `${site.origin}${r}`)
        .sort(),
    );
    expect(xml).not.toContain("404");
  });

  it("writes a sitemap that parses, escaping what XML reserves", async () => {
    expect(XMLValidator.validate(await read(dist, "sitemap.xml"))).toBe(true);
    const xml = sitemapXml(["/a&b/", "/<c>/"], createUrls({ origin: "https://www.example.com", basePath: "/" }));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("<loc>https://www.example.com/a&amp;b/</loc>");
    expect(xml).toContain("<loc>https://www.example.com/&lt;c&gt;/</loc>");
  });

  it("points robots.txt at the sitemap by absolute URL", async () => {
    expect(await read(dist, "robots.txt")).toContain(`\nSitemap: ${site.origin}/sitemap.xml\n`);
  });
});

describe("structured data", () => {
  const jsonLd = async (file: string) =>
    [...(await page(dist, file)).querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent!),
    );

  it("describes the organisation and the website on the home page", async () => {
    const [data] = await jsonLd("index.html");
    const types = data["@graph"].map((node: { "@type": string }) => node["@type"]);
    expect(types).toEqual(["Organization", "WebSite"]);
    expect(data["@graph"][0]).toMatchObject({ name: site.brand, url: `${site.origin}/`, email: site.email });
  });

  /** What a field's own page says of it: the first thing in its data. */
  const fieldThing = async (field: (typeof site.fields)[number]) =>
    (await jsonLd(outputFileFor(fieldPath(field))))[0]["@graph"][0];

  it("the catalogue lists each field's own page, in order, and each page describes its field: duration, declared bands, a Product only with a price", async () => {
    const [list] = await jsonLd("all-fields/index.html");
    expect(list["@type"]).toBe("ItemList");
    expect(list.itemListElement).toEqual(
      site.fields.map((field, i) => ({
        "@type": "ListItem",
        position: i + 1,
        url: `${site.origin}${fieldPath(field)}`,
      })),
    );
    for (const field of site.fields) {
      const thing = await fieldThing(field);
      expect(thing).toMatchObject({
        "@type": field.price ? "Product" : "CreativeWork",
        name: field.title,
        description: field.description,
        url: `${site.origin}${fieldPath(field)}`,
      });
      expect(thing.additionalProperty).toContainEqual(
        expect.objectContaining({ name: "Duration", value: field.durationMinutes, unitCode: "MIN" }),
      );
      // A property for each declared band, and one for a glide.
      expect(thing.additionalProperty.filter((p: { name: string }) => p.name === "Binaural beat")).toHaveLength(
        (field.bands?.length ?? 0) + (field.glide ? 1 : 0),
      );
    }
  });

  it("each field's preview as an AudioObject on its page, as long as the field's own player says", async () => {
    const audio = await readdir(join(dist, "assets"));
    for (const field of site.fields) {
      const thing = await fieldThing(field);
      if (!field.preview) {
        expect(thing.audio).toBeUndefined();
        continue;
      }
      const own = await page(dist, outputFileFor(fieldPath(field)));
      const player = readIslandProps<PreviewPlayerProps>(own.querySelector('[data-island="PreviewPlayer"]')!);
      expect(thing.audio).toMatchObject({
        "@type": "AudioObject",
        duration: `PT${Math.round(player.seconds)}S`,
        encodingFormat: "audio/mpeg",
      });
      expect(thing.audio.contentUrl).toBe(`${site.origin}${player.src}`);
      expect(audio).toContain(thing.audio.contentUrl.split("/").pop());
    }
  });

  it("invents no rating or review anywhere, and a price only where the owner set one", async () => {
    const fieldRoutes = site.fields.map(fieldPath);
    for (const route of [...ROUTES, ...fieldRoutes]) {
      for (const data of await jsonLd(fileFor(route)))
        expect(JSON.stringify(data)).not.toMatch(/"(aggregateRating|review|ratingValue)"/);
    }
    for (const field of site.fields) expect((await fieldThing(field)).offers?.price).toBe(field.price?.amount);
  });

  it("only the home and catalogue pages carry structured data: one description of each product", async () => {
    const withData = [];
    for (const route of ROUTES) if ((await jsonLd(fileFor(route))).length) withData.push(route);
    expect(withData).toEqual(["/", "/all-fields/"]);
  });
});

describe("icons and manifest", () => {
  it("has an SVG favicon, a 180×180 apple-touch-icon and 192/512 icons", async () => {
    const doc = await page(dist, "index.html");
    expect(doc.querySelector('link[rel="icon"]')!.getAttribute("type")).toBe("image/svg+xml");
    expect((await read(dist, "favicon.svg")).startsWith("<svg")).toBe(true);
    expect(doc.querySelector('link[rel="apple-touch-icon"]')!.getAttribute("href")).toBe("/apple-touch-icon.png");
    expect(pngSize(await readFile(join(dist, "apple-touch-icon.png")))).toEqual([180, 180]);
    expect(pngSize(await readFile(join(dist, "icon-192.png")))).toEqual([192, 192]);
    expect(pngSize(await readFile(join(dist, "icon-512.png")))).toEqual([512, 512]);
  });

  it("answers /favicon.ico, where browsers and crawlers look when a page names no icon, with an ICO of a 32×32 PNG", async () => {
    const ico = await readFile(join(dist, "favicon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([32, 32, ico.length - 22, 22]);
    expect(pngSize(ico.subarray(22))).toEqual([32, 32]);
  });

  it("links a web app manifest with the name, colours and icons that exist", async () => {
    const doc = await page(dist, "index.html");
    expect(doc.querySelector('link[rel="manifest"]')!.getAttribute("href")).toBe("/site.webmanifest");
    const manifest = JSON.parse(await read(dist, "site.webmanifest"));
    // Under the icon on a home screen, the owner's short name, short enough to show whole.
    expect(manifest).toMatchObject({
      name: site.brand,
      short_name: site.shortName,
      background_color: theme().background,
      theme_color: theme().background,
      start_url: "/",
    });
    for (const icon of manifest.icons) await expect(readFile(join(dist, icon.src))).resolves.toBeTruthy();
  });

  it("takes its colours from the stylesheet's tokens", async () => {
    const tokens = await readFile(join(ROOT, "styles/tokens.css"), "utf8");
    expect(tokens).toContain(`--ink-950: ${theme().background};`);
    expect(await read(dist, "favicon.svg")).toContain(`fill="${theme().background}"`);
  });
});

describe("under a base path (a GitHub Pages project site)", () => {
  it.each([...ROUTES, "/404.html"])("%s: every internal link and asset URL is under /repo/", async (route) => {
    const html = await read(underBase, route.endsWith(".html") ? route.slice(1) : fileFor(route));
    const doc = parseHtml(html);
    for (const el of doc.querySelectorAll("[href], [src]")) {
      const ref = el.getAttribute("href") ?? el.getAttribute("src")!;
      if (/^(https:|mailto:|#)/.test(ref)) continue;
      expect(ref).toMatch(/^\/repo\//);
    }
    expect(html).toContain('"/repo/assets/islands-');
  });

  it("names its icon in <head> from the start, since /favicon.ico at the host's root is another site's", async () => {
    const [atRoot, underRepo] = [await page(dist, "index.html"), await page(underBase, "index.html")];
    expect(atRoot.querySelector('head > link[rel="icon"]')).toBeNull();
    expect(underRepo.querySelector('head > link[rel="icon"]')!.getAttribute("href")).toBe("/repo/favicon.svg");
  });

  it("gives canonical, og:url, sitemap and robots.txt the base path too", async () => {
    const doc = await page(underBase, "about/index.html");
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
      "https://someone.github.io/repo/about/",
    );
    expect(meta(doc, "og:url")).toBe("https://someone.github.io/repo/about/");
    expect(meta(doc, "og:image")).toMatch(/^https:\/\/someone\.github\.io\/repo\/assets\/share-/);
    expect(await read(underBase, "sitemap.xml")).toContain("<loc>https://someone.github.io/repo/contact/</loc>");
    expect(await read(underBase, "robots.txt")).toContain("Sitemap: https://someone.github.io/repo/sitemap.xml");
    expect(JSON.parse(await read(underBase, "site.webmanifest")).start_url).toBe("/repo/");
  });
});

describe("the feed of fields (/feed.xml)", () => {
  /** Twelve fields, newest first out of order in the catalogue: two of one day, one undated, some priced. */
  const twelve: SiteContent = {
    ...site,
    fields: twelveFields(site.fields[0]!).map((field, i) => ({
      ...field,
      // What XML reserves, in a title and a description: escaped, and read back as written.
      ...(i === 4 && {
        title: `Rain & <Thunder> "Live"`,
        description: `${field.description} Rain & 'thunder' <live>.`,
      }),
      released: i === 5 ? undefined : `2026-0${1 + (i % 9)}-${i === 9 ? "01" : "15"}`,
      price: i % 3 === 0 ? { amount: 12 + i, currency: "EUR" } : undefined,
      purpose: i % 2 === 0 ? "Sleep" : undefined,
    })),
  };
  const urls = createUrls(twelve);
  const xml = atomFeed(twelve, urls, { covers: fakeCovers(twelve), shares: new Map() })!;

  it("is read by a feed reader's parser: each field with a day, newest first, with its title, page, summary, picture, price and purpose", () => {
    const feed = parseFeed(xml);
    const dated = twelve.fields
      .map((field, order) => ({ field, order }))
      .filter(({ field }) => field.released)
      .sort((a, b) => b.field.released!.localeCompare(a.field.released!) || a.order - b.order)
      .map(({ field }) => field);
    expect(dated).toHaveLength(11);
    expect(feed.title).toBe(`${twelve.brand}: ${frame.feed.title}`);
    expect(feed.updated?.toISOString()).toBe(`${dated[0]!.released}T00:00:00.000Z`);
    expect(feed.items.map((item) => item.title)).toEqual(dated.map((field) => field.title));
    feed.items.forEach((item, i) => {
      const field = dated[i]!;
      expect(item.url).toBe(urls.absolute(fieldPath(field)));
      expect(item.id).toBe(`tag:${new URL(twelve.origin).hostname},${field.released}:fields/${fieldSlug(field)}`);
      expect(item.description).toBe(field.description);
      expect(item.published?.toISOString().slice(0, 10)).toBe(field.released);
      expect(item.image?.url).toBe(urls.absolute(fakeCovers(twelve).get(fieldSlug(field))!.path));
      expect(item.categories.map((c) => c.label)).toEqual(field.purpose ? ["Sleep"] : []);
      if (field.price) expect(item.content).toContain(priceInWords(field.price));
      else expect(item.content).not.toMatch(/€/);
    });
  });

  it("has every element the Atom specification requires (RFC 4287), each entry's id its own", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ["entry", "link"].includes(name),
    }).parse(xml);
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    for (const key of ["id", "title", "updated"]) expect(feed[key], key).toBeTruthy();
    expect(feed.author.name).toBe(twelve.brand);
    expect(feed.link.find((l: Record<string, string>) => l["@_rel"] === "self")["@_href"]).toBe(
      urls.absolute("/feed.xml"),
    );
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
    expect(feed.updated).toMatch(rfc3339);
    for (const entry of feed.entry) {
      for (const key of ["id", "title", "updated", "summary"]) expect(entry[key], key).toBeTruthy();
      expect(entry.updated).toMatch(rfc3339);
      expect(entry.link.some((l: Record<string, string>) => l["@_rel"] === "alternate")).toBe(true);
    }
    expect(new Set(feed.entry.map((e: { id: string }) => e.id)).size).toBe(feed.entry.length);
  });

  it("keeps an entry's id when the field is retitled, priced or moved in the catalogue: its host, day and slug", () => {
    const [first, ...rest] = twelve.fields;
    const renamed = {
      ...twelve,
      fields: [
        ...rest,
        { ...first!, title: "Another Name", slug: fieldSlug(first!), price: { amount: 9, currency: "EUR" } },
      ],
    };
    const ids = (text: string) =>
      Object.fromEntries(
        [
          ...text.matchAll(
            /<entry>[\s\S]*?<id>([^<]+)<\/id>[\s\S]*?<link rel="alternate" type="text\/html" href="([^"]+)"/g,
          ),
        ].map((m) => [m[2], m[1]]),
      );
    expect(ids(atomFeed(renamed, urls, { covers: fakeCovers(renamed), shares: new Map() })!)).toEqual(ids(xml));
  });

  it("is the same bytes from two builds (no build time in it), and named in every page's head", async () => {
    const again = join(workDir, "again");
    await build({ site, outDir: again });
    const feed = await read(dist, "feed.xml");
    expect(await read(again, "feed.xml")).toBe(feed);
    expect(parseFeed(feed).items).toHaveLength(site.fields.filter((f) => f.released).length);
    const pages = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(ROUTES.length);
    for (const file of pages) {
      const link = (await page(dist, file)).querySelector('head > link[rel="alternate"]');
      expect(link?.getAttribute("type"), file).toBe("application/atom+xml");
      expect(link?.getAttribute("href"), file).toBe("/feed.xml");
    }
  });

  it("is not made while no field has a day, and no page names it", async () => {
    const undated = { ...site, fields: site.fields.map((field) => ({ ...field, released: undefined })) };
    expect(atomFeed(undated, createUrls(undated), { covers: fakeCovers(undated), shares: new Map() })).toBeUndefined();
    const built = await buildSite({ site: undated });
    expect(built.files.has("feed.xml")).toBe(false);
    expect(built.pages.get("index.html")).not.toContain('rel="alternate"');
    expect(built.notes.filter((note) => note.includes("feed"))).toHaveLength(1);
  });
});
