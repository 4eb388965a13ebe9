import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compressible from "compressible";
import { contentType } from "mime-types";
import Negotiator from "negotiator";
import parseRange from "range-parser";
import { ASSET_DIR } from "../static-build/asset-path";
import { readRedirects } from "../static-build/identity";
import { CACHE, headersFor, parseHeadersFile } from "../static-build/security";

/** A file's Content-Type by its extension, from IANA's registry as `mime-types` keeps it, with a charset for text. */
const contentTypeOf = (path: string) => contentType(extname(path)) || "application/octet-stream";

export type Request = IncomingMessage | Http2ServerRequest;
export type Response = ServerResponse | Http2ServerResponse;

/** Where a served site's files come from: a folder on disk, or memory (the dev server's latest build). */
export interface SiteSource {
  /** A path inside the site ("about/index.html"); undefined when there is none. */
  read(path: string): Promise<Uint8Array | undefined> | Uint8Array | undefined;
}

/**
 * Files are read once and kept, as a CDN's edge would; missing ones are not, so requests for them cost no memory.
 * A symbolic link that leads out of the folder is treated as missing.
 */
export function folderSource(root: string): SiteSource & { files(): Promise<string[]> } {
  const cache = new Map<string, Uint8Array>();
  let realRoot: Promise<string> | undefined;
  return {
    async read(path) {
      const cached = cache.get(path);
      if (cached) return cached;
      realRoot ??= realpath(root);
      const real = await realpath(join(root, path)).catch(() => undefined);
      if (!real?.startsWith(`${await realRoot}${sep}`) || !(await stat(real).catch(() => undefined))?.isFile())
        return undefined;
      const bytes = await readFile(real);
      cache.set(path, bytes);
      return bytes;
    },
    async files() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
    },
  };
}

/** "//evil.example/x" is a path here, never another host: parsing it against a base URL would read it as one. */
export function requestPath(target: string): URL {
  return new URL(target.startsWith("/") ? `http://localhost${target}` : target);
}

/** What `make` gives for a file's bytes, made once and kept for as long as the bytes are alive. */
function remembered<T>(make: (bytes: Uint8Array) => T) {
  const kept = new WeakMap<Uint8Array, T>();
  return (bytes: Uint8Array) => {
    const value = kept.get(bytes) ?? make(bytes);
    kept.set(bytes, value);
    return value;
  };
}

/** The bytes a CDN sends for a file with each encoding: brotli at its best setting, gzip at level 9. */
const encoded = {
  br: remembered((bytes) =>
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ),
  gzip: remembered((bytes) => gzipSync(bytes, { level: 9 })),
};

/** A file's validator. */
const tagOf = remembered((bytes) => createHash("sha256").update(bytes).digest("base64url").slice(0, 22));

/** The site's `_headers` and `_redirects`, as Netlify and Cloudflare Pages read them. */
const rulesIn = remembered((bytes) => parseHeadersFile(new TextDecoder().decode(bytes)));
const redirectsIn = remembered((bytes) => readRedirects(new TextDecoder().decode(bytes)));

interface HandlerOptions {
  /** Compress text responses with brotli or gzip, as a CDN would (for measuring what visitors download). */
  compress?: boolean;
  /** Apply the site's `_headers` and `_redirects` files, as Netlify and Cloudflare Pages do (neither is served). */
  headers?: boolean;
  /** Serve the site under a folder, as a GitHub Pages project site is ("/repo/"). */
  basePath?: string;
  /** Changes every HTML response on its way out (the dev server adds its live-reload script). */
  transformHtml?: (html: string) => string;
  /** Answer a `Range` request with 206, as most hosts do; `false`: 200 and the whole file, as Cloudflare Pages does. */
  ranges?: boolean;
}

export type Handler = (request: Request, response: Response) => Promise<void>;

