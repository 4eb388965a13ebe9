import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../paths";

/** The peer: Eleventy 3, installed beside the bench (scripts/bench/package.json). */
const ELEVENTY = join(ROOT, "scripts/bench/node_modules/@11ty/eleventy/cmd.cjs");

const PAIRS = 5;

interface PeerRow {
  fields: number;
  pages: number;
  /** The medians of the pairs, in CPU seconds (the whole process: every thread, user and system). */
  oursCpu: number;
  eleventyCpu: number;
}

/**
 * The CPU seconds this process's children have used, once waited for: every thread of each, and the processes they
 * waited for in turn (our build's esbuild). From Linux's /proc, in clock ticks of 1/100 s (its USER_HZ).
 */
function childrenCpu(): number {
  if (process.platform !== "linux")
    throw new Error("The comparison with Eleventy reads Linux's /proc: run it on Linux");
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime, the 16th and 17th fields: the 14th and 15th after the command's name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** What a Node process of its own, run from the root, takes by `clock`: its CPU seconds, or (index.ts) its wall time. */
export function timed(args: readonly string[], what: string, clock = childrenCpu): number {
  const before = clock();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stderr}`);
  return clock() - before;
}

/**
 * The same pages as an Eleventy site: a Liquid layout of what every page shares around its `<main>` (the first page's,
 * its title a variable), and each page a template of its own `<main>`: as many pages, each about as large.
 */
async function peerSite(built: string, into: string): Promise<number> {
  const pages = (await readdir(built, { recursive: true })).filter((file) => file.endsWith(".html")).sort();
  const first = await readFile(join(built, pages[0]!), "utf8");
  const [before, after] = [first.slice(0, first.indexOf("<main")), first.slice(first.indexOf("</main>") + 7)];
  const layout = `${before.replace(/<title>[^<]*<\/title>/, "<title>{{ title }}</title>")}{{ content }}${after}`;
  await mkdir(join(into, "_includes"), { recursive: true });
  await writeFile(join(into, "_includes/base.liquid"), layout);
  for (const [i, page] of pages.entries()) {
    const html = await readFile(join(built, page), "utf8");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>") + 7);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? page;
    const front = `---\nlayout: base.liquid\ntitle: ${JSON.stringify(title)}\npermalink: /${page}\n---\n`;
    await writeFile(join(into, `page-${i}.html`), front + main);
  }
  // Its HTML is taken as it is (Liquid renders only the layout), as a site whose pages are written in HTML would be.
  await writeFile(
    join(into, "eleventy.config.mjs"),
    'export default (config) => { config.setTemplateFormats(["html"]); return { htmlTemplateEngine: false }; };\n',
  );
  return pages.length;
}

/** Warm builds of each size, ours and Eleventy's of as many pages in turns: the median CPU seconds of each. */
export async function againstEleventy(sizes: readonly number[]): Promise<PeerRow[]> {
  const rows: PeerRow[] = [];
  for (const fields of sizes) {
    const work = await mkdtemp(join(tmpdir(), "bench-eleventy-"));
    const [ours, peer, peerOut] = [join(work, "ours"), join(work, "peer"), join(work, "peer-out")];
    const oursArgs = ["scripts/bundled.mjs", "scripts/bench/catalogue-build.ts", String(fields), ours];
    const peerArgs = [ELEVENTY, `--input=${peer}`, `--output=${peerOut}`, "--quiet"];
    try {
      // The first build fills the caches (previews, covers, share images): what follows is warm.
      timed(oursArgs, `the ${fields}-field build`);
      const pages = await peerSite(ours, peer);
      const times = { ours: [] as number[], eleventy: [] as number[] };
      for (let i = 0; i < PAIRS; i++) {
        times.ours.push(timed(oursArgs, `the ${fields}-field build`));
        times.eleventy.push(timed(peerArgs, `Eleventy's ${pages}-page build`));
      }
      rows.push({ fields, pages, oursCpu: median(times.ours), eleventyCpu: median(times.eleventy) });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return rows;
}

/** Every median the bench prints: of an even count, the mean of the middle two. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function peerTable(rows: readonly PeerRow[]): string {
  const lines = rows.map(
    (r) =>
      `  ${r.fields} fields (${r.pages} pages): ours ${r.oursCpu.toFixed(2)} s, Eleventy ${r.eleventyCpu.toFixed(2)} s: ${(r.oursCpu / r.eleventyCpu).toFixed(2)}× Eleventy's CPU${r.oursCpu > r.eleventyCpu ? " (OVER)" : ""}`,
  );
  return [
    `Warm build against Eleventy 3 building as many pages of the same size (median of ${PAIRS} pairs, CPU seconds):`,
    ...lines,
  ].join("\n");
}
