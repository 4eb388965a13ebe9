/**
 * npm run bench: how fast the site is, measured. Times the build, then runs Lighthouse with its mobile defaults
 * (simulated slow 4G, and a CPU slowed to a mid-tier phone's: cpu-slowdown.ts) against the built site served on
 * loopback two ways: as a CDN serves it (HTTPS with HTTP/2, brotli, the site's own `_headers`) and as the plainest
 * host does (`serve`: HTTP/1.1, gzip). Several runs per route; it prints the medians, each route's LCP also as a
 * ratio to a bare page (a heading and a paragraph) served the same way in the same round: a figure that means the
 * same on a fast machine and a slow one. The tables are also written to .artifacts/bench/.
 * First, the previews' part (scripts/bench/previews.ts): cold builds from 90-minute masters, time and peak memory.
 * Its settings, all in the environment, are BENCH_USAGE's (--help).
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fieldPath } from "../../src/content/fields";
import { site } from "../../src/content/site";
import { withEnvironment } from "../../src/content/validate";
import { navRoutes } from "../../src/pages/index";
import { benchPreviews, previewBenchTable, type PreviewBenchRow } from "./previews";
import { build, ownerMedia } from "../build";
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from "../test/chromium";
import { selfSignedCertificate } from "../test/certificate";
import { startDevProcess } from "../test/dev-process";
import { ROOT } from "../paths";
import { commandLine } from "../static-build/command-line";
import { startServe } from "../serve/start";
import { serveStatic } from "../serve/static-server";
import { catalogueOf } from "./catalogue";
import { againstEleventy, median, peerTable, timed } from "./eleventy";
import { firstTaps, type TapRow } from "./taps";
import { cpuSlowdownFor } from "./cpu-slowdown";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
const FIELDS = Number(process.env.BENCH_FIELDS ?? 0);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 5);
const DEV_EDITS = Number(process.env.BENCH_DEV_EDITS ?? 10);
const PREVIEWS = process.env.BENCH_PREVIEWS !== "0";
const TAPS = process.env.BENCH_TAPS !== "0";
/** How soon a first tap on Play must sound: from a local server, and on a slow phone (the CPU 4× slower, slow 4G). */
const TAP_TARGET_MS = { unthrottled: 300, "slow phone": 1000 } as const;
const COMPARE = process.env.BENCH_COMPARE;
const OTHER = "B ";
/** The long catalogue whose build is timed: a studio's years of releases. */
const CATALOGUE_FIELDS = Number(process.env.BENCH_CATALOGUE ?? 500);
const PEER_SIZES = (process.env.BENCH_ELEVENTY ?? "12,500")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
/** The most a warm build of that catalogue (previews, covers and share images all kept) may take. */
const CATALOGUE_WARM_BUDGET_MS = 30_000;
const ROUTES = navRoutes().map((r) => r.path);
// The floor every route is measured against. Like the site's pages it names no icon, so the browser asks for
// /favicon.ico once the page has loaded, as it does there.
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A heading and a paragraph, nothing else."></head><body><h1>A bare page</h1><p>A heading and a paragraph, nothing else: the fastest page this server can send, for comparison.</p></body></html>`;
const BARE = "bare page";
/** The field page's floor: the bare page with the same cover, so the picture's own cost is not counted against it. */
const BARE_COVER = "bare page + cover";
const FIELD_ROUTE = "field page";
const floorOf = (name: string) => (name.replace(OTHER, "") === FIELD_ROUTE ? BARE_COVER : BARE);
/** The pages whose LCP ratio is judged: every route and the field page, not the floors. */
const RATED = [...ROUTES, FIELD_ROUTE];
/** The most a route's LCP may exceed the bare page's, as a ratio; the table marks a route above it. */
const LCP_RATIO_TARGET = 1.1;
/** Lighthouse's categories, each by its column's heading. */
const HEADINGS = { performance: "perf", accessibility: "a11y", "best-practices": "b-p", seo: "seo" } as const;
type Category = keyof typeof HEADINGS;
const CATEGORIES = Object.keys(HEADINGS) as Category[];
const KINDS = ["Document", "Stylesheet", "Script", "Image", "Font", "Other"] as const;
type Kind = (typeof KINDS)[number];

