/**
 * npm run dev: the site on http://localhost:3000, rebuilt on every save and reloaded in the browser.
 *
 * The build code, pages and content are bundled by an incremental esbuild context and evaluated afresh on
 * each change (a new function, not a new import, so nothing piles up in Node's module cache); React,
 * esbuild, lightningcss and resvg are shared with this process. The islands bundle, the CSS and each PNG are
 * remembered until one of their inputs changes. The site is served from memory and swapped in only when a
 * whole build has succeeded, so the browser never sees half a site.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { createRequire, SourceMap } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setPriority } from "node:os";
import { parseArgs } from "node:util";
import vm from "node:vm";
import * as esbuild from "esbuild";
import { NOT_FOUND, type DevMessage, type DevProblem } from "../src/client/dev-protocol";
import { CONTENT_FILE, ContentError } from "../src/content/validate";
import { buildCss, ISLANDS_BUILD, plainTools, type AssetTools, type IslandsBundle } from "./assets";
import { ROOT } from "./paths";
import { recoverOutput } from "./write";
import type * as BuildModule from "./build";
import { renderPng } from "./images";
import { listen, requestPath, siteHandler, type Request, type Response, type StaticServer } from "./static-server";

const BUNDLE_FILE = join(ROOT, "scripts/.dev-build.cjs");
const WATCHED = ["src", "styles", "scripts"];
/** This process's own code: a change to it needs a restart, which the terminal says. */
const HOST_FILES = new Set(["scripts/dev.ts", "scripts/static-server.ts", "scripts/assets.ts", "scripts/images.ts"]);
const DEBOUNCE_MS = 30;

export interface DevOptions {
  port?: number;
  host?: string;
  typecheck?: boolean;
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** Resolves after the build that a change just set off has finished (for tests and the bench). */
  settled(): Promise<void>;
  stats(): DevStats;
  close(): Promise<void>;
}

export interface DevStats {
  builds: number;
  lastBuildMs: number;
  heapUsed: number;
  clients: number;
  watchers: number;
}

