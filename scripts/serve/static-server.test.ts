import { request } from "node:http";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerRules, headersFile } from "../static-build/security";
import { folderSource, listen, serveStatic, siteHandler, type StaticServer } from "./static-server";

let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "static-server-"));
  await mkdir(join(root, "about"));
  await mkdir(join(root, "assets"));
  await writeFile(join(root, "index.html"), "home");
  await writeFile(join(root, "about/index.html"), "about");
  await writeFile(join(root, "404.html"), "not found page");
  await writeFile(join(root, "assets/app-1234.js"), "code");
  await writeFile(join(root, "assets/preview-1234.mp3"), "0123456789");
  await symlink("/etc/passwd", join(root, "leak.txt"));
  await symlink(join(root, "about/index.html"), join(root, "about-link.html"));
  server = await serveStatic(root);
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** A request sent exactly as written: fetch would tidy "//", "/../" and "%2e%2e" away before they reach the server. */
function get(
  path: string,
  headers: Record<string, string> = {},
  on = server,
): Promise<{
  status: number;
  location?: string;
  body: string;
  type?: string;
  cache?: string;
  range?: string;
  etag?: string;
}> {
  const { hostname, port } = new URL(on.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          location: response.headers.location,
          body,
          type: response.headers["content-type"],
          cache: response.headers["cache-control"],
          range: response.headers["content-range"],
          etag: response.headers.etag,
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("serveStatic", () => {
  it("serves a folder's index.html at its trailing-slash URL", async () => {
    const response = await get("/about/");
    expect(response).toMatchObject({ status: 200, type: "text/html; charset=utf-8", body: "about" });
  });

  it("redirects the slashless form to the trailing-slash form, keeping the query", async () => {
    expect(await get("/about?x=1")).toMatchObject({ status: 301, location: "/about/?x=1" });
  });

  it("answers a missing path with 404.html and status 404", async () => {
    expect(await get("/nope/deeper")).toMatchObject({ status: 404, body: "not found page" });
  });

  it("caches hashed assets for a year and makes pages revalidate", async () => {
    expect((await get("/assets/app-1234.js")).cache).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).cache).toBe("public, max-age=0, must-revalidate");
  });

  it.each(["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/about/..%2f..%2f..%2fetc/passwd"])(
    "never serves a file from outside its folder: %s",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain("root:");
    },
  );

  it("answers a range of a file, as a player seeking in a preview asks, and refuses one past its end", async () => {
    expect(await get("/assets/preview-1234.mp3", { range: "bytes=2-5" })).toMatchObject({
      status: 206,
      body: "2345",
      range: "bytes 2-5/10",
      type: "audio/mpeg",
    });
    expect(await get("/assets/preview-1234.mp3", { range: "bytes=7-" })).toMatchObject({ status: 206, body: "789" });
    expect(await get("/assets/preview-1234.mp3", { range: "bytes=-3" })).toMatchObject({ status: 206, body: "789" });
    expect(await get("/assets/preview-1234.mp3", { range: "bytes=20-30" })).toMatchObject({
      status: 416,
      range: "bytes */10",
    });
    expect(await get("/assets/preview-1234.mp3")).toMatchObject({ status: 200, body: "0123456789" });
  });

  it("with ranges off, answers a range request with 200 and the whole file, as Cloudflare Pages does", async () => {
    const whole = await serveStatic(root, { ranges: false });
    try {
      expect(await get("/assets/preview-1234.mp3", { range: "bytes=2-5" }, whole)).toMatchObject({
        status: 200,
        body: "0123456789",
        range: undefined,
      });
    } finally {
      await whole.close();
    }
  });

  it("sends an ETag and answers a request for the copy a browser already holds with 304 and no body", async () => {
    const first = await get("/about/");
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(await get("/about/", { "if-none-match": first.etag! })).toMatchObject({
      status: 304,
      body: "",
      etag: first.etag,
      cache: "public, max-age=0, must-revalidate",
    });
    expect(await get("/about/", { "if-none-match": `"other", W/${first.etag}` })).toMatchObject({ status: 304 });
    expect(await get("/about/", { "if-none-match": '"other"' })).toMatchObject({ status: 200, body: "about" });
    expect((await get("/")).etag).not.toBe(first.etag);
  });

  it("gives a compressed body a validator of its own, since its bytes differ from the file's", async () => {
    const compressing = await serveStatic(root, { compress: true });
    try {
      const plain = await get("/about/", {}, compressing);
      const gzipped = await get("/about/", { "accept-encoding": "gzip" }, compressing);
      expect(gzipped.etag).not.toBe(plain.etag);
      expect(
        (await get("/about/", { "accept-encoding": "gzip", "if-none-match": gzipped.etag! }, compressing)).status,
      ).toBe(304);
    } finally {
      await compressing.close();
    }
  });

  it("serves every kind of file the site has with its type: pictures, fonts, audio, manifest, sitemap", async () => {
    // From memory, as the dev server serves its builds.
    const types: Record<string, string> = {
      "cover.webp": "image/webp",
      "cover.avif": "image/avif",
      "face.woff2": "font/woff2",
      "maker.jpg": "image/jpeg",
      "icon.png": "image/png",
      "favicon.svg": "image/svg+xml",
      "preview.mp3": "audio/mpeg",
      "site.webmanifest": "application/manifest+json; charset=utf-8",
      "sitemap.xml": "application/xml",
      "robots.txt": "text/plain; charset=utf-8",
    };
    const memory = await listen(siteHandler({ read: (path) => (path in types ? new Uint8Array(4) : undefined) }));
    try {
      const served = Object.fromEntries(
        await Promise.all(Object.keys(types).map(async (file) => [file, (await get(`/${file}`, {}, memory)).type])),
      );
      expect(served).toEqual(types);
    } finally {
      await memory.close();
    }
  });

  it("reads a path that starts with // as a path on this site, never as another host", async () => {
    const offsite = await get("//evil.example//other.example/..%2fabout");
    expect(offsite.status).toBe(404);
    expect(offsite.location).toBeUndefined();
    // A real folder reached with doubled slashes redirects to its one true address, on this site.
    expect(await get("//about")).toMatchObject({ status: 301, location: "/about/" });
    expect(await get("//about?x=1")).toMatchObject({ status: 301, location: "/about/?x=1" });
  });
});

