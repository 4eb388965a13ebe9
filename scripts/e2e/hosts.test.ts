import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpsRequest } from "node:https";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { networkInterfaces, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nginxConfig, readSiteHeaders } from "../serve/host-config";
import { compressed } from "../static-build/page-budget";
import { selfSignedCertificate } from "../test/certificate";
import { freePort } from "../test/free-port";
import { headersFor, parseHeadersFile, type HeaderRule } from "../static-build/security";
import { startServe, type Serving } from "../serve/start";
import { findNginx, findWrangler, WRANGLER_COMPATIBILITY_DATE } from "./requirements";
import { FIELD_PAGE, MOVED_FROM } from "./site";
import { FIXTURE_SITE } from "../test/fixtures";

const dist = () => inject("distDir");
let rules: HeaderRule[];
let asset: string;
let preview: string;

beforeAll(async () => {
  rules = parseHeadersFile(await readFile(join(dist(), "_headers"), "utf8"));
  const assets = await readdir(join(dist(), "assets"));
  asset = `/assets/${assets.find((f) => f.startsWith("islands-"))}`;
  preview = `/assets/${assets.find((f) => f.startsWith("preview-"))}`;
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request as a browser would send it, over HTTP or HTTPS (trusting the throwaway certificate). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { protocol, hostname, port, pathname, search } = new URL(url);
  const request = protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    request(
      { hostname, port, path: `${pathname}${search}`, headers, rejectUnauthorized: false, servername: headers.host },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("latin1"),
          }),
        );
      },
    )
      .on("error", reject)
      .end();
  });
}

/** A player seeking in a preview asks for a range of the file: the host answers with just those bytes. */
async function expectRange(origin: string, headers: Record<string, string> = {}) {
  const part = await get(`${origin}${preview}`, { ...headers, range: "bytes=100-199" });
  expect(part.status).toBe(206);
  expect(part.headers["content-range"]).toMatch(/^bytes 100-199\/\d+$/);
  expect(part.headers["content-type"]).toBe("audio/mpeg");
  expect(part.body.length).toBe(100);
  expectSiteHeaders(part, preview);
}

/** The feed, as the host sends it: Atom by its type, whatever its extension says. */
async function expectAtom(origin: string, headers: Record<string, string> = {}) {
  const feed = await get(`${origin}/feed.xml`, headers);
  expect(feed.status).toBe(200);
  expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
}

/**
 * A field's old address, where its owner moved it (setup.ts): a 301 for the host's first answer, and a browser
 * following it, at most one redirect more (a host that first adds the slash), lands on the field's page.
 */
async function expectMoved(origin: string, headers: Record<string, string> = {}) {
  for (const path of [MOVED_FROM, MOVED_FROM.slice(0, -1)]) {
    let answer = await get(`${origin}${path}`, headers);
    expect(answer.status, path).toBe(301);
    for (let hops = 0; answer.status === 301 && hops < 2; hops++)
      answer = await get(new URL(answer.headers.location!, `${origin}${path}`).href, headers);
    expect(answer.status, path).toBe(200);
    expect(answer.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1], path).toBe(
      `${FIXTURE_SITE.origin}${FIELD_PAGE}`,
    );
  }
}

/** Every header `_headers` gives a path (the security headers, the policy and the caching), as the server sent them. */
function expectSiteHeaders(answer: Answer, path: string) {
  for (const [name, value] of headersFor(rules, path)) expect(answer.headers[name], `${path}: ${name}`).toBe(value);
}

