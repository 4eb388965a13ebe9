import * as esbuild from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { createUrls } from "../../src/lib/routes";
import { relative } from "node:path";
import { islands, type IslandName } from "../../src/islands/registry";
import { buildAssets, islandModule, ISLANDS_BUILD, type BuiltAssets } from "./assets";
import { buildPreviews } from "./media/previews";
import { ROOT } from "../paths";
import { renderSite } from "./render";
import { budgetProblems } from "../test/site-check";
import { readPage } from "./page-facts";
import { parseAst } from "rolldown/parseAst";
import { clientClasses, stylesheetFor, type StyleChunk } from "./styles";
import { attribute, parsePage } from "./html";
import { compressed, ENCODINGS, FIRST_ROUND_TRIP, headerBytes, PAGE_CEILING, servedBytes } from "./page-budget";
import { catalogueOf, twelveFields } from "../bench/catalogue";
import { PURPOSES, selections, selects } from "../../src/content/purposes";
import { fakeCovers, fakePreviews } from "../test/fixtures";
import { fieldPath } from "../../src/content/fields";
import type { Field, SiteContent } from "../../src/content/types";
import { sitePages } from "../../src/pages/index";

/**
 * Byte budgets, in the bytes a CDN sends (brotli at its best, gzip at level 9). Bytes are deterministic,
 * so these are exact tests; speed itself is measured by `npm run bench`.
 */
const BUDGET = {
  /**
   * A page's first screen (its head with the inlined CSS and loader, and its HTML up to the end of what that screen
   * shows) and its headers: one TCP initial window (scripts/static-build/page-budget.ts).
   */
  firstScreen: FIRST_ROUND_TRIP,
  /** A whole page, compressed. */
  page: PAGE_CEILING,
  /**
   * Our own JavaScript, React excluded, that every page runs: the inlined loader, the entry and the header. The
   * loader answers a Play tapped before React and finds a preview a deploy replaced (about 500 bytes of it; 3,000
   * before it did).
   */
  ownJs: 3_600,
  /** All of our own JavaScript, React excluded: every island and the loader, brotli. */
  allOwnJs: 7_900,
  /** Each other island's own code (its chunk without React), loaded only by the pages that have it. */
  island: { SamplePlayer: 2_000, PreviewPlayer: 2_000 },
  /**
   * Everything one page downloads on a first visit, React and the headings' font included (gzip is inherently
   * larger); never audio. The font (already compressed, so the same in both) comes after the page has painted.
   */
  total: { br: 95_000, gzip: 107_000 },
} as const;

type Sizes = Record<(typeof ENCODINGS)[number], number> & { raw: number };

const sizes = (bytes: Uint8Array | string): Sizes => {
  const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return { raw: raw.length, br: compressed(raw, "br"), gzip: compressed(raw, "gzip") };
};
const sum = (list: Sizes[]): Sizes => ({
  raw: list.reduce((n, s) => n + s.raw, 0),
  br: list.reduce((n, s) => n + s.br, 0),
  gzip: list.reduce((n, s) => n + s.gzip, 0),
});

let assets: BuiltAssets;
let pages: Map<string, string>;
let catalogue: Map<string, string>;
let ownJs: Sizes;
let allOwnJs: Sizes;
let islandJs: Record<string, Sizes>;
let allScripts: Sizes;

/** The class names in a page's HTML, as a browser reads its class attributes. */
const classesIn = (html: string) =>
  parsePage(html).flatMap((element) => attribute(element, "class")?.split(/\s+/).filter(Boolean) ?? []);

/** Words a compressor cannot shorten much, as many as an owner's careful description has: each field's its own. */
function wordsOf(count: number, field: number): string {
  let seed = 7 + field;
  const word = () =>
    Array.from({ length: 7 }, () => "abcdefghijklmnopqrstuvwxyz"[(seed = (seed * 48271) % 2147483647) % 26]).join("");
  return Array.from({ length: count }, word).join(" ");
}

/** Every page of the site with these fields instead of its own, each with a stand-in preview and a drawn cover. */
const renderWithFields = (fields: Field[]) => renderContent({ ...site, fields });

/** Every page of this content, each field with a stand-in preview and a drawn cover. */
function renderContent(content: SiteContent): Promise<Map<string, string>> {
  return renderSite({
    site: content,
    assets: assets.page,
    urls: createUrls(content),
    previews: fakePreviews(content),
    covers: fakeCovers(content, { drawn: true }),
    pages: sitePages(content),
  }).then((rendered) => rendered.pages);
}