export async function startDevServer({ port = 3000, host = "localhost", typecheck = true, log = console.log }: DevOptions = {}): Promise<DevServer> {
  let files = new Map<string, Uint8Array>();
  let problem: DevProblem | undefined;
  let typeProblem: DevProblem | undefined;
  let builds = 0;
  let lastBuildMs = 0;
  // The dev server speaks plain HTTP/1.1, so its responses are node:http's.
  const clients = new Set<ServerResponse>();
  const pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: DevMessage, to: Iterable<ServerResponse> = clients) => {
    for (const client of to) client.write(`data: ${JSON.stringify(message)}\n\n`);
  };

  // What a rebuild may reuse, and what makes each part stale.
  const stale = { server: true, islands: true, css: true };
  let css: Uint8Array | undefined;
  let islands: IslandsBundle | undefined;
  let islandsInputs = new Set<string>();
  let pngs = new Map<string, Uint8Array>();
  let pngsUsed = new Set<string>();
  const islandsContext = await esbuild.context(ISLANDS_BUILD);
  const tools: AssetTools = {
    buildCss: () => (css = stale.css || !css ? buildCss() : css),
    bundleIslands: async () => {
      if (stale.islands || !islands) {
        islands = await islandsContext.rebuild();
        islandsInputs = new Set(Object.keys(islands.metafile.inputs));
      }
      return islands;
    },
    renderPng: (svg, width) => {
      const key = `${width}:${svg}`;
      pngsUsed.add(key);
      const png = pngs.get(key) ?? renderPng(svg, width);
      pngs.set(key, png);
      return png;
    },
    renderShareImage: (site, sources) => {
      const key = `share:${JSON.stringify([site.brand, site.tagline, site.origin, sources])}`;
      pngsUsed.add(key);
      const png = pngs.get(key) ?? plainTools.renderShareImage(site, sources);
      pngs.set(key, png);
      return png;
    },
  };

  const serverContext = await esbuild.context({
    absWorkingDir: ROOT,
    entryPoints: ["scripts/build.ts"],
    outfile: relative(ROOT, BUNDLE_FILE),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    jsx: "automatic",
    packages: "external",
    sourcemap: "external",
    metafile: true,
    write: false,
    logLevel: "silent",
    // The bundle is one file standing in for many: give them the module location they expect.
    define: {
      "import.meta.url": JSON.stringify(pathToFileURL(join(ROOT, "scripts/build.ts")).href),
      "import.meta.dirname": JSON.stringify(join(ROOT, "scripts")),
    },
  });
  let module: typeof BuildModule | undefined;
  let sourceMap: SourceMap | undefined;

  async function loadBuildModule(): Promise<typeof BuildModule> {
    const result = await serverContext.rebuild();
    const code = result.outputFiles.find((f) => f.path.endsWith(".cjs"))!.text;
    sourceMap = new SourceMap(JSON.parse(result.outputFiles.find((f) => f.path.endsWith(".map"))!.text));
    const exports = {};
    const load = vm.compileFunction(code, ["exports", "require", "module"], { filename: BUNDLE_FILE });
    const holder = { exports };
    load(exports, createRequire(join(ROOT, "scripts/build.ts")), holder);
    return holder.exports as typeof BuildModule;
  }

  async function rebuild(changed: readonly string[]) {
    const started = performance.now();
    const onlyStyles = changed.length > 0 && changed.every((f) => f.startsWith("styles/"));
    for (const file of changed) {
      if (file.startsWith("styles/")) stale.css = true;
      else stale.server = true;
      if (islandsInputs.has(file)) stale.islands = true;
    }
    try {
      if (stale.server || !module) module = await loadBuildModule();
      stale.server = false;
      const { content, sources } = module.withEnvironment(module.ownerContent);
      pngsUsed = new Set();
      const built = await module.buildSite({ site: content, sources, tools });
      stale.css = stale.islands = false;
      pngs = new Map([...pngs].filter(([key]) => pngsUsed.has(key)));

      const next = new Map([...built.files].map(([path, value]) => [path, typeof value === "string" ? new TextEncoder().encode(value) : value]));
      const changedPages = [...built.pages.keys()].filter((page) => !sameBytes(files.get(page), next.get(page)));
      files = next;
      builds++;
      lastBuildMs = performance.now() - started;
      const hadProblem = problem !== undefined;
      problem = undefined;
      const what = builds === 1 ? "Built" : onlyStyles ? "Styles updated" : "Rebuilt";
      log(`✓ ${what} in ${Math.round(lastBuildMs)} ms${builds > 1 && changed.length ? ` (${changed.join(", ")})` : ""}`);
      if (builds === 1 && built.placeholders.length > 0) {
        log(`  Placeholders still in use (replace them before publishing): ${built.placeholders.map((p) => `${p.field} = ${p.value}`).join("; ")}`);
      }
      if (onlyStyles && !hadProblem) send({ type: "css", css: new TextDecoder().decode(css!) });
      else {
        // After a failure every open tab shows the overlay, so all of them reload.
        send({ type: "reload", paths: addresses(hadProblem ? built.pages.keys() : changedPages, content.basePath) });
      }
      if (typeProblem) send({ type: "problem", problem: typeProblem });
    } catch (error) {
      // A save that arrived meanwhile is built next; this failure may be its half-written file (an editor that
      // truncates, then writes), so say nothing until that build has spoken.
      if (pending.size > 0) return;
      problem = await describe(error, sourceMap);
      log(`✗ ${problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ""}: ` : ""}${problem.message}`);
      log(files.size ? "  Still serving the last good build; save a fix to rebuild." : "  Nothing to serve yet; save a fix to build.");
      send({ type: "problem", problem });
    }
    if (typecheck) scheduleTypecheck();
  }

  // Type errors are found beside the build, not in its way: esbuild strips types without checking them.
  let checker: ChildProcess | undefined;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleTypecheck() {
    clearTimeout(checkTimer);
    checker?.kill();
    checkTimer = setTimeout(async () => {
      const output = await runTypecheck((child) => (checker = child));
      if (output === undefined) return;
      const previous = typeProblem;
      typeProblem = parseTypeErrors(output);
      if (typeProblem) {
        log(`✗ Type error: ${typeProblem.file}:${typeProblem.line}: ${typeProblem.message}`);
        if (!problem) send({ type: "problem", problem: typeProblem });
      } else if (previous && !problem) {
        log("✓ Types check again");
        send({ type: "ok" });
      }
    }, 400);
  }

  function queue(file: string) {
    // A check of the code as it was is moot; and on two cores it would slow the rebuild.
    clearTimeout(checkTimer);
    checker?.kill();
    if (HOST_FILES.has(file)) {
      log(`${file} changed: it is the dev server's own code; restart npm run dev to use it.`);
      return;
    }
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => {
        if (pending.size === 0) return;
        const batch = [...pending].sort();
        pending.clear();
        return rebuild(batch);
      });
    }, DEBOUNCE_MS);
  }

  const watchers = watchTree(
    WATCHED.map((dir) => join(ROOT, dir)),
    (path) => {
      const file = relative(ROOT, path).split(sep).join("/");
      if (!/\.(tsx?|css)$/.test(file) || /\.test\.tsx?$/.test(file) || file.startsWith("scripts/e2e/")) return;
      queue(file);
    },
  );

  // dist/ is not the dev server's, but a build stopped between its renames is healed here as by `npm run build`.
  for (const line of await recoverOutput(join(ROOT, "dist"))) log(`Recovered: ${line}.`);
  running = rebuild([]);
  await running;

  const devClient = (
    await esbuild.build({ absWorkingDir: ROOT, entryPoints: ["src/client/dev-client.ts"], bundle: true, format: "esm", write: false, logLevel: "silent" })
  ).outputFiles[0]!.contents;

  const site = siteHandler(
    { read: (path) => files.get(path) },
    // Served under the base path the first build used (a change to it needs a restart).
    { headers: true, basePath: module ? module.withEnvironment(module.ownerContent).content.basePath : "/", transformHtml: addDevClient },
  );
  const server: StaticServer = await listen(async (request, response) => {
    const path = requestPath(request.url ?? "/").pathname;
    if (path === "/__dev/client.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" }).end(devClient);
    } else if (path === "/__dev/events") {
      openEvents(request, response);
    } else if (path === "/__dev/stats") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stats()));
    } else {
      await site(request, response);
    }
  }, { port, host });

  function openEvents(request: Request, response: Response) {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
    const client = response as ServerResponse;
    clients.add(client);
    request.on("close", () => clients.delete(client));
    const current = problem ?? typeProblem;
    send(current ? { type: "problem", problem: current } : { type: "ok" }, [client]);
  }

  function stats(): DevStats {
    (globalThis as { gc?: () => void }).gc?.();
    return { builds, lastBuildMs, heapUsed: process.memoryUsage().heapUsed, clients: clients.size, watchers: watchers.size };
  }

  return {
    url: server.url.replace("127.0.0.1", host),
    settled: async () => {
      // A save is noticed within the debounce; then wait for the builds it set off.
      await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 2));
      let seen: Promise<void> | undefined;
      while (seen !== running) {
        seen = running;
        await running;
      }
    },
    stats,
    close: async () => {
      clearTimeout(timer);
      clearTimeout(checkTimer);
      checker?.kill();
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      for (const client of clients) client.end();
      clients.clear();
      await running.catch(() => {});
      await Promise.all([server.close(), serverContext.dispose(), islandsContext.dispose()]);
    },
  };
}

