import {
  folderSource,
  listen,
  requestPath,
  siteHandler,
  type SiteSource,
  type StaticServer,
} from "../../serve/static-server";

/**
 * How a browser meets the built site in the cross-engine scenarios. Every way serves the same build with its
 * `_headers`, and adds one small script of the test's own, the probe, which records what a console would show.
 */
export interface SiteMode {
  /** "removed": every <script> of the site taken out, which is what a browser with JavaScript off runs. */
  scripts: "as-built" | "removed";
  /** false: the page starts with no AudioContext, as in a browser without Web Audio. */
  webAudio: boolean;
  /**
   * true: `frame-ancestors` and `X-Frame-Options` lifted, so that /__frame.html can hold a page at a width its
   * browser's window cannot take (WebKitGTK's MiniBrowser stops at about 450 px).
   */
  framable: boolean;
  /** Whose content: the owner's site as built, or the tests' own fixture build (two fields with previews). */
  content: "owner" | "fixture" | "catalogue";
  /** false: a range request gets 200 and the whole file, as from Cloudflare Pages. */
  ranges: boolean;
  /**
   * true: each font file comes 300 ms late and is kept by no cache, as from a busy phone or a cache that has let
   * it go: the stylesheet's face, asked for after the loader's, comes later than `font-display: optional` waits.
   */
  slowFonts: boolean;
  /** A name of its own: a server of its own, whose files no earlier page put in the browser's cache. */
  fresh?: string;
}

/** How late a font comes in the slowFonts mode: more than the moment an optional face is waited for. */
const SLOW_FONT_MS = 300;

/**
 * A page as a browser with JavaScript off runs it: every <script> gone, and what <noscript> holds shown. The
 * page then still runs what a test adds itself.
 */
export const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<\/?noscript>/g, "");

export const AS_BUILT: SiteMode = {
  scripts: "as-built",
  webAudio: true,
  framable: false,
  content: "owner",
  ranges: true,
  slowFonts: false,
};
/** The tests' own content, for a scenario that needs particular fields (two previews, say). */
export const FIXTURE: SiteMode = { ...AS_BUILT, content: "fixture" };
/** The tests' twelve-field catalogue (scripts/e2e/catalogue-site.ts), for the layout of a long, priced list. */
export const CATALOGUE: SiteMode = { ...AS_BUILT, content: "catalogue" };

/** One request the site answered: the path and status, for a failed-request check that needs no browser help. */
export interface Served {
  path: string;
  status: number;
}

/**
 * Runs in the page before anything else (it is the first script in <head>): collects console errors and warnings,
 * uncaught errors and rejections, resources that failed to load and policy violations into `__problems`, and
 * keeps every AudioContext the page makes in `__audioContexts`. Opened with `?face-arrival`, it records where every
 * box in view begins once the page has loaded, and again a few frames after the loader has fetched the headings' face
 * for the next page and noted that it has: `__faceArrival` holds both (src/client/loader.ts). Written as plain
 * ES2020, for every engine.
 */
const PROBE = `(() => {
  const problems = (window.__problems = []);
  const audioContexts = (window.__audioContexts = []);
  const text = (value) => { try { return value instanceof Error ? value.message : typeof value === "string" ? value : JSON.stringify(value); } catch { return String(value); } };
  for (const level of ["error", "warn"]) {
    const original = console[level];
    console[level] = (...args) => { problems.push("console." + level + ": " + args.map(text).join(" ")); original.apply(console, args); };
  }
  addEventListener("error", (event) => {
    const target = event.target;
    problems.push(event instanceof ErrorEvent ? "error: " + event.message : "failed to load: " + (target.currentSrc || target.src || target.href || target.tagName));
  }, true);
  addEventListener("unhandledrejection", (event) => problems.push("unhandled rejection: " + text(event.reason)));
  document.addEventListener("securitypolicyviolation", (event) => problems.push("policy: " + event.effectiveDirective + " refused " + event.blockedURI));
  const Real = window.AudioContext;
  if (Real) window.AudioContext = class extends Real { constructor(options) { super(options); audioContexts.push(this); } };
  if (location.search === "?face-arrival") {
    const corners = () => [...document.body.querySelectorAll("*")].map((el) => el.getBoundingClientRect()).filter((box) => box.width && box.y < innerHeight).map((box) => box.x + "," + box.y).join(" ");
    const fetched = () => Object.keys(localStorage).some((key) => key.endsWith(".woff2"));
    addEventListener("load", () => {
      const before = corners();
      let frames = 0;
      const frame = () => (fetched() && ++frames > 2 ? (window.__faceArrival = { before, after: corners() }) : requestAnimationFrame(frame));
      requestAnimationFrame(frame);
    });
  }
})();`;

const NO_WEB_AUDIO = "delete window.AudioContext; delete window.webkitAudioContext;";