describe("npm start: serve, on this machine only, with the hosts' headers", () => {
  let serving: Serving;
  beforeAll(async () => {
    serving = await startServe(dist(), 0, FIXTURE_SITE);
  });
  afterAll(() => serving?.stop());

  it("sends every page, asset and the 404 page with the headers and policy `_headers` gives the hosts", async () => {
    expectSiteHeaders(await get(`${serving.url}/about/`), "/about/");
    expectSiteHeaders(await get(`${serving.url}${asset}`), asset);
    const missing = await get(`${serving.url}/no-such-page/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("This page is not here");
    expectSiteHeaders(missing, "/404.html");
  });

  it("answers a range of a preview, as a player seeking in it asks", async () => {
    await expectRange(serving.url);
  });

  it("sends the feed as Atom", async () => {
    await expectAtom(serving.url);
  });

  it("answers a moved field's old address with a 301 to its page", async () => {
    await expectMoved(serving.url);
  });

  it("listens on the loopback interface only", async () => {
    const port = Number(new URL(serving.url).port);
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === "IPv4");
    expect(outward, "this machine needs an address besides loopback for the check").toBeDefined();
    const reached = await new Promise<string>((resolve) => {
      const socket = connect({ host: outward!.address, port });
      socket.once("connect", () => {
        resolve("connected");
        socket.destroy();
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(reached).toBe("ECONNREFUSED");
    expect((await get(`${serving.url}/`)).status).toBe(200);
  });
});

/** The site's generated configuration in `prefix`, inside the main one Debian's package gives. */
async function writeNginxConfig(prefix: string, serverName: string, httpsPort: number, httpPort: number) {
  const site = nginxConfig(await readSiteHeaders(dist(), FIXTURE_SITE), {
    serverName,
    root: dist(),
    certificate: join(prefix, "cert.pem"),
    certificateKey: join(prefix, "key.pem"),
    httpsListen: [`127.0.0.1:${httpsPort}`],
    httpListen: [`127.0.0.1:${httpPort}`],
  });
  await writeFile(join(prefix, "site.conf"), site);
  // The main configuration Debian's package gives, cut down to what a test on loopback needs; the site's
  // file goes in as conf.d/ would have it, beside Debian's mime.types.
  await copyFile("/etc/nginx/mime.types", join(prefix, "mime.types"));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${join(prefix, kind)};`)
    .join(" ");
  await writeFile(
    join(prefix, "nginx.conf"),
    `${userInfo().uid === 0 ? "user root;\n" : ""}worker_processes 1;\npid ${join(prefix, "nginx.pid")};\nevents {}\nhttp {\n  access_log off;\n  ${temp}\n  include ${join(prefix, "site.conf")};\n}\n`,
  );
}

// Where nginx is not installed, skipped; `npm test` ends by saying so (scripts/e2e/requirements.ts), and CI fails.
describe.skipIf(!findNginx())("nginx with the generated configuration, as generated", () => {
  const SERVER_NAME = "www.studio.example";
  let prefix: string;
  let nginx: ChildProcess;
  let https: string;
  let http: string;
  let checked: SpawnSyncReturns<string>;

  beforeAll(async () => {
    prefix = await mkdtemp(join(tmpdir(), "site-nginx-"));
    const made = selfSignedCertificate(prefix, SERVER_NAME);
    expect("failed" in made ? made.failed : "", "openssl").toBe("");
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    https = `https://127.0.0.1:${httpsPort}`;
    http = `http://127.0.0.1:${httpPort}`;
    await writeNginxConfig(prefix, SERVER_NAME, httpsPort, httpPort);
    const args = ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", "stderr"];
    const binary = findNginx()!;
    checked = spawnSync(binary, ["-t", ...args], { encoding: "utf8" });
    nginx = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    nginx.stderr!.on("data", (chunk) => (errors += chunk));
    // Ready when it answers; the hook's own timeout is the ceiling.
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx stopped:\n${errors}`);
      if (
        await get(`${http}/`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  it("passes `nginx -t` with nothing edited by hand", () => {
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stderr).toContain("test is successful");
    expect(checked.stderr).not.toMatch(/\[(warn|emerg|error)\]/);
  });

  it("answers a page with every header, a charset, and no version in Server", async () => {
    const page = await get(`${https}/about/`, { host: SERVER_NAME });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers.server).toBe("nginx");
    expectSiteHeaders(page, "/about/");
  });

  it("redirects a folder without its slash to the slash, on this site, with the headers", async () => {
    const redirect = await get(`${https}/about`, { host: SERVER_NAME });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/about/");
    expectSiteHeaders(redirect, "/about");
  });

  it("answers an unknown address, `/_headers` and the bare assets folder with the 404 page and its headers", async () => {
    for (const path of ["/no-such-page/", "/_headers", "/assets/"]) {
      const missing = await get(`${https}${path}`, { host: SERVER_NAME });
      expect(missing.status, path).toBe(404);
      expect(missing.body, path).toContain("This page is not here");
      expectSiteHeaders(missing, "/404.html");
    }
  });

  it("sends a page gzipped no larger than the build measured it against its budget", async () => {
    const page = await get(`${https}/about/`, { host: SERVER_NAME, "accept-encoding": "gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    const measured = compressed(await readFile(join(dist(), "about/index.html")), "gzip");
    expect(Buffer.from(page.body, "latin1").length).toBeLessThanOrEqual(measured);
  });

  it("caches an asset for a year, compresses it with Vary: Accept-Encoding, and types the manifest", async () => {
    const script = await get(`${https}${asset}`, { host: SERVER_NAME, "accept-encoding": "gzip" });
    expect(script.status).toBe(200);
    expectSiteHeaders(script, asset);
    expect(script.headers["content-encoding"]).toBe("gzip");
    expect(script.headers.vary).toBe("Accept-Encoding");
    const manifest = await get(`${https}/site.webmanifest`, { host: SERVER_NAME });
    expect(manifest.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
  });

  it("answers a range of a preview, as a player seeking in it asks", async () => {
    await expectRange(https, { host: SERVER_NAME });
  });

  it("sends the feed as Atom, with every header", async () => {
    await expectAtom(https, { host: SERVER_NAME });
    expectSiteHeaders(await get(`${https}/feed.xml`, { host: SERVER_NAME }), "/feed.xml");
  });

  it("answers a moved field's old address with a 301 to its page, and never serves `_redirects`", async () => {
    await expectMoved(https, { host: SERVER_NAME });
    expect((await get(`${https}/_redirects`, { host: SERVER_NAME })).status).toBe(404);
  });

  it("sends plain HTTP to the site's own HTTPS address, whatever Host the request named", async () => {
    const redirect = await get(`${http}/about/?x=1`, { host: "evil.example" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://${SERVER_NAME}:${new URL(https).port}/about/?x=1`);
    expect(redirect.headers.server).toBe("nginx");
  });
});

describe.skipIf(!findWrangler())(
  "Cloudflare Pages, as its own local runtime (wrangler pages dev) serves the build",
  () => {
    let wrangler: ChildProcess;
    let origin: string;
    let state: string;
    let output = "";

    beforeAll(async () => {
      const binary = findWrangler()!;
      // Its working folder is where it keeps its state (.wrangler/): a temporary one.
      state = await mkdtemp(join(tmpdir(), "site-pages-"));
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      wrangler = spawn(
        binary,
        [
          "pages",
          "dev",
          dist(),
          "--ip",
          "127.0.0.1",
          "--port",
          String(port),
          "--compatibility-date",
          WRANGLER_COMPATIBILITY_DATE,
          "--show-interactive-dev-session=false",
        ],
        {
          cwd: state,
          env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
          stdio: ["ignore", "pipe", "pipe"],
          detached: true,
        },
      );
      for (const stream of [wrangler.stdout!, wrangler.stderr!]) stream.on("data", (chunk) => (output += chunk));
      // Ready when it answers; the hook's own timeout is the ceiling.
      for (;;) {
        if (wrangler.exitCode !== null) throw new Error(`wrangler pages dev stopped:\n${output}`);
        if (
          await get(`${origin}/`).then(
            (answer) => answer.status === 200,
            () => false,
          )
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    afterAll(async () => {
      if (wrangler && wrangler.exitCode === null) {
        const exited = new Promise((resolve) => wrangler.once("exit", resolve));
        // Its own process group: wrangler runs Cloudflare's runtime (workerd) as a child.
        process.kill(-wrangler.pid!, "SIGTERM");
        await exited;
      }
      if (state) await rm(state, { recursive: true, force: true });
    });

    it("reads every rule in `_headers`, and sends each page and asset the headers, policy and caching it gives", async () => {
      expect(output).toContain(`Parsed ${rules.length} valid header rules`);
      for (const path of ["/", "/about/", "/products/", asset, "/favicon.ico"]) {
        const answer = await get(`${origin}${path}`);
        expect(answer.status, path).toBe(200);
        expectSiteHeaders(answer, path);
      }
      expect((await get(`${origin}${asset}`)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });

    it("answers an unknown address with the 404 page and status 404, and never serves `_headers` itself", async () => {
      const missing = await get(`${origin}/no-such-page/`);
      expect(missing.status).toBe(404);
      expect(missing.body).toContain("This page is not here");
      // The local runtime answers 502 here (Pages itself, 404): either way, not the file.
      const rulesFile = await get(`${origin}/_headers`);
      expect(rulesFile.status).toBeGreaterThanOrEqual(400);
      expect(rulesFile.body).not.toContain("Content-Security-Policy");
    });

    it("redirects a folder without its slash to the slash, on this site", async () => {
      const redirect = await get(`${origin}/about`);
      expect([301, 308]).toContain(redirect.status);
      expect(redirect.headers.location).toBe("/about/");
    });

    it("answers a range request with 200 and the whole file, which is why the player holds a preview whole from such a host", async () => {
      const whole = await get(`${origin}${preview}`, { range: "bytes=100-199" });
      expect(whole.status).toBe(200);
      expect(whole.headers["content-range"]).toBeUndefined();
      expect(whole.body.length).toBe((await readFile(join(dist(), preview))).length);
    });

    it("sends the feed as Atom", async () => {
      await expectAtom(origin);
    });

    it("reads `_redirects`: a moved field's old address answers with a 301 to its page", async () => {
      await expectMoved(origin);
    });

    it("answers a page the browser holds with 304", async () => {
      const page = await get(`${origin}/about/`);
      expect(page.headers.etag).toBeDefined();
      expect((await get(`${origin}/about/`, { "if-none-match": page.headers.etag! })).status).toBe(304);
    });
  },
);