/** As static hosts do: "/about" redirects to "/about/" (about/index.html); anything missing gets 404.html. */
export function siteHandler(source: SiteSource, options: HandlerOptions = {}) {
  const { compress = false, headers = false, basePath = "/", transformHtml, ranges = true } = options;
  const sending = { compress, ranges, transformHtml };
  const hostFile = async (name: "_headers" | "_redirects") => (headers ? await source.read(name) : undefined);

  const handler: Handler = async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    let pathname: string;
    let search: string;
    try {
      ({ pathname, search } = requestPath(request.url ?? "/"));
      pathname = decodeURIComponent(pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (!pathname.startsWith(basePath) || pathname.includes("\0")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    // A path inside the site: "." and ".." resolved (never above the site's root), repeated slashes folded.
    const relative = normalize(`/${pathname.slice(basePath.length)}`)
      .split(sep)
      .filter(Boolean)
      .join("/");
    const rules = await hostFile("_headers");
    const extra = Object.fromEntries(headersFor(rules ? rulesIn(rules) : [], pathname));
    const redirects = await hostFile("_redirects");
    const moved = redirects && redirectsIn(redirects).find(({ from }) => from === pathname)?.to;
    if (moved) {
      response.writeHead(301, { ...extra, location: `${moved}${search}` }).end();
      return;
    }
    const path = pathname.endsWith("/") ? join(relative, "index.html") : relative;
    const hidden = headers && (path === "_headers" || path === "_redirects");
    const found = hidden ? undefined : await source.read(path);
    if (found) return send(sending, request, response, path, found, 200, extra);
    if (!pathname.endsWith("/") && (await source.read(join(relative, "index.html")))) {
      // Built from the resolved path, so the address always starts with one slash: it stays on this site.
      const location = `${basePath}${relative.split("/").map(encodeURIComponent).join("/")}/${search}`;
      response.writeHead(301, { ...extra, location }).end();
      return;
    }
    const notFound = await source.read("404.html");
    if (notFound) return send(sending, request, response, "404.html", notFound, 404, extra);
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
  };

  /** Compresses these files ahead of their first request, as a CDN serves them from cache. */
  const warm = async (paths: readonly string[]) => {
    for (const path of paths.filter(compressibleFile)) {
      const bytes = await source.read(path);
      if (bytes) for (const encode of Object.values(encoded)) encode(bytes);
    }
  };
  return Object.assign(handler, { warm });
}

function send(
  how: Pick<HandlerOptions, "compress" | "ranges" | "transformHtml">,
  request: Request,
  response: Response,
  path: string,
  raw: Uint8Array,
  status: number,
  extra: Record<string, string>,
) {
  const bytes =
    extname(path) === ".html" && how.transformHtml
      ? new TextEncoder().encode(how.transformHtml(new TextDecoder().decode(raw)))
      : raw;
  const encoding = how.compress && compressibleFile(path) ? preferredEncoding(request) : undefined;
  let body: Uint8Array = encoding ? encoded[encoding](bytes) : bytes;
  // Lowercase names throughout, so a rule from `_headers` replaces a default instead of adding a second one.
  const headers: Record<string, string | number> = {
    "content-type": contentTypeOf(path),
    "cache-control": path.startsWith(`${ASSET_DIR}/`) ? CACHE.immutable : CACHE.revalidate,
    ...(encoding
      ? { "content-encoding": encoding, vary: "Accept-Encoding" }
      : how.ranges
        ? { "accept-ranges": "bytes" }
        : {}),
  };
  if (status === 200) {
    // A validator for each representation (compressed bodies differ from the file), and 304 when the copy a
    // browser holds is still the one served: a page that revalidates costs a round trip, not its bytes again.
    const etag = `"${tagOf(bytes)}${encoding ? `-${encoding}` : ""}"`;
    headers.etag = etag;
    const held = String(request.headers["if-none-match"] ?? "");
    if (held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
      response.writeHead(304, { ...headers, ...extra }).end();
      return;
    }
  }
  // One range at most, as hosts answer a player seeking in a preview; several are answered whole.
  const asked = status === 200 && !encoding && how.ranges && request.headers.range;
  const parsed = asked ? parseRange(body.length, asked, { combine: true }) : undefined;
  const range = parsed === -1 ? "unsatisfiable" : Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : undefined;
  if (range === "unsatisfiable") {
    response.writeHead(416, { ...extra, "content-range": `bytes */${body.length}` }).end();
    return;
  }
  if (range) {
    headers["content-range"] = `bytes ${range.start}-${range.end}/${body.length}`;
    body = body.subarray(range.start, range.end + 1);
    status = 206;
  }
  response.writeHead(status, { ...headers, "content-length": body.length, ...extra });
  if (request.method === "HEAD") response.end();
  else response.end(body);
}

/** The one encoding to send, of those the request accepts by its q-values: brotli first, as CDNs prefer. */
const preferredEncoding = (request: Request) =>
  new Negotiator(request).encoding(["br", "gzip"]) as "br" | "gzip" | undefined;

/** Compressed on the way out, as hosts do: text, by its type (the `compressible` database). */
const compressibleFile = (path: string) => compressible(contentTypeOf(path)) === true;

export interface StaticServer {
  /** Origin the server answers on, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

interface ListenOptions {
  port?: number;
  host?: string;
  /** Serve HTTPS with HTTP/2, as CDNs do (one connection carries every request), with this key and certificate. */
  tls?: { key: string; cert: string };
}

/** Puts a request handler on a port (0: any free one). */
export async function listen(handler: Handler, options: ListenOptions = {}): Promise<StaticServer> {
  const { port = 0, host = "127.0.0.1", tls } = options;
  const listener = (request: Request, response: Response) => {
    handler(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(`Internal error: ${error.message}`);
    });
  };
  const sessions = new Set<Http2Session>();
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, listener) : createServer(listener);
  server.on("session", (session: Http2Session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://${host}:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A built folder, served on loopback for tests and tools. */
export async function serveStatic(root: string, options: HandlerOptions & ListenOptions = {}): Promise<StaticServer> {
  const source = folderSource(root);
  const handler = siteHandler(source, options);
  // Timing a response must not include brotli's slowest setting at work on a large script.
  if (options.compress) await handler.warm(await source.files());
  return listen(handler, options);
}
