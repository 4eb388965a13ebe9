/**
 * npm run dev: the site on http://localhost:3000, rebuilt on every save and reloaded in the browser (README.md
 * names the parts). The site is served from memory and swapped in only when a whole build has succeeded.
 */
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import * as esbuild from "esbuild";
import { NOT_FOUND, type DevProblem } from "../../src/client/dev-protocol";
import { ROOT } from "../paths";
import { commandLine } from "../static-build/command-line";
import { listen, requestPath, siteHandler, type Handler } from "../serve/static-server";
import { bytesOf, recoverOutput } from "../static-build/write";
import { buildLoader, BUNDLE_FILE, type LoadedBuild } from "./build-module";
import { eventClients, type Clients } from "./clients";
import { describe, located } from "./problems";
import { cachedTools } from "./tools";
import { startTypeChecker } from "./typecheck";
import { batcher, watchMasters, watchTree } from "./watch";

const WATCHED = ["src", "styles", "scripts"];
const DEBOUNCE_MS = 30;
/** What the build reads from these folders: its code and styles, and the owner's images (covers, the maker's photo). */
const BUILT_FROM = /\.(tsx?|css)$|^src\/.+\.(jpe?g|png|webp|avif)$/i;

export interface DevStats {
  builds: number;
  lastBuildMs: number;
  heapUsed: number;
  clients: number;
  watchers: number;
}

async function devClientBundle(): Promise<Uint8Array> {
  const bundled = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ["src/client/dev-client.ts"],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  return bundled.outputFiles[0]!.contents;
}