/** A page's first screen and its headers, as the least capable host sends them. */
async function firstScreenBytes(html: string) {
  const facts = readPage(html);
  return (await servedBytes(html, facts.firstScreenEnd)).firstScreen.bytes + headerBytes(facts.policy);
}

/** Each page within both budgets: the build's own check, whose message gives a page's figures and biggest parts. */
const expectWithinBudget = async (rendered: ReadonlyMap<string, string>) =>
  expect(await budgetProblems(rendered)).toEqual([]);

beforeAll(async () => {
  const urls = createUrls(site);
  assets = await buildAssets(site, urls);
  const previews = await buildPreviews(site);
  ({ pages } = await renderSite({ site, assets: assets.page, urls, previews: previews.bySlug }));
  // A catalogue of twelve fields with copy as long as an owner's, each with a preview.
  catalogue = await renderWithFields(twelveFields(site.fields[0]!));
  // Our code alone: the same bundle with React left out, plus the loader that every page inlines.
  const withoutReact = await esbuild.build({
    ...ISLANDS_BUILD,
    external: ["react", "react-dom", "react/*", "react-dom/*", "scheduler"],
  });
  const outputs = withoutReact.metafile.outputs;
  const islandOf = (path: string) =>
    (Object.keys(islands) as IslandName[]).find(
      (name) => outputs[relative(ROOT, path)]?.entryPoint === islandModule(name),
    );
  islandJs = Object.fromEntries(
    Object.keys(BUDGET.island).map((name) => [
      name,
      sum(withoutReact.outputFiles.filter((f) => islandOf(f.path) === name).map((f) => sizes(f.contents))),
    ]),
  );
  // What every page runs: the entry, the header's chunk, and whatever those two import. A chunk that only the
  // players share is theirs, not every page's.
  const entryFile = Object.keys(outputs).find(
    (file) => outputs[file]!.entryPoint === ISLANDS_BUILD.entryPoints.islands,
  )!;
  const headerFile = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === islandModule("SiteHeader"))!;
  const reached = new Set([entryFile, headerFile]);
  for (const file of reached)
    for (const imported of outputs[file]!.imports)
      if (imported.kind === "import-statement" && !imported.external) reached.add(imported.path);
  const everyPage = withoutReact.outputFiles.filter((f) => reached.has(relative(ROOT, f.path)));
  ownJs = sum([...everyPage.map((f) => sizes(f.contents)), sizes(assets.page.script)]);
  allOwnJs = sum([
    ...withoutReact.outputFiles.filter((f) => f.path.endsWith(".js")).map((f) => sizes(f.contents)),
    sizes(assets.page.script),
  ]);
  allScripts = sum([...assets.files.keys()].filter((file) => file.endsWith(".js")).map(sizeOf));

  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const allClasses = [...pages.values()].flatMap(classesIn);
  const firstScreenOf = async (html: string) => kb(await firstScreenBytes(html)).padStart(8);
  const rows = await Promise.all(
    [...pages].map(async ([file, html]) => {
      const page = sizes(html);
      return `  ${file.padEnd(22)} HTML ${kb(page.br).padStart(8)} br ${kb(page.gzip).padStart(8)} gz   first screen ${await firstScreenOf(html)} served   first visit ${kb(firstVisitBytes(html, "br")).padStart(8)} br ${kb(firstVisitBytes(html, "gzip")).padStart(8)} gz`;
    }),
  );
  const catalogueRows = await Promise.all(
    [...catalogue]
      .filter(([file]) => /^(index|products|all-fields)/.test(file))
      .map(
        async ([file, html]) =>
          `  ${file.padEnd(22)} HTML ${kb(sizes(html).br).padStart(8)} br ${kb(sizes(html).gzip).padStart(8)} gz   first screen ${await firstScreenOf(html)} served   (twelve fields)`,
      ),
  );
  console.log(
    [
      "Byte budgets (brotli 11 / gzip 9):",
      `  inlined CSS, all of it  ${kb(sizes(assets.page.css(new Set(allClasses))).br)} br ${kb(sizes(assets.page.css(new Set(allClasses))).gzip)} gz (a page inlines the part it uses)`,
      `  our own JS, every page  ${kb(ownJs.br)} br ${kb(ownJs.gzip)} gz (budget ${kb(BUDGET.ownJs)})`,
      `  our own JS, all of it   ${kb(allOwnJs.br)} br ${kb(allOwnJs.gzip)} gz (budget ${kb(BUDGET.allOwnJs)})`,
      ...Object.entries(islandJs).map(
        ([name, size]) =>
          `  ${`${name}'s own JS`.padEnd(23)} ${kb(size.br)} br ${kb(size.gzip)} gz (budget ${kb(BUDGET.island[name as keyof typeof BUDGET.island])})`,
      ),
      `  every script, React too ${kb(allScripts.br)} br ${kb(allScripts.gzip)} gz (fetched once per visit, cached across pages)`,
      ...rows,
      ...catalogueRows,
    ].join("\n"),
  );
});

