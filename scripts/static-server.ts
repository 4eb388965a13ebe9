import { readdir, readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
  server: Server;
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
export async function serveStatic(
  root: string,
  { port = 0, host = "127.0.0.1", compress = false }: StaticServerOptions = {},
): Promise<StaticServer> {
  if (compress) await precompress(root);
  const server = createServer((request, response) => {
    handle(root, compress, request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(`Internal error: ${error.message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(root: string, compress: boolean, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { Allow: "GET, HEAD" }).end();
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
  const relative = normalize(pathname).replace(/^[/\\]+/, "");
  if (relative.split(sep).includes("..")) {
    response.writeHead(400).end();
    return;
  }

  const file = pathname.endsWith("/") ? join(root, relative, "index.html") : join(root, relative);
  const found = await stat(file).catch(() => undefined);
  if (found?.isFile()) return send(response, request, file, 200, compress);
  if (found?.isDirectory() && (await isFile(join(file, "index.html")))) {
    response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
    return;
  }
  const notFound = join(root, "404.html");
  if (await isFile(notFound)) return send(response, request, notFound, 404, compress);
  response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
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

async function send(response: ServerResponse, request: IncomingMessage, file: string, status: number, compress: boolean): Promise<void> {
  const raw = await readFile(file);
  const encoding = compress && COMPRESSIBLE.has(extname(file)) ? preferredEncoding(request) : undefined;
  let body: Buffer = raw;
  if (encoding) {
    const key = await cacheKey(file, encoding);
    body = encodedCache.get(key) ?? encode(raw, encoding);
    encodedCache.set(key, body);
  }
  const immutable = /[\\/]assets[\\/]/.test(file);
  response.writeHead(status, {
    "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "Content-Length": body.length,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function preferredEncoding(request: IncomingMessage): "br" | "gzip" | undefined {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepts)) return "br";
  if (/\bgzip\b/.test(accepts)) return "gzip";
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