/** The milliseconds a bundled script (scripts/bundled.mjs, as `npm run build` runs one) takes in a process of its own. */
const timedScript = (args: readonly string[], what: string) =>
  timed(["scripts/bundled.mjs", ...args], what, () => performance.now());

/** Built twice, a process each: the first fills the caches, the second is the warm build a maintainer waits for. */
function timeCatalogueBuilds() {
  if (CATALOGUE_FIELDS === 0) return undefined;
  const dir = join(tmpdir(), `bench-catalogue-build-${process.pid}`);
  const timedBuild = () =>
    timedScript(
      ["scripts/bench/catalogue-build.ts", String(CATALOGUE_FIELDS), dir],
      `the ${CATALOGUE_FIELDS}-field build`,
    );
  try {
    return { fields: CATALOGUE_FIELDS, firstMs: timedBuild(), warmMs: timedBuild() };
  } finally {
    spawnSync("rm", ["-rf", dir]);
  }
}

/** `npm run dev` on a copy of the project: one-line copy changes, each timed from the save to the new page served. */
async function timeDevRebuilds() {
  const times = { savedToServed: [] as number[], rebuild: [] as number[] };
  if (DEV_EDITS === 0) return times;
  const dev = await startDevProcess();
  try {
    for (let edit = 1; edit <= DEV_EDITS; edit++) {
      const started = performance.now();
      await dev.edit("src/content/about.ts", (text) => text.replace(/lead: "(Edit \d+\. )?/, `lead: "Edit ${edit}. `));
      times.savedToServed.push(performance.now() - started);
      times.rebuild.push((await dev.stats()).lastBuildMs);
    }
  } finally {
    await dev.stop();
  }
  return times;
}

/** A throwaway certificate for 127.0.0.1: browsers speak HTTP/2 only over TLS. Undefined without openssl. */
async function loopbackCertificate() {
  const dir = await mkdtemp(join(tmpdir(), "bench-tls-"));
  try {
    const made = selfSignedCertificate(dir, "127.0.0.1", "IP:127.0.0.1");
    if ("failed" in made) return undefined;
    return { key: await readFile(made.key, "utf8"), cert: await readFile(made.cert, "utf8") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Lighthouse runs that failed to record (a fresh Chrome sometimes misses its first trace) and were run again. */
const retried: string[] = [];

/** Lighthouse's report on `url`: a run that fails to record is run again, up to three attempts. */
async function lighthouseResult(url: string, port: number, cpuSlowdownMultiplier?: number) {
  // Loaded when measuring, not to answer --help: the bench's own packages (scripts/bench/package.json).
  const { default: lighthouse } = await import("lighthouse");
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // Every run a first visit: Lighthouse empties the HTTP cache but by default keeps local storage, where the loader
      // notes that the headings' font is cached (src/client/loader.ts): a claim the emptied cache would belie.
      clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"],
      // Merged into the mobile defaults: their network, this CPU slowdown.
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
    retried.push(`${new URL(url).pathname}: ${error.code}`);
  }
}

async function lighthouseRun(url: string, port: number, cpuSlowdownMultiplier?: number) {
  const { lhr, artifacts } = await lighthouseResult(url, port, cpuSlowdownMultiplier);
  const audit = (id: string) => lhr.audits[id]!;
  const requests = (audit("network-requests").details as { items: { resourceType?: string; transferSize?: number }[] })
    .items;
  const bytes = Object.fromEntries([...KINDS, "total"].map((k) => [k, 0])) as Record<Kind | "total", number>;
  for (const r of requests) {
    const kind = KINDS.find((k) => k === r.resourceType) ?? "Other";
    bytes[kind] += r.transferSize ?? 0;
    bytes.total += r.transferSize ?? 0;
  }
  const shortfalls = CATEGORIES.flatMap((c) =>
    lhr.categories[c]!.auditRefs.filter((ref) => ref.weight > 0 && (audit(ref.id).score ?? 1) < 1).map(
      (ref) => `${c}/${ref.id} (${audit(ref.id).displayValue ?? audit(ref.id).score})`,
    ),
  );
  const score = (c: Category) => Math.round((lhr.categories[c]!.score ?? 0) * 100);
  const insights = Object.entries(lhr.audits)
    .filter(([id, a]) => id.endsWith("-insight") && a.score !== null && a.score < 1)
    .map(([id]) => id);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
    insights,
    fcp: audit("first-contentful-paint").numericValue!,
    lcp: audit("largest-contentful-paint").numericValue!,
    tbt: audit("total-blocking-time").numericValue!,
    cls: audit("cumulative-layout-shift").numericValue!,
    si: audit("speed-index").numericValue!,
    bytes,
    requests: requests.length,
    shortfalls,
    ...(await lcpParts(artifacts)),
    // How fast Lighthouse found this machine: a fast desktop scores 1,500 to 2,000.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

type Run = Awaited<ReturnType<typeof lighthouseRun>>;

/** How fast this machine is (the median of three of Lighthouse's benchmarks, on the bare page), and so its slowdown. */
async function calibrate(bareUrl: string, port: number) {
  const indexes: number[] = [];
  for (let i = 0; i < 3; i++) indexes.push((await lighthouseRun(bareUrl, port)).benchmarkIndex);
  const benchmarkIndex = median(indexes);
  return { benchmarkIndex, cpuSlowdown: CPU_SLOWDOWN ?? cpuSlowdownFor(benchmarkIndex) };
}

/**
 * What the largest paint waits for in Lighthouse's model of a slow phone (Lantern, replaying this run's trace): the
 * document, in simulated time, and the main thread's work before the paint, as traced here (the model slows a task by
 * the CPU slowdown, one that lays out by half as much, and leaves out most under 10 ms). Beside the bare page's, they
 * say if a route's LCP is bytes or work.
 */
async function lcpParts(artifacts: Record<string, unknown>): Promise<{ documentMs: number; workMs: number }> {
  const { LanternLargestContentfulPaint } = await import(
    "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js"
  );
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: artifacts.settings,
    simulator: null,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
  };
  const { pessimisticEstimate } = await LanternLargestContentfulPaint.request(data, { computedCache: new Map() });
  let documentMs = 0;
  let workMs = 0;
  for (const [node, timing] of pessimisticEstimate.nodeTimings) {
    if (node.type === "network" && node.isMainDocument()) documentMs = timing.endTime;
    // Trace times are in microseconds.
    if (node.type === "cpu") workMs += (node.endTime - node.startTime) / 1000;
  }
  return { documentMs, workMs };
}

function summarise(runs: Run[]) {
  // The median of each of these keys over the runs, in the record `of` gives for a run.
  const medians = <K extends string>(keys: readonly K[], of: (r: Run) => Record<K, number>) =>
    Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => of(r)[k]))])) as Record<K, number>;
  return {
    scores: medians(CATEGORIES, (r) => r.scores),
    ...medians(["fcp", "lcp", "tbt", "cls", "si"], (r) => r),
    bytes: medians([...KINDS, "total"], (r) => r.bytes),
    ...medians(["requests", "documentMs", "workMs"], (r) => r),
    shortfalls: [...new Set(runs.flatMap((r) => r.shortfalls))],
    insights: [...new Set(runs.flatMap((r) => r.insights))],
  };
}

const ms = (n: number | null) => (n === null ? "never" : `${Math.round(n)}`);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "))
    .join("\n");
}

function printTaps(rows: (TapRow & { setup: string })[]) {
  console.log(`\nFirst taps on a field's page, a first visit at 375 × 812, tapped the moment painted:\n`);
  console.log(
    table([
      ["setup", "tap", "condition", "median ms", "worst ms", "each round"],
      ...rows.map((row) => {
        const came = row.ms.filter((m) => m !== null);
        const worst = came.length < row.ms.length ? null : Math.max(...came);
        const target = row.what.startsWith("Play") ? TAP_TARGET_MS[row.condition] : undefined;
        return [
          row.setup,
          row.what,
          row.condition,
          came.length ? ms(median(came)) : "never",
          `${ms(worst)}${target && (worst === null || worst > target) ? ` ! (target ${target})` : ""}`,
          row.ms.map(ms).join(" "),
        ];
      }),
    ]),
  );
}

async function siteToMeasure() {
  if (!FIELDS)
    return { dir: join(ROOT, "dist"), label: "the site in dist/", fields: withEnvironment(site).content.fields };
  const dir = await mkdtemp(join(tmpdir(), "bench-catalogue-"));
  const grown = catalogueOf(FIELDS, site.fields[0]!);
  console.log(`Building a catalogue of ${grown.length} fields...`);
  await build({ site: { ...site, fields: grown }, outDir: dir, ...ownerMedia() });
  return { dir, label: `a catalogue of ${grown.length} fields (BENCH_FIELDS)`, fields: grown };
}

/** BENCH_COMPARE's checkout (its own npm install: a git worktree, say), built there as this one is measured. */
async function buildCompared(checkout: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "bench-compare-"));
  const script = FIELDS
    ? ["scripts/bench/catalogue-build.ts", String(FIELDS), outDir]
    : ["scripts/build.ts", "--out", outDir];
  console.log(`Building ${checkout} to compare...`);
  const result = spawnSync(process.execPath, ["--import", "tsx", ...script], { cwd: checkout, encoding: "utf8" });
  if (result.status !== 0) {
    await rm(outDir, { recursive: true, force: true });
    throw new Error(`BENCH_COMPARE: the build in ${checkout} failed:\n${result.stderr}`);
  }
  return outDir;
}

const BENCH_USAGE = `
Usage: npm run bench   (set by the environment, not by flags)

Measures the site: cold builds from 90-minute masters, build and dev-rebuild times, a 500-field catalogue's build, then each route's Lighthouse run
against a bare page served the same way, in two setups. Writes its tables to .artifacts/bench/latest.json; how to read them: scripts/bench/README.md.
  BENCH_FIELDS=12       measure a catalogue of twelve fields instead of dist/
  BENCH_RUNS=N          Lighthouse and tap rounds (default 5)
  BENCH_BUILD_RUNS=0    skip the build timings
  BENCH_DEV_EDITS=0     skip the dev server's rebuild timings
  BENCH_PREVIEWS=0      skip the previews' cold builds
  BENCH_CATALOGUE=N     fields in the catalogue whose build is timed twice (default 500; 0 skips it)
  BENCH_COMPARE=DIR     another checkout of the project, its site measured in turns with this one's
  BENCH_TAPS=0          skip the first taps on Play and the menu
  BENCH_ELEVENTY=12,500 catalogue sizes whose warm build is set against Eleventy 3's, in CPU (0 skips it)`;

function printTimings(
  builds: number[],
  dev: Awaited<ReturnType<typeof timeDevRebuilds>>,
  catalogue: ReturnType<typeof timeCatalogueBuilds>,
  previews: PreviewBenchRow[],
) {
  const spread = (times: number[]) => `min ${ms(Math.min(...times))} ms, median ${ms(median(times))} ms`;
  if (builds.length) console.log(`\nBuild (npm run build, ${BUILD_RUNS} runs): ${spread(builds)}`);
  if (dev.rebuild.length)
    console.log(
      `Dev rebuild after a one-line copy change (${DEV_EDITS} edits): rebuild ${spread(dev.rebuild)}; save to served ${spread(dev.savedToServed)}`,
    );

  if (catalogue) {
    const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
    console.log(
      `Catalogue of ${catalogue.fields} fields (scripts/bench/catalogue-build.ts): first build ${seconds(catalogue.firstMs)}, warm ${seconds(catalogue.warmMs)} ` +
        `(budget ${seconds(CATALOGUE_WARM_BUDGET_MS)} warm${catalogue.warmMs > CATALOGUE_WARM_BUDGET_MS ? ": OVER" : ""})`,
    );
  }

  if (previews.length) console.log(`\n${previewBenchTable(previews)}`);
}

/** The bare pages, under the site's own `_headers`: text alone, and with the field page's cover. Their folder. */
async function barePages(siteDir: string, fieldPage: string): Promise<string> {
  const bareDir = await mkdtemp(join(tmpdir(), "bench-bare-"));
  await writeFile(join(bareDir, "index.html"), BARE_PAGE);
  await writeFile(join(bareDir, "_headers"), await readFile(join(siteDir, "_headers")));
  await writeFile(join(bareDir, "favicon.ico"), await readFile(join(siteDir, "favicon.ico")));
  const fieldHtml = await readFile(join(siteDir, fieldPage, "index.html"), "utf8");
  const coverSrc = fieldHtml.match(/<img class="product__cover"[^>]*?src="([^"]+)"/)![1]!;
  await mkdir(join(bareDir, dirname(coverSrc)), { recursive: true });
  await mkdir(join(bareDir, "cover"));
  await writeFile(join(bareDir, coverSrc), await readFile(join(siteDir, coverSrc)));
  // As a phone draws it (styles/tokens.css' --cover-phone, 15rem); by attributes: the policy allows no inline style.
  await writeFile(
    join(bareDir, "cover", "index.html"),
    BARE_PAGE.replace("</p>", `</p><img src="${coverSrc}" width="240" height="240" alt="A cover">`),
  );
  return bareDir;
}

function setupsFor(tls: Awaited<ReturnType<typeof loopbackCertificate>>) {
  return [
    {
      name: tls ? "HTTPS + HTTP/2, brotli" : "HTTP/1.1, brotli",
      start: (dir: string) => serveStatic(dir, { compress: true, headers: true, tls }),
    },
    {
      name: "HTTP/1.1, brotli at quality 4 (serve)",
      start: async (dir: string) => {
        const server = await startServe(dir, 0, withEnvironment(site).content);
        return { url: server.url, close: () => server.stop() };
      },
    },
  ];
}

type Served = { setup: string; site: { url: string }; bare: { url: string }; other?: { url: string } };

/** Each setup's pages, in the order a round visits them: the bare page, every route, the field page's floor and it. */
function targetsFor(servers: readonly Served[], fieldPage: string) {
  // The other checkout's page straight after this one's, in every round.
  const withOther = (name: string, path: string, served: string, other?: string): [string, string][] => [
    [name, `${served}${path}`],
    ...(other ? [[`${OTHER}${name}`, `${other}${path}`] as [string, string]] : []),
  ];
  return servers.map(({ setup, site: served, bare, other }) => ({
    setup,
    urls: [
      [BARE, `${bare.url}/`],
      ...ROUTES.flatMap((route) => withOther(route, route, served.url, other?.url)),
      [BARE_COVER, `${bare.url}/cover/`],
      ...withOther(FIELD_ROUTE, fieldPage, served.url, other?.url),
    ] as [string, string][],
  }));
}

/** Round by round, each setup's bare page then every route, so a machine that slows down mid-run slows all alike. */
async function measure(chromePath: string, servers: readonly Served[], fieldPage: string, tls: boolean) {
  const targets = targetsFor(servers, fieldPage);
  const runsBy = new Map(targets.map((t) => [t.setup, new Map<string, Run[]>(t.urls.map(([name]) => [name, []]))]));
  const taps: (TapRow & { setup: string })[] = [];
  const chrome = await (await import("chrome-launcher")).launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, ...(tls ? ["--ignore-certificate-errors"] : [])],
  });
  try {
    // Not counted: these runs also warm Chrome up.
    const calibration = await calibrate(targets[0]!.urls[0]![1], chrome.port);
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      process.stdout.write(`Lighthouse round ${i + 1} of ${LIGHTHOUSE_RUNS} `);
      for (const { setup, urls } of targets)
        for (const [name, url] of urls) {
          const run = await lighthouseRun(url, chrome.port, calibration.cpuSlowdown);
          runsBy.get(setup)!.get(name)!.push(run);
          process.stdout.write(".");
        }
      process.stdout.write("\n");
    }
    // As many rounds as Lighthouse's: with none, nothing is tapped.
    if (TAPS && LIGHTHOUSE_RUNS > 0) {
      console.log("First taps on Play and the menu...");
      for (const { setup, site: served } of servers)
        for (const row of await firstTaps(chromePath, `${served.url}${fieldPage}`, LIGHTHOUSE_RUNS))
          taps.push({ ...row, setup });
    }
    return { runsBy, taps, calibration };
  } finally {
    chrome.kill();
  }
}