/** The modules this process itself imports (not the build, which it loads afresh), by their paths from the root. */
async function ownCode(): Promise<Set<string>> {
  const { metafile } = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [relative(ROOT, fileURLToPath(import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return new Set(Object.keys(metafile.inputs));
}

async function startDevServer(port: number, typecheck: boolean) {
  const clients = eventClients();
  const loader = await buildLoader();
  let build: LoadedBuild | undefined;
  const tools = cachedTools(() => build!.module);
  const own = await ownCode();
  // Set by a change to code (not a stylesheet, an image or a master); cleared only by a load that succeeds.
  let codeChanged = true;
  let files = new Map<string, Uint8Array>();
  const shown: Shown = {};
  let builds = 0;
  let lastBuildMs = 0;

  async function rebuild(changed: readonly string[]) {
    const started = performance.now();
    tools.invalidate(changed);
    if (changed.some((f) => /\.tsx?$/.test(f))) codeChanged = true;
    try {
      if (codeChanged || !build) build = await loader.load();
      codeChanged = false;
      const { content, sources } = await build.module.ownerSite();
      // Followed before the build, which may refuse a master: its mended save is heard.
      if (typeof content.masters === "string") watcher.follow(content.masters);
      // The build `npm run build` runs, kept in memory; previews made from a master are written to src/ as there.
      const built = await build.module.build({
        site: content,
        sources,
        tools: tools.tools,
        ...build.module.ownerFolders(),
        outDir: null,
      });
      const next = new Map(
        await Promise.all([...built.files].map(async ([path, value]) => [path, await bytesOf(value)] as const)),
      );
      const changedPages = [...built.pages.keys()].filter(
        (page) => !isDeepStrictEqual(files.get(page), next.get(page)),
      );
      files = next;
      builds++;
      lastBuildMs = performance.now() - started;
      const hadProblem = shown.problem !== undefined;
      shown.problem = undefined;
      announce(built, { changed, changedPages, builds, ms: lastBuildMs, hadProblem }, clients, tools.css);
      if (shown.typeProblem) clients.send({ type: "problem", problem: shown.typeProblem });
    } catch (error) {
      // A save that arrived meanwhile is built next; this failure may be its half-written file (an editor that
      // truncates, then writes), so say nothing until that build has spoken.
      if (saves.waiting() > 0) return;
      shown.problem = await describe(error, build?.map, BUNDLE_FILE);
      console.log(`✗ ${located(shown.problem)}`);
      console.log(
        files.size
          ? "  Still serving the last good build; save a fix to rebuild."
          : "  Nothing to serve yet; save a fix to build.",
      );
      clients.send({ type: "problem", problem: shown.problem });
    }
    checker?.check();
  }

  const saves = batcher(DEBOUNCE_MS, rebuild);
  const watcher = watchSaves(own, (file) => saves.add(file));
  const checker = typecheck ? typeReports(clients, shown) : undefined;

  // dist/ is not the dev server's, but a build stopped between its renames is healed here as by `npm run build`.
  for (const line of await recoverOutput(join(ROOT, "dist"))) console.log(`Recovered: ${line}.`);
  await rebuild([]);

  const devClient = await devClientBundle();

  const site = siteHandler(
    { read: (path) => files.get(path) },
    // Served under the base path the first build used (a change to it needs a restart).
    {
      headers: true,
      basePath: build ? (await build.module.ownerSite()).content.basePath : "/",
      transformHtml: (html) => html.replace("</head>", '<script type="module" src="/__dev/client.js"></script></head>'),
    },
  );
  const stats = (): DevStats => ({
    builds,
    lastBuildMs,
    heapUsed: process.memoryUsage().heapUsed,
    clients: clients.size(),
    watchers: watcher.size(),
  });
  const server = await listen(
    devHandler(devClient, clients, site, stats, () => shown.problem ?? shown.typeProblem),
    { port, host: "localhost" },
  );

  return {
    url: server.url,
    close: async () => {
      saves.close();
      watcher.close();
      clients.close();
      await saves.idle().catch(() => {});
      await Promise.all([checker?.close(), server.close(), loader.dispose()]);
    },
  };
}

/**
 * A build that succeeded, said on the console (the first with its placeholders and notes), and to the open tabs in one
 * message: the new styles alone, or the pages to reload (all of them after a problem).
 */
function announce(
  built: Awaited<ReturnType<LoadedBuild["module"]["build"]>>,
  how: { changed: readonly string[]; changedPages: string[]; builds: number; ms: number; hadProblem: boolean },
  clients: Clients,
  css: () => string,
) {
  const { changed, builds, hadProblem } = how;
  const onlyStyles = changed.length > 0 && changed.every((f) => f.startsWith("styles/"));
  const what = builds === 1 ? "Built" : onlyStyles ? "Styles updated" : "Rebuilt";
  console.log(`✓ ${what} in ${Math.round(how.ms)} ms${builds > 1 && changed.length ? ` (${changed.join(", ")})` : ""}`);
  if (builds === 1) {
    const placeholders = built.placeholders.map((p) => `${p.field} = ${p.value}`).join("; ");
    if (placeholders) console.log(`  Placeholders still in use (replace them before publishing): ${placeholders}`);
    for (const note of built.notes) console.log(`  ${note}`);
  }
  if (onlyStyles && !hadProblem) clients.send({ type: "css", css: css() });
  else
    clients.send({
      type: "reload",
      paths: addresses(hadProblem ? built.pages.keys() : how.changedPages, built.content.basePath),
    });
}

/** What every open page is shown: the build's problem, else the type checker's. */
interface Shown {
  problem?: DevProblem;
  typeProblem?: DevProblem;
}

function typeReports(clients: Clients, shown: Shown) {
  return startTypeChecker((found) => {
    const previous = shown.typeProblem;
    shown.typeProblem = found;
    if (found) {
      console.log(`✗ ${found.file ? "Type error" : "Type check failed"}: ${located(found)}`);
      if (!shown.problem) clients.send({ type: "problem", problem: found });
    } else if (previous) {
      console.log("✓ Types check again");
      if (!shown.problem) clients.send({ type: "ok" });
    }
  });
}

/** The masters lie outside the project, in the folder `follow` is given. */
function watchSaves(own: Set<string>, save: (file: string) => void) {
  const tree = watchTree(
    WATCHED.map((dir) => join(ROOT, dir)),
    (path) => {
      const file = relative(ROOT, path).split(sep).join("/");
      if (!BUILT_FROM.test(file) || /\.test\.tsx?$/.test(file) || file.startsWith("scripts/e2e/")) return;
      // The build is loaded afresh from every save; the server's own modules were loaded once, when it started.
      if (own.has(file))
        console.log(
          `${file} changed: the dev server itself runs it; restart npm run dev for the server to use it (builds use it at once).`,
        );
      save(file);
    },
  );
  const masters = watchMasters(save);
  return {
    follow: masters.follow,
    size: () => tree.size() + masters.size(),
    close() {
      tree.close();
      masters.close();
    },
  };
}

function devHandler(
  devClient: Uint8Array,
  clients: Clients,
  site: Handler,
  stats: () => DevStats,
  shown: () => DevProblem | undefined,
): Handler {
  return async (request, response) => {
    const path = requestPath(request.url ?? "/").pathname;
    if (path === "/__dev/client.js") {
      response
        .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" })
        .end(devClient);
    } else if (path === "/__dev/events") {
      const current = shown();
      clients.open(request, response, current ? { type: "problem", problem: current } : { type: "ok" });
    } else if (path === "/__dev/stats") {
      // "?collect": a garbage collection first, when Node was started with --expose-gc (the memory test does).
      if (request.url?.includes("?collect")) (globalThis as { gc?: () => void }).gc?.();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stats()));
    } else {
      await site(request, response);
    }
  };
}

/** The address a browser tab shows for each built page ("about/index.html" → "/about/"). */
function addresses(pages: Iterable<string>, basePath: string): string[] {
  return [...pages].map((page) => (page === "404.html" ? NOT_FOUND : `${basePath}${page.replace(/index\.html$/, "")}`));
}

const DEV_USAGE = `
Usage: npm run dev [-- [--port N] [--no-typecheck]]

Serves the site on http://localhost:3000, rebuilt on every save in src/, styles/, scripts/ and the masters; an
open tab reloads, and shows what is wrong (a content error, a type error) over the page until it is mended.
  --port N          another port
  --no-typecheck    skip the type check beside each build`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = commandLine("npm run dev", DEV_USAGE, {
    port: { type: "string", default: "3000" },
    "no-typecheck": { type: "boolean" },
  });
  const dev = await startDevServer(Number(values.port), !values["no-typecheck"]);
  console.log(
    `Serving ${dev.url} (watching ${WATCHED.map((d) => `${d}/`).join(", ")} and the masters; Ctrl-C to stop)`,
  );
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await dev.close();
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