/**
 * Watches every folder under these roots, each on its own. Node's recursive watch on Linux loses a file once
 * an editor has replaced it (save by rename, sed -i); a folder's watch does not, and sees new files too.
 */
function watchTree(roots: readonly string[], changed: (path: string) => void): Map<string, FSWatcher> {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir) || /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) add(path);
        else changed(path);
      });
    } catch {
      return;
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(join(dir, entry.name));
  };
  roots.forEach(add);
  return watchers;
}

function addDevClient(html: string): string {
  return html.replace("</head>", '<script type="module" src="/__dev/client.js"></script></head>');
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** The address a browser tab shows for each built page ("about/index.html" → "/about/"). */
function addresses(pages: Iterable<string>, basePath: string): string[] {
  return [...pages].map((page) => (page === "404.html" ? NOT_FOUND : `${basePath}${page.replace(/index\.html$/, "")}`));
}

/** What went wrong, where: the file and line a person should open. */
async function describe(error: unknown, map: SourceMap | undefined): Promise<DevProblem> {
  if (error instanceof ContentError || (error as Error)?.name === "ContentError") {
    const first = (error as ContentError).problems[0]!;
    const line = first.source === CONTENT_FILE ? await lineOfField(first.field) : undefined;
    return { kind: "build", message: (error as Error).message, file: first.source === CONTENT_FILE ? CONTENT_FILE : first.source, line };
  }
  const failure = error as esbuild.BuildFailure;
  if (Array.isArray(failure?.errors) && failure.errors[0]?.location) {
    const { text, location } = failure.errors[0];
    return { kind: "build", message: `${text}\n\n  ${location!.lineText}`, file: location!.file, line: location!.line, column: location!.column + 1 };
  }
  const message = error instanceof Error ? error.message : String(error);
  const origin = map ? sourceOf(error, map) : undefined;
  return { kind: "build", message, ...origin };
}

/** The first frame of an error's stack that lies in the project's own sources, through the bundle's map. */
function sourceOf(error: unknown, map: SourceMap): { file: string; line: number; column: number } | undefined {
  const stacks: string[] = [];
  for (let e = error as Error | undefined; e; e = e.cause as Error | undefined) if (e.stack) stacks.push(e.stack);
  const pattern = new RegExp(`${BUNDLE_FILE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):(\\d+)`, "g");
  for (const stack of stacks.reverse()) {
    for (const [, line, column] of stack.matchAll(pattern)) {
      const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
      if (!entry.originalSource) continue;
      const file = relative(ROOT, join(dirname(BUNDLE_FILE), entry.originalSource.replace(/^file:\/\//, "")));
      if (file.startsWith("node_modules")) continue;
      return { file, line: entry.originalLine! + 1, column: entry.originalColumn! + 1 };
    }
  }
  return undefined;
}

/** The line in the content file where a field such as "fields[1].durationMinutes" is written. */
async function lineOfField(field: string): Promise<number | undefined> {
  const text = await readFile(join(ROOT, CONTENT_FILE), "utf8");
  let position = 0;
  const parts = field.split(/[.[\]]+/).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (/^\d+$/.test(part)) {
      // The (n+1)th object of the list: its first key marks where it starts.
      const key = parts[i + 1];
      if (!key) break;
      for (let n = 0; n <= Number(part); n++) {
        const found = text.slice(position).search(new RegExp(`\\b${key}\\s*:`));
        if (found < 0) return undefined;
        position += found + (n < Number(part) ? key.length : 0);
      }
      i++;
      continue;
    }
    const found = text.slice(position).search(new RegExp(`\\b${part}\\s*:`));
    if (found < 0) return undefined;
    position += found;
  }
  return text.slice(0, position).split("\n").length;
}

function runTypecheck(started: (child: ChildProcess) => void): Promise<string | undefined> {
  // The compiler the project pins, through its package.json's "bin" (TypeScript 7 exports no bin/ path).
  const manifest = createRequire(join(ROOT, "package.json")).resolve("typescript/package.json");
  const tsc = join(dirname(manifest), "bin/tsc");
  const run = (project: string) =>
    new Promise<string | undefined>((resolve) => {
      const child = spawn(process.execPath, [tsc, "-p", project, "--noEmit", "--pretty", "false"], { cwd: ROOT });
      // The lowest priority: a save arriving meanwhile must not wait for it.
      if (child.pid) setPriority(child.pid, 19);
      started(child);
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.on("close", (code, signal) => resolve(signal ? undefined : output));
    });
  return run(".").then((first) => (first === undefined || first.trim() ? first : run("src/client")));
}

function parseTypeErrors(output: string): DevProblem | undefined {
  const match = output.match(/^(.+?)\((\d+),(\d+)\): error (TS\d+: .+)$/m);
  if (!match) return undefined;
  return { kind: "type", file: match[1]!.replace(/\\/g, "/"), line: Number(match[2]), column: Number(match[3]), message: match[4]! };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: "string", default: "3000" }, "no-typecheck": { type: "boolean" } } });
  const dev = await startDevServer({ port: Number(values.port), typecheck: !values["no-typecheck"] });
  console.log(`Serving ${dev.url} (watching ${WATCHED.map((d) => `${d}/`).join(", ")}; Ctrl-C to stop)`);
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