async function main() {
  commandLine("npm run bench", BENCH_USAGE, {});
  const chromePath = findChromium();
  if (!chromePath) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }

  const previews = PREVIEWS ? await benchPreviews() : [];
  if (BUILD_RUNS > 0) console.log(`Timing ${BUILD_RUNS} builds...`);
  const builds = Array.from({ length: BUILD_RUNS }, () => timedScript(["scripts/build.ts"], "build"));
  if (DEV_EDITS > 0) console.log(`Timing ${DEV_EDITS} dev-server rebuilds...`);
  const dev = await timeDevRebuilds();
  if (CATALOGUE_FIELDS > 0) console.log(`Building a catalogue of ${CATALOGUE_FIELDS} fields twice...`);
  const catalogue = timeCatalogueBuilds();
  if (PEER_SIZES.length > 0)
    console.log(`Building catalogues of ${PEER_SIZES.join(" and ")} fields in turns with Eleventy...`);
  const peer = await againstEleventy(PEER_SIZES);

  const measured = await siteToMeasure();
  const compared = COMPARE ? await buildCompared(COMPARE) : undefined;
  const tls = await loopbackCertificate();
  if (!tls)
    console.log(
      "openssl not found: the CDN setup is served over plain HTTP/1.1, which costs extra connections a CDN would not.",
    );
  const fieldPage = fieldPath(measured.fields[0]!);
  const bareDir = await barePages(measured.dir, fieldPage);
  const servers = await Promise.all(
    setupsFor(tls).map(async (setup) => ({
      setup: setup.name,
      site: await setup.start(measured.dir),
      bare: await setup.start(bareDir),
      other: compared ? await setup.start(compared) : undefined,
    })),
  );
  const { runsBy, taps, calibration } = await measure(chromePath, servers, fieldPage, !!tls).finally(async () => {
    await Promise.all(servers.flatMap((s) => [s.site.close(), s.bare.close(), s.other?.close()]));
    if (compared) await rm(compared, { recursive: true, force: true });
    await rm(bareDir, { recursive: true, force: true });
    if (measured.dir !== join(ROOT, "dist")) await rm(measured.dir, { recursive: true, force: true });
  });

  // With BENCH_RUNS=0 Lighthouse measured nothing: there is no ratio to print.
  const reports = LIGHTHOUSE_RUNS > 0 ? lighthouseReports(measured.label, calibration, runsBy) : [];
  if (retried.length) console.log(`\nRuns Lighthouse could not record, and ran again: ${retried.join(", ")}`);
  if (taps.length) printTaps(taps);
  printTimings(builds, dev, catalogue, previews);
  if (peer.length) console.log(`\n${peerTable(peer)}`);

  await mkdir(join(ROOT, ".artifacts/bench"), { recursive: true });
  const written = {
    date: new Date().toISOString(),
    measured: measured.label,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    ...calibration,
    lcpRatioTarget: LCP_RATIO_TARGET,
    setups: reports,
    build: {
      runsMs: builds,
      minMs: builds.length ? Math.min(...builds) : null,
      medianMs: builds.length ? median(builds) : null,
    },
    dev,
    catalogue,
    againstEleventy: peer,
    previews,
    firstTaps: taps,
  };
  await writeFile(join(ROOT, ".artifacts/bench/latest.json"), `${JSON.stringify(written, null, 2)}\n`);
  console.log("Written to .artifacts/bench/latest.json");
}