/** A page of the test's own that holds a page of the site in a frame of an exact size. */
const frame = (src: string, width: number, height: number) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>frame</title><link rel="icon" href="data:,"><style>html,body{margin:0;background:#000}iframe{display:block;border:0}</style></head>` +
  `<body><iframe src="${src.replace(/"/g, "&quot;")}" width="${width}" height="${height}"></iframe></body></html>`;

export interface WatchedSite {
  /** The address of a path, served in a mode (each mode has an origin of its own, started on first use). */
  url(path: string, mode?: SiteMode): Promise<string>;
  /** Every request answered so far, in order. */
  readonly served: readonly Served[];
  /**
   * What pages sent to /__report with `navigator.sendBeacon`, which browsers deliver even as a page is left: a
   * page's state at the moment a visitor followed a link.
   */
  readonly reports: readonly string[];
  /** Resolves when no request is in flight. */
  quiet(): Promise<void>;
  /**
   * Holds every request for the islands' entry (a page whose JavaScript is still loading: nothing of React runs
   * without it) until the function returned is called. Only that file: held requests for every script would take
   * all six of a browser's connections to an HTTP/1.1 host, and nothing else (a preview) could load.
   */
  holdScripts(): () => void;
  close(): Promise<void>;
}

/**
 * The built site in `dist` (and the fixture and catalogue builds), served on loopback in whatever modes the
 * scenarios ask for, every request logged.
 */
export function watchedSite(dist: string, fixtureDist = dist, catalogueDist = dist): WatchedSite {
  const folders = {
    owner: folderSource(dist),
    fixture: folderSource(fixtureDist),
    catalogue: folderSource(catalogueDist),
  };
  const servers = new Map<string, Promise<StaticServer>>();
  const served: Served[] = [];
  const reports: string[] = [];
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  let scriptsHeld: Promise<void> | undefined;
  const settled = () => {
    if (inFlight > 0) return;
    for (const wake of waiting.splice(0)) wake();
  };

  const start = (mode: SiteMode) => {
    const files = folders[mode.content];
    const source: SiteSource = {
      async read(path) {
        const bytes = await files.read(path);
        if (!bytes || path !== "_headers" || !mode.framable) return bytes;
        const text = new TextDecoder()
          .decode(bytes)
          .replace(/^\s*X-Frame-Options:.*$\n?/gim, "")
          .replace(/;\s*frame-ancestors [^;\n]*/g, "");
        return new TextEncoder().encode(text);
      },
    };
    const extra = [
      `<script src="/__probe.js"></script>`,
      ...(mode.webAudio ? [] : [`<script src="/__no-web-audio.js"></script>`]),
    ].join("");
    const transformHtml = (html: string) => {
      const page = mode.scripts === "removed" ? withoutScripts(html) : html;
      // Straight after the page's policy, so the probe is held to it like every other script.
      return page.replace(/(<meta http-equiv="Content-Security-Policy"[^>]*>)/, `$1${extra}`);
    };
    const site = siteHandler(source, { headers: true, transformHtml, ranges: mode.ranges });
    return listen(async (request, response) => {
      const { pathname, search } = requestPath(request.url ?? "/");
      inFlight++;
      response.on("close", () => {
        served.push({ path: pathname, status: response.statusCode });
        inFlight--;
        settled();
      });
      const script = pathname === "/__probe.js" ? PROBE : pathname === "/__no-web-audio.js" ? NO_WEB_AUDIO : undefined;
      if (pathname === "/__report" && request.method === "POST") {
        let body = "";
        for await (const chunk of request) body += chunk;
        reports.push(body);
        response.writeHead(204).end();
      } else if (script !== undefined) {
        response
          .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" })
          .end(script);
      } else if (pathname === "/__frame.html" && mode.framable) {
        const query = new URLSearchParams(search);
        response
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(frame(query.get("src")!, Number(query.get("width")), Number(query.get("height"))));
      } else {
        if (scriptsHeld && /^\/assets\/islands-[\w-]+\.js$/.test(pathname)) await scriptsHeld;
        if (mode.slowFonts && pathname.endsWith(".woff2")) {
          await new Promise((resolve) => setTimeout(resolve, SLOW_FONT_MS));
          const writeHead = response.writeHead.bind(response) as (status: number, headers?: object) => typeof response;
          response.writeHead = ((status: number, headers?: object) =>
            writeHead(status, { ...headers, "cache-control": "no-store" })) as typeof response.writeHead;
        }
        await site(request, response);
      }
    });
  };

  return {
    async url(path, mode = AS_BUILT) {
      const key = JSON.stringify(mode);
      if (!servers.has(key)) servers.set(key, start(mode));
      return `${(await servers.get(key)!).url}${path}`;
    },
    served,
    reports,
    quiet: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    holdScripts() {
      let release = () => {};
      scriptsHeld = new Promise<void>((resolve) => {
        release = () => {
          scriptsHeld = undefined;
          resolve();
        };
      });
      return release;
    },
    async close() {
      await Promise.all([...servers.values()].map(async (server) => (await server).close()));
      waiting = [];
    },
  };
}
