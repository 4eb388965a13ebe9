import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

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
}

/**
 * Serves a built site the way static hosts do: "/about/" is about/index.html, "/about" redirects to
 * "/about/", and anything missing gets 404.html with status 404. For tests and tools on loopback.
 */
export async function serveStatic(root: string, { port = 0, host = "127.0.0.1" }: StaticServerOptions = {}): Promise<StaticServer> {
  const server = createServer((request, response) => {
    handle(root, request, response).catch((error: Error) => {
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

async function handle(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
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
  if (found?.isFile()) return send(response, request, file, 200);
  if (found?.isDirectory() && (await isFile(join(file, "index.html")))) {
    response.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
    return;
  }
  const notFound = join(root, "404.html");
  if (await isFile(notFound)) return send(response, request, notFound, 404);
  response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
}

async function send(response: ServerResponse, request: IncomingMessage, file: string, status: number): Promise<void> {
  const { size } = await stat(file);
  const immutable = /[\\/]assets[\\/]/.test(file);
  response.writeHead(status, {
    "Content-Type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    "Content-Length": size,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    createReadStream(file).on("error", reject).pipe(response).on("finish", resolve);
  });
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