function lighthouseReports(
  label: string,
  calibration: { cpuSlowdown: number; benchmarkIndex: number },
  runsBy: Map<string, Map<string, Run[]>>,
) {
  console.log(
    `\nLighthouse on ${label}: ${LIGHTHOUSE_RUNS} runs per route, mobile defaults, medians; bytes as transferred.` +
      `\nCPU slowdown ${calibration.cpuSlowdown.toFixed(1)}x: ${CPU_SLOWDOWN ? "BENCH_CPU_SLOWDOWN" : "a mid-tier phone's"}, on a machine Lighthouse benchmarks at ${Math.round(calibration.benchmarkIndex)} (its default, 4x, assumes 1,500 to 2,000).`,
  );
  const reports = [...runsBy].map(([setup, runs]) => report(setup, runs));
  const worst = Math.max(...reports.flatMap((r) => RATED.map((route) => r.lcpRatios[route]!)));
  console.log(
    `\nWorst LCP ratio to the bare page, over both setups: ${worst.toFixed(2)}x (target ${LCP_RATIO_TARGET.toFixed(2)}x).`,
  );
  return reports;
}

function report(setup: string, runsBy: Map<string, Run[]>) {
  const results = Object.fromEntries([...runsBy].map(([name, runs]) => [name, { ...summarise(runs), runs }]));
  // Each route against the bare page of the same round, then the median of those ratios: a round the machine
  // ran slow slows both, and cancels out.
  const ratios = new Map(
    [...runsBy].map(([name, runs]) => [name, runs.map((run, i) => run.lcp / runsBy.get(floorOf(name))![i]!.lcp)]),
  );
  const lcpRatios = Object.fromEntries([...ratios].map(([name, each]) => [name, median(each)]));
  const kb = (n: number) => (n / 1024).toFixed(1);
  type Summary = (typeof results)[string];
  // Each column's heading beside what it shows of a route.
  const columns: (readonly [string, (r: Summary, route: string) => string])[] = [
    ["route", (_, route) => route],
    ...CATEGORIES.map((c) => [HEADINGS[c], (r: Summary) => String(r.scores[c])] as const),
    ["FCP ms", (r) => ms(r.fcp)],
    ["LCP ms", (r) => ms(r.lcp)],
    [
      "LCP ratio",
      (_, route) =>
        `${lcpRatios[route]!.toFixed(2)}x${route !== BARE && route !== BARE_COVER && lcpRatios[route]! > LCP_RATIO_TARGET ? " !" : ""}`,
    ],
    ["doc ms", (r) => ms(r.documentMs)],
    ["work ms", (r) => ms(r.workMs)],
    ["TBT ms", (r) => ms(r.tbt)],
    ["CLS", (r) => r.cls.toFixed(3)],
    ["SI ms", (r) => ms(r.si)],
    ["HTML kB", (r) => kb(r.bytes.Document)],
    ["CSS kB", (r) => kb(r.bytes.Stylesheet)],
    ["JS kB", (r) => kb(r.bytes.Script)],
    ["other kB", (r) => kb(r.bytes.Image + r.bytes.Font + r.bytes.Other)],
    ["total kB", (r) => kb(r.bytes.total)],
    ["reqs", (r) => String(r.requests)],
  ];
  const rows = [
    columns.map(([heading]) => heading),
    ...Object.entries(results).map(([route, r]) => columns.map(([, cell]) => cell(r, route))),
  ];
  console.log(`\n${setup}:\n`);
  console.log(table(rows));
  const over = RATED.filter((route) => lcpRatios[route]! > LCP_RATIO_TARGET);
  console.log(
    `\nLCP as a ratio to the bare page of the same round (median ${ms(results[BARE]!.lcp)} ms), the median of ${LIGHTHOUSE_RUNS} rounds: worst ${Math.max(...RATED.map((r) => lcpRatios[r]!)).toFixed(2)}x (the field page's to the bare page with its cover); ` +
      (over.length
        ? `above the ${LCP_RATIO_TARGET.toFixed(2)}x target (marked !): ${over.join(", ")}`
        : `every route within the ${LCP_RATIO_TARGET.toFixed(2)}x target`),
  );
  const differences = COMPARE ? printDifferences(ratios) : undefined;
  const shortfalls = Object.entries(results).flatMap(([route, r]) => r.shortfalls.map((s) => `  ${route}: ${s}`));
  if (shortfalls.length) console.log(`\nAudits not fully passed in some run:\n${shortfalls.join("\n")}`);
  const insights = Object.entries(results).flatMap(([route, r]) =>
    r.insights.length ? [`  ${route}: ${r.insights.join(", ")}`] : [],
  );
  console.log(
    insights.length
      ? `\nLighthouse's insights not passed in some run:\n${insights.join("\n")}`
      : "\nLighthouse's insights: every one passed on every route, in every run.",
  );
  return { setup, bareLcpMs: results[BARE]!.lcp, lcpRatios, differences, routes: results };
}

/** Each route's ratio in the other checkout less here, round by round, and in how many lower: real if most are. */
function printDifferences(ratios: Map<string, number[]>) {
  const rounds = ratios.get(BARE)!.length;
  const differences = Object.fromEntries(
    RATED.map((route) => {
      const each = ratios.get(`${OTHER}${route}`)!.map((other, i) => other - ratios.get(route)![i]!);
      return [route, { median: median(each), lowerIn: each.filter((d) => d < 0).length }];
    }),
  );
  console.log(`\n${COMPARE}, round by round, its LCP ratio less this checkout's (the median of ${rounds} rounds):\n`);
  console.log(
    table([
      ["route", "difference", "lower in"],
      ...Object.entries(differences).map(([route, d]) => [
        route,
        `${d.median > 0 ? "+" : ""}${d.median.toFixed(3)}`,
        `${d.lowerIn} of ${rounds}`,
      ]),
    ]),
  );
  return differences;
}

await main();