/** The scripts a page loads, as its inlined loader lists them: the entry and React, then its islands' chunks. */
function scriptsOf(html: string): string[] {
  const loader = html.match(/<script>([^<]*)<\/script>/)![1]!;
  const list = (key: string) =>
    [...(loader.match(new RegExp(`${key}:\\[([^\\]]*)\\]`))?.[1] ?? "").matchAll(/"\/(assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
  const used = new Set([...html.replace(loader, "").matchAll(/data-island="(\w+)"/g)].map((m) => m[1]!));
  return [...new Set([...list("modules"), ...[...used].flatMap((name) => list(name))])];
}

/** The headings' font a first visit fetches: the file the inlined loader names (scripts/static-build/media/web-fonts.ts's core subset). */
function fontOf(html: string): Sizes {
  const file = html.match(/\/(assets\/[^"'()]+\.woff2)/)?.[1];
  expect(file, "the loader names the headings' font").toBeDefined();
  return sizeOf(file!);
}

/** Each built file's sizes, compressed once: brotli at its best setting is slow on React's 200 kB. */
const fileSizes = new Map<string, Sizes>();
const sizeOf = (file: string) => fileSizes.get(file) ?? fileSizes.set(file, sizes(assets.files.get(file)!)).get(file)!;

/** What a first visit to a page downloads: its HTML, the scripts its islands need, and the favicon. No audio. */
function firstVisitBytes(html: string, encoding: (typeof ENCODINGS)[number]): number {
  const scripts = sum(scriptsOf(html).map(sizeOf));
  return sizes(html)[encoding] + scripts[encoding] + sizeOf("favicon.svg")[encoding] + fontOf(html).raw;
}

describe("byte budgets", () => {
  it(`every page's first screen and its headers fit in ${BUDGET.firstScreen} bytes, and the whole page in ${BUDGET.page}, as the least capable host sends them`, async () => {
    await expectWithinBudget(pages);
  });

  it("with a catalogue of twelve fields of owner-length copy, every page still fits both, each list whole", async () => {
    expect(catalogue.get("all-fields/index.html")!.match(/class="card field-card /g)).toHaveLength(12);
    expect(catalogue.get("products/index.html")!.match(/class="card field-card /g)).toHaveLength(12);
    await expectWithinBudget(catalogue);
  });

  it("counts a page's headers as HTTP/1.1 sends them: its policy, the security headers and the server's own", () => {
    const html = pages.get("products/index.html")!;
    // The policy is the page's own, with its inline code's hashes: more inline code, more header.
    const headers = (text: string) => headerBytes(readPage(text).policy);
    expect(headers(html.replace("</body>", "<script>1</script></body>"))).toBeGreaterThan(headers(html) + 40);
    expect(headers(html)).toBeGreaterThan(900);
  });

  it("leaves nothing out for bytes: an owner's long words keep every field on Products, a field page's others with their covers, About's listeners, and every form to follow", async () => {
    const fields = catalogueOf(12, site.fields[0]!).map((field, i) => ({
      ...field,
      description: wordsOf(i === 3 ? 150 : 40, i),
      tuning: wordsOf(6, i + 50),
    }));
    const listeners = [200, 200, 200].map((words, i) => ({
      words: wordsOf(words, i),
      who: `Listener ${i}`,
      source: "E-mail",
    }));
    const rendered = await renderContent({ ...site, fields, listeners });
    const cards = (html: string) => html.match(/<article class="card field-card/g)?.length ?? 0;
    expect(cards(rendered.get("products/index.html")!)).toBe(12);
    expect(cards(rendered.get("all-fields/index.html")!)).toBe(12);
    for (const field of fields) {
      const page = rendered.get(`${fieldPath(field).slice(1)}index.html`)!;
      expect(cards(page), field.title).toBe(3);
      expect(
        page
          .match(/<article class="card field-card[\s\S]*?<\/article>/g)!
          .every((card) => card.includes("field-card__cover")),
        field.title,
      ).toBe(true);
      expect(page, field.title).toContain('class="container follow-band"');
    }
    expect(rendered.get("about/index.html")!.match(/<figcaption class="quote__source">/g)).toHaveLength(3);
    for (const [file, html] of rendered)
      if (!file.startsWith("fields/")) expect(html, file).toContain('class="follow"');
    await expectWithinBudget(rendered);
  });

  it(`all of our own JavaScript, every island and the loader, is at most ${BUDGET.allOwnJs} bytes (brotli)`, () => {
    expect(allOwnJs.br).toBeGreaterThan(ownJs.br);
    expect(allOwnJs.br).toBeLessThanOrEqual(BUDGET.allOwnJs);
  });

  it.each(ENCODINGS)(`our own JavaScript on every page is at most ${BUDGET.ownJs} bytes (%s)`, (encoding) => {
    expect(ownJs[encoding]).toBeLessThanOrEqual(BUDGET.ownJs);
  });

  it.each(Object.entries(BUDGET.island))("%s adds at most %i bytes of its own code (brotli)", (name, budget) => {
    expect(islandJs[name]!.br).toBeGreaterThan(0);
    expect(islandJs[name]!.br).toBeLessThanOrEqual(budget);
  });

  it.each(ENCODINGS)(
    "a first visit to any page stays within its total budget, and fetches no audio (%s)",
    (encoding) => {
      for (const [file, html] of pages) {
        expect(
          scriptsOf(html).filter((f) => !f.endsWith(".js")),
          file,
        ).toEqual([]);
        expect(firstVisitBytes(html, encoding), file).toBeLessThanOrEqual(BUDGET.total[encoding]);
      }
    },
  );
});

describe("byte budgets: each page's stylesheet", () => {
  it("inlines in each page only the components it has, and leaves print and forced colours to their own files", () => {
    const style = (file: string) => pages.get(file)!.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    for (const rule of [".sample{", ".question__summary{", ".player{", ".hero__fields{"])
      expect(style("contact/index.html")).not.toContain(rule);
    for (const rule of [".question__summary{", ".player{"]) expect(style("products/index.html")).toContain(rule);
    expect(style("about/index.html")).toContain(".sample{");
    for (const [file] of pages) {
      // The frame and the font on every page; print and forced colours in files linked with their media.
      for (const part of [".site-header{", ".visually-hidden{", "@font-face{"])
        expect(style(file), `${file}: ${part}`).toContain(part);
      for (const part of ["@media print{", "@media (forced-colors:active){"])
        expect(style(file), `${file}: ${part}`).not.toContain(part);
    }
    for (const { href, media } of assets.page.afterPaint.filter((link) => link.rel === "stylesheet")) {
      expect(new TextDecoder().decode(assets.files.get(href.slice(1))), href).toContain(
        `@media ${media === "print" ? "print" : "(forced-colors:active)"}{`,
      );
    }
    expect(sizes(style("contact/index.html")).br).toBeLessThan(sizes(style("products/index.html")).br - 500);
  });

  it("inlines only the design tokens something reads: the page's rules, another token read, or a media stylesheet", () => {
    const chunks: StyleChunk[] = [
      { file: "styles/tokens.css", layer: "tokens", css: ":root{--a:red;--b:var(--c);--c:blue;--d:green;--e:1px}" },
      {
        file: "styles/components/x.css",
        layer: "components",
        css: ".x{color:var(--a);background:var(--b)}",
        classes: new Set(["x"]),
      },
      { file: "styles/components/y.css", layer: "components", css: ".y{color:var(--d)}", classes: new Set(["y"]) },
      { file: "styles/print.css", layer: "modes", css: "@media print{.x{border-width:var(--e)}}" },
    ];
    expect(stylesheetFor(chunks, new Set(["x"]))).toBe(
      "@layer tokens,components,modes;@layer tokens{:root{--a:red;--b:var(--c);--c:blue;--e:1px}}@layer components{.x{color:var(--a);background:var(--b)}}",
    );
    expect(stylesheetFor(chunks, new Set(["x", "y"]))).toContain("--d:green");
  });

  it("compiles no light-dark() stand-ins into a page: the site is dark only, and they would ride on every page", () => {
    for (const [file, html] of pages) expect(html, file).not.toContain("--lightningcss-");
  });

  it("leaves out a rule whose every selector needs a class the page lacks and its scripts never add", () => {
    const source = [
      "@custom-media --wide (width >= 40rem);",
      ".card{color:red}",
      ".card__price{color:blue}",
      ".card__badge,.card--open{color:green}",
      ".card:where(.card--compact,.card--wide){margin:0}",
      ".card:not(.card--quiet){padding:0}",
      "@media (--wide){.card__price{font-weight:700}}",
      ".card{&.card--playing{outline:0}}",
    ].join("\n");
    const chunks: StyleChunk[] = [
      { file: "styles/components/card.css", layer: "", css: "", classes: new Set(["card"]), source },
    ];
    const css = stylesheetFor(chunks, new Set(["card"]), { scripted: new Set(["card--playing"]) });
    for (const kept of [
      ".card{color:red}",
      ".card:where(.card--compact,.card--wide){margin:0}",
      ".card:not(.card--quiet){padding:0}",
      ".card.card--playing{outline:0}",
    ])
      expect(css).toContain(kept);
    for (const left of [".card__price", ".card__badge", "@media"]) expect(css).not.toContain(left);
    // One selector of the list on the page keeps the rule.
    expect(stylesheetFor(chunks, new Set(["card", "card--open"]))).toContain(".card--open{color:green}");
  });

  it("keeps the rules for every class a page's scripts may add, and stops the build at an island's class made in code", () => {
    const scripted = clientClasses(parseAst);
    for (const name of ["js", "sample__ear", "player__changed"]) expect(scripted).toContain(name);
    // The phone menu, a popover, on every page.
    for (const [file, html] of pages)
      expect(html.match(/<style>([\s\S]*?)<\/style>/)![1], file).toContain(".site-nav:popover-open{");
    // A choice between classes written out is read; a class made from parts is refused, naming its line.
    expect(
      clientClasses(parseAst, [
        ["src/islands/Odd.tsx", 'const A = (p) => <b className={p.open ? "x--open" : "x"} />;'],
      ]),
    ).toEqual(new Set(["x--open", "x"]));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an island's source, as text.
    const made = "\nconst A = () => <b className={`x-${1}`} />;";
    expect(() => clientClasses(parseAst, [["src/islands/Odd.tsx", made]])).toThrow(
      /^src\/islands\/Odd\.tsx:2: a class made in code/,
    );
  });

  it("measures our own code separately from React, and a page's scripts by its islands", () => {
    expect(ownJs.br).toBeGreaterThan(500);
    expect(allScripts.br).toBeGreaterThan(10 * ownJs.br);
    expect(scriptsOf(pages.get("products/index.html")!).some((f) => f.startsWith("assets/PreviewPlayer-"))).toBe(true);
    expect(scriptsOf(pages.get("contact/index.html")!).some((f) => f.startsWith("assets/PreviewPlayer-"))).toBe(false);
  });
});

describe("a catalogue of any size", () => {
  it.each([1, 3, 42, 500])(
    "a catalogue of %i fields: every page within its budgets (each purpose's and band's list too), every field on a page of Products, of the catalogue, of its lists and its own",
    async (count) => {
      // Each purpose in turn, the owner's own among them.
      const purposes = [...PURPOSES, "Creativity"];
      const fields = catalogueOf(count, site.fields[0]!).map((field, i) => ({
        ...field,
        purpose: purposes[i % purposes.length],
      }));
      const content = { ...site, purposes: ["Creativity"], fields };
      const rendered = await renderContent(content);
      await expectWithinBudget(rendered);
      const onPages = (folder: RegExp) =>
        [...rendered]
          .filter(([file]) => folder.test(file))
          .flatMap(([, html]) => [...html.matchAll(/class="card__title-link" href="([^"]+)"/g)].map((m) => m[1]))
          .sort();
      expect(onPages(/^all-fields\/(\d+\/)?index\.html$/)).toEqual(fields.map(fieldPath).sort());
      expect(onPages(/^products\/(\d+\/)?index\.html$/)).toEqual(fields.map(fieldPath).sort());
      for (const selection of selections(content)) {
        const inIt = fields.filter((field) => selects(selection, field, content));
        expect(inIt.length, selection.key).toBeGreaterThan(0);
        expect(onPages(new RegExp(`^all-fields/${selection.key}/(\\d+/)?index\\.html$`)), selection.key).toEqual(
          inIt.map(fieldPath).sort(),
        );
      }
      for (const field of fields)
        expect(rendered.has(`${fieldPath(field).slice(1)}index.html`), field.title).toBe(true);
    },
  );
});