describe("the static server: what it will not serve, and what `_headers` says", () => {
  it("never follows a symbolic link out of its folder, but serves one that stays inside", async () => {
    const leak = await get("/leak.txt");
    expect(leak.status).toBe(404);
    expect(leak.body).not.toContain("root:");
    expect(await get("/about-link.html")).toMatchObject({ status: 200, body: "about" });
  });

  it("keeps no memory of missing paths, however many distinct ones are asked for", async () => {
    const gc = (globalThis as { gc?: () => void }).gc!;
    const source = folderSource(root);
    const heapAfter = async (count: number, offset: number) => {
      for (let i = 0; i < count; i++) await source.read(`missing/${offset + i}/${"x".repeat(40)}.html`);
      gc();
      return process.memoryUsage().heapUsed;
    };
    const settled = await heapAfter(2_000, 0);
    // Remembering each missing path would hold about 5 MB more after these 40,000.
    const after = await heapAfter(40_000, 2_000);
    expect(after - settled).toBeLessThan(1024 * 1024);
    expect(await source.read("about/index.html")).toBeDefined();
  });

  it("sends a file as the type `_headers` gives it: the feed as Atom, where its extension says plain XML", async () => {
    const dir = await mkdtemp(join(tmpdir(), "static-server-types-"));
    try {
      await writeFile(join(dir, "feed.xml"), "<feed/>");
      await writeFile(join(dir, "sitemap.xml"), "<urlset/>");
      await writeFile(join(dir, "_headers"), headersFile(headerRules([], (path) => path)));
      const typed = await serveStatic(dir, { headers: true });
      try {
        expect((await get("/feed.xml", {}, typed)).type).toBe("application/atom+xml; charset=utf-8");
        expect((await get("/sitemap.xml", {}, typed)).type).toBe("application/xml");
      } finally {
        await typed.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers what `_redirects` names with a 301, as Netlify and Cloudflare Pages do, and never serves the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "static-server-moved-"));
    try {
      await mkdir(join(dir, "fields/new"), { recursive: true });
      await writeFile(join(dir, "fields/new/index.html"), "the field");
      await writeFile(join(dir, "_redirects"), "/fields/old/ /fields/new/ 301\n");
      const moving = await serveStatic(dir, { headers: true });
      try {
        expect(await get("/fields/old/?from=mail", {}, moving)).toMatchObject({
          status: 301,
          location: "/fields/new/?from=mail",
        });
        expect((await get("/_redirects", {}, moving)).status).toBe(404);
      } finally {
        await moving.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
