import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic, type StaticServer } from "./static-server";

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
  server = await serveStatic(root);
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

describe("serveStatic", () => {
  it("serves a folder's index.html at its trailing-slash URL", async () => {
    const response = await get("/about/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("about");
  });

  it("redirects the slashless form to the trailing-slash form, keeping the query", async () => {
    const response = await get("/about?x=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about/?x=1");
  });

  it("answers a missing path with 404.html and status 404", async () => {
    const response = await get("/nope/deeper");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("not found page");
  });

  it("caches hashed assets for a year and makes pages revalidate", async () => {
    expect((await get("/assets/app-1234.js")).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("never serves a file from outside its folder", async () => {
    const response = await get("/%2e%2e/%2e%2e/etc/passwd");
    expect([400, 404]).toContain(response.status);
    expect(await response.text()).not.toContain("root:");
  });
});
