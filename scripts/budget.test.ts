import * as esbuild from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { site } from "../src/content/site";
import { createUrls } from "../src/lib/routes";
import { relative } from "node:path";
import { buildAssets, islandModule, ISLANDS_BUILD, type BuiltAssets } from "./assets";
import { ROOT } from "./paths";
import { renderSite } from "./render";
import { encode } from "./static-server";

/**
 * Byte budgets, in the bytes a CDN sends (brotli at its best, gzip at level 9). Bytes are deterministic,
 * so these are exact tests; speed itself is measured by `npm run bench`.
 */
const BUDGET = {
  /** A page's HTML with its inlined CSS and loader: one TCP initial window (10 segments of ~1.4 kB). */
  html: 14_000,
  /** Our own JavaScript, React excluded: the inlined loader plus the header's code, what every page runs. */
  ownJs: 3_000,
  /** The sample player's own code (its chunk without React), loaded only by the pages that have it. */
  sampleJs: 2_000,
  /** Everything one page downloads on a first visit, React included (gzip is inherently larger). */
  total: { br: 75_000, gzip: 86_000 },
} as const;

const ENCODINGS = ["br", "gzip"] as const;
type Sizes = Record<(typeof ENCODINGS)[number], number> & { raw: number };

const sizes = (bytes: Uint8Array | string): Sizes => {
  const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return { raw: raw.length, br: encode(raw, "br").length, gzip: encode(raw, "gzip").length };
};
const sum = (list: Sizes[]): Sizes => ({
  raw: list.reduce((n, s) => n + s.raw, 0),
  br: list.reduce((n, s) => n + s.br, 0),
  gzip: list.reduce((n, s) => n + s.gzip, 0),
});

let assets: BuiltAssets;
let pages: Map<string, string>;
let ownJs: Sizes;
let sampleJs: Sizes;
let islands: Sizes;
let withoutSample: Sizes;

beforeAll(async () => {
  const urls = createUrls(site);
  assets = await buildAssets(site, urls);
  pages = await renderSite({ site, assets: assets.page, urls });
  // Our code alone: the same bundle with React left out, plus the loader that every page inlines.
  const withoutReact = await esbuild.build({ ...ISLANDS_BUILD, external: ["react", "react-dom", "react/*", "react-dom/*", "scheduler"] });
  const outputs = withoutReact.metafile.outputs;
  const isSample = (path: string) => outputs[relative(ROOT, path)]?.entryPoint === islandModule("SamplePlayer");
  sampleJs = sum(withoutReact.outputFiles.filter((f) => isSample(f.path)).map((f) => sizes(f.contents)));
  ownJs = sum([...withoutReact.outputFiles.filter((f) => !isSample(f.path)).map((f) => sizes(f.contents)), sizes(assets.page.script)]);
  const scripts = [...assets.files].filter(([file]) => file.endsWith(".js"));
  islands = sum(scripts.map(([, bytes]) => sizes(bytes)));
  withoutSample = sum(scripts.filter(([file]) => !file.startsWith("assets/SamplePlayer-")).map(([, bytes]) => sizes(bytes)));

  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const firstVisit = (html: string, encoding: (typeof ENCODINGS)[number]) => firstVisitBytes(html, encoding);
  const rows = [...pages].map(([file, html]) => {
    const page = sizes(html);
    return `  ${file.padEnd(22)} HTML ${kb(page.br).padStart(8)} br ${kb(page.gzip).padStart(8)} gz   first visit ${kb(firstVisit(html, "br")).padStart(8)} br ${kb(firstVisit(html, "gzip")).padStart(8)} gz`;
  });
  console.log(
    [
      "Byte budgets (brotli 11 / gzip 9):",
      `  inlined CSS             ${kb(sizes(assets.page.css).br)} br ${kb(sizes(assets.page.css).gzip)} gz (inside each page's HTML)`,
      `  our own JS              ${kb(ownJs.br)} br ${kb(ownJs.gzip)} gz (budget ${kb(BUDGET.ownJs)})`,
      `  the sample's own JS     ${kb(sampleJs.br)} br ${kb(sampleJs.gzip)} gz (budget ${kb(BUDGET.sampleJs)}; Home and Products only)`,
      `  islands with React      ${kb(islands.br)} br ${kb(islands.gzip)} gz (fetched once per visit, cached across pages)`,
      ...rows,
    ].join("\n"),
  );
});

const favicon = () => sizes(assets.files.get("favicon.svg")!);

/** What a first visit to a page downloads: its HTML, React and the islands it uses, and the favicon. */
function firstVisitBytes(html: string, encoding: (typeof ENCODINGS)[number]): number {
  const scripts = html.includes('data-island="SamplePlayer"') ? islands : withoutSample;
  return sizes(html)[encoding] + scripts[encoding] + favicon()[encoding];
}

describe("byte budgets", () => {
  it.each(ENCODINGS)(`every page's HTML, CSS and loader inlined, fits in ${BUDGET.html} bytes (%s)`, (encoding) => {
    for (const [file, html] of pages) expect(sizes(html)[encoding], file).toBeLessThanOrEqual(BUDGET.html);
  });

  it.each(ENCODINGS)(`our own JavaScript is at most ${BUDGET.ownJs} bytes (%s)`, (encoding) => {
    expect(ownJs[encoding]).toBeLessThanOrEqual(BUDGET.ownJs);
  });

  it.each(ENCODINGS)(`the sample player adds at most ${BUDGET.sampleJs} bytes of our own code (%s)`, (encoding) => {
    expect(sampleJs[encoding]).toBeGreaterThan(0);
    expect(sampleJs[encoding]).toBeLessThanOrEqual(BUDGET.sampleJs);
  });

  it.each(ENCODINGS)("a first visit to any page stays within its total budget (%s)", (encoding) => {
    for (const [file, html] of pages) {
      expect(firstVisitBytes(html, encoding), file).toBeLessThanOrEqual(BUDGET.total[encoding]);
    }
  });

  it("measures our own code separately from React (the islands bundle is mostly React)", () => {
    expect(ownJs.br).toBeGreaterThan(500);
    expect(islands.br).toBeGreaterThan(10 * ownJs.br);
  });
});
