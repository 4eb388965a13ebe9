import { readdir, readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { CACHE, headersFor, parseHeadersFile, type HeaderRule } from "./security";

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticServer {
  server: Server | Http2SecureServer;
  /** Origin the server answers on, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  port?: number;
  host?: string;
  /**
   * Compress text responses with brotli or gzip, as a CDN would (for measuring what visitors download).
   * Everything is compressed up front, as a CDN serves it from cache: timing a response must not include
   * brotli's slowest setting at work.
   */
  compress?: boolean;
  /** Apply the site's `_headers` file, as Netlify and Cloudflare Pages do (the file itself is not served). */
  headers?: boolean;
  /** Serve the site under a folder, as a GitHub Pages project site is ("/repo/"). */
  basePath?: string;
  /** Serve HTTPS with HTTP/2, as CDNs do (one connection carries every request), with this key and certificate. */
  tls?: { key: string; cert: string };
}

const COMPRESSIBLE = new Set([".html", ".css", ".js", ".json", ".webmanifest", ".svg", ".xml", ".txt"]);

/** The bytes a CDN sends for a file with each encoding: brotli at its best setting, gzip at level 9. */
export function encode(bytes: Uint8Array, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 9 });
}

/**
 * Serves a built site the way static hosts do: "/about/" is about/index.html, "/about" redirects to
 * "/about/", and anything missing gets 404.html with status 404. For tests and tools on loopback.
 */
export async function serveStatic(root: string, options: StaticServerOptions = {}): Promise<StaticServer> {
  const { port = 0, host = "127.0.0.1", compress = false, headers = false, basePath = "/" } = options;
  if (compress) await precompress(root);
  const site: Site = {
    root,
    compress,
    basePath,
    rules: headers ? parseHeadersFile(await readFile(join(root, "_headers"), "utf8")) : [],
  };
  const listener = (request: Request, response: Response) => {
    handle(site, request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(`Internal error: ${error.message}`);
    });
  };
  const sessions = new Set<Http2Session>();
  const server = options.tls ? createSecureServer({ ...options.tls, allowHTTP1: true }, listener) : createServer(listener);
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
    server,
    url: `${options.tls ? "https" : "http"}://${host}:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

interface Site {
  root: string;
  compress: boolean;
  basePath: string;
  rules: HeaderRule[];
}

async function handle(site: Site, request: Request, response: Response): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const url = new URL(request.url ?? "/", "http://localhost");
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (!pathname.startsWith(site.basePath)) {
    response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
    return;
  }
  const relative = normalize(pathname.slice(site.basePath.length)).replace(/^[/\\.]+$/, "").replace(/^[/\\]+/, "");
  if (relative.split(sep).includes("..")) {
    response.writeHead(400).end();
    return;
  }
  const extra = Object.fromEntries(headersFor(site.rules, pathname));

  const file = pathname.endsWith("/") ? join(site.root, relative, "index.html") : join(site.root, relative);
  const found = relative === "_headers" && site.rules.length ? undefined : await stat(file).catch(() => undefined);
  if (found?.isFile()) return send(site, request, response, file, 200, extra);
  if (found?.isDirectory() && (await isFile(join(file, "index.html")))) {
    response.writeHead(301, { ...extra, location: `${url.pathname}/${url.search}` }).end();
    return;
  }
  const notFound = join(site.root, "404.html");
  if (await isFile(notFound)) return send(site, request, response, notFound, 404, extra);
  response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
}

const encodedCache = new Map<string, Buffer>();
const cacheKey = async (file: string, encoding: string) => `${encoding}:${file}:${(await stat(file)).mtimeMs}`;

async function precompress(root: string): Promise<void> {
  const files = (await readdir(root, { recursive: true })).filter((f) => COMPRESSIBLE.has(extname(f)));
  for (const file of files.map((f) => join(root, f))) {
    const raw = await readFile(file);
    for (const encoding of ["br", "gzip"] as const) encodedCache.set(await cacheKey(file, encoding), encode(raw, encoding));
  }
}

async function send(
  site: Site,
  request: Request,
  response: Response,
  file: string,
  status: number,
  extra: Record<string, string>,
): Promise<void> {
  const raw = await readFile(file);
  const encoding = site.compress && COMPRESSIBLE.has(extname(file)) ? preferredEncoding(request) : undefined;
  let body: Buffer = raw;
  if (encoding) {
    const key = await cacheKey(file, encoding);
    body = encodedCache.get(key) ?? encode(raw, encoding);
    encodedCache.set(key, body);
  }
  const immutable = /[\\/]assets[\\/]/.test(file);
  // Lowercase names throughout, so a rule from `_headers` replaces a default instead of adding a second one.
  response.writeHead(status, {
    "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": body.length,
    "cache-control": immutable ? CACHE.immutable : CACHE.revalidate,
    ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : {}),
    ...extra,
  });
  if (request.method === "HEAD") response.end();
  else response.end(body);
}

function preferredEncoding(request: Request): "br" | "gzip" | undefined {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return "br";
  if (/\bgzip\b/.test(accepts)) return "gzip";
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
