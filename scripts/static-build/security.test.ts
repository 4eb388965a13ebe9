import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { FOLLOW_ACTION } from "../../src/lib/follow";
import { pages as allPages } from "../../src/pages/index";
import { build, buildSite } from "../build";
import { cloudFrontPolicy, defaultNginxSettings, nginxConfig, readRules, serveConfig } from "../serve/host-config";
import { parseHtml } from "../test/parse-html";
import { pathOfFile } from "../../src/lib/routes";
import { parsePage } from "./html";
import {
  elementFacts,
  headersFor,
  matchesPattern,
  parseHeadersFile,
  policyOf,
  unionOfPolicies,
  type HeaderRule,
} from "./security";

const policyFor = (html: string) => policyOf([elementFacts(parsePage(html))]);

const ROUTES = ["/", "/about/", "/services/", "/products/", "/all-fields/", "/contact/"];

let workDir: string;
let dist: string;
let rules: HeaderRule[];
let pages: Map<string, string>;
let files: string[];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "site-security-"));
  dist = join(workDir, "dist");
  await build({ site, outDir: dist });
  rules = parseHeadersFile(await readFile(join(dist, "_headers"), "utf8"));
  files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dist.length + 1));
  pages = new Map(
    await Promise.all(
      files.filter((f) => f.endsWith(".html")).map(async (f) => [f, await readFile(join(dist, f), "utf8")] as const),
    ),
  );
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** Every URL path the built site answers: files, folder forms of index pages, and an unknown address. */
const servedPaths = () => [
  ...files.map((f) => `/${f}`),
  ...files.filter((f) => f.endsWith("index.html")).map((f) => `/${f.slice(0, -"index.html".length)}`),
  "/no-such-page/",
];

const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values] as const),
  );

describe("_headers", () => {
  it("never sets a header in two rules that match the same path (hosts would join them with a comma)", () => {
    for (const path of servedPaths()) {
      const names = rules
        .filter((r) => matchesPattern(r.pattern, path))
        .flatMap((r) => r.headers.map(([n]) => n.toLowerCase()));
      expect(names.length, path).toBe(new Set(names).size);
    }
  });

  it("sends the security headers on every path, the 404 included", () => {
    for (const path of servedPaths()) {
      const headers = headersFor(rules, path);
      expect(Number(headers.get("strict-transport-security")!.match(/max-age=(\d+)/)![1])).toBeGreaterThanOrEqual(
        31_536_000,
      );
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(headers.get("x-frame-options")).toBe("DENY");
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(headers.get("permissions-policy")).toContain(`${feature}=()`);
      }
    }
  });

  it("caches hashed assets for a year as immutable and makes every page revalidate", () => {
    for (const file of files.filter((f) => f.startsWith("assets/"))) {
      expect(headersFor(rules, `/${file}`).get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    for (const path of [...ROUTES, "/404.html"]) {
      expect(headersFor(rules, path).get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
  });
});

describe("Content-Security-Policy", () => {
  /** Each page's file, and the policy the header rules give the path it is served at. */
  const headerPolicies = () =>
    [...pages.keys()].map(
      (file) => [file, headersFor(rules, pathOfFile(file)).get("content-security-policy")] as const,
    );
  const headerPolicy = (file: string) => headerPolicies().find(([f]) => f === file)![1]!;

  it("comes with every page in a header of its own, and with nothing else (a missing address's 404 page has its <meta> one)", () => {
    expect(headerPolicies().filter(([, policy]) => !policy)).toEqual([]);
    // Its own (the same as its <meta>, below): two pages alike in their inline code, as two fields' pages are, share one.
    for (const path of servedPaths().filter((p) => !p.endsWith(".html") && !p.endsWith("/")))
      expect(headersFor(rules, path).get("content-security-policy"), path).toBeUndefined();
    expect(headersFor(rules, "/no-such-page/").get("content-security-policy")).toBeUndefined();
  });

  it.each(["index.html", "products/index.html", "404.html"])(
    "is strict in %s: nothing by default, no unsafe sources, no base, no form target but the follow form's two, no framing",
    (file) => {
      const policy = directives(headerPolicy(file));
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'none'"]);
      // Exactly two targets on every page (each has the follow form): the follow form's one address, whole (not its
      // host, not another path there), and the storefront's own page, where Gumroad sends a follow it refuses.
      expect(pages.get(file)!).toContain("<form");
      expect(policy.get("form-action")!.sort()).toEqual([FOLLOW_ACTION, new URL(site.storefront.url).origin].sort());
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("script-src")![0]).toBe("'self'");
      // the previews, from the site itself and nowhere else (or held in memory by the page's own script).
      expect(policy.get("media-src")).toEqual(["'self'", "blob:"]);
      expect(headerPolicy(file)).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
      // data: for images only (the loader's placeholder icon), never for scripts, styles or anything that runs.
      expect([...policy].filter(([, values]) => values.includes("data:")).map(([name]) => name)).toEqual(["img-src"]);
    },
  );

  it("is in every page's <meta> too, the same but for frame-ancestors, which only works as a header", () => {
    for (const [file, html] of pages) {
      const doc = parseHtml(html);
      const metaTag = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')!;
      const header = directives(headerPolicy(file));
      expect(directives(metaTag.getAttribute("content")!), file).toEqual(
        new Map([...header].filter(([name]) => name !== "frame-ancestors")),
      );
      // A <meta> policy only governs what comes after it.
      expect(doc.head.querySelector("style, script, link")!.compareDocumentPosition(metaTag) & 2, file).toBe(2);
    }
  });

  it("allows exactly the page's own inline scripts that run, and its styles, by the hash of their exact bytes, recomputed from the built page", () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    for (const [file, html] of pages) {
      const doc = parseHtml(html);
      const policy = directives(headerPolicy(file));
      const hashes = (name: string) =>
        policy
          .get(name)!
          .filter((v) => v.startsWith("'sha256-"))
          .sort();
      expect(hashes("script-src"), file).toEqual(
        [...doc.querySelectorAll("script:not([src]):not([type])")].map((script) => sha(script.textContent!)).sort(),
      );
      expect(hashes("style-src"), file).toEqual(
        [...doc.querySelectorAll("style")].map((style) => sha(style.textContent!)).sort(),
      );
      expect(doc.querySelectorAll("[style]"), `${file}: style attributes need 'unsafe-inline'`).toHaveLength(0);
    }
  });

  it("hashes no data block (islands' props, JSON-LD): browsers never run them", () => {
    const blocks = [...pages.values()].flatMap((html) => [
      ...parseHtml(html).querySelectorAll('script[type="application/json"], script[type="application/ld+json"]'),
    ]);
    expect(blocks.length).toBeGreaterThan(7);
    const policies = headerPolicies()
      .map(([, policy]) => policy)
      .join("\n");
    for (const block of blocks)
      expect(policies).not.toContain(createHash("sha256").update(block.textContent!, "utf8").digest("base64"));
  });
});

describe("a content change leaves the policy, and every host's configuration, as it was", () => {
  it("renaming a nav link and rewriting a field's text changes no header but that of a page whose own styles or scripts changed", async () => {
    const renamed = allPages.map((p) =>
      p.meta.path === "/about/" ? { ...p, meta: { ...p.meta, nav: { ...p.meta.nav!, label: "Our story" } } } : p,
    );
    const rewritten = {
      ...site,
      fields: site.fields.map((f, i) =>
        i === 0 ? { ...f, description: "A different hour of steady Alpha-range beats." } : f,
      ),
    };
    const [before, after] = await Promise.all([buildSite({ site }), buildSite({ site: rewritten, pages: renamed })]);
    expect(after.pages.get("about/index.html")).toContain("Our story");
    expect(after.pages.get("products/index.html")).toContain("A different hour");
    // A page that shows what fits in its first round trip (a field's other fields, Products' featured ones) may
    // show more or fewer for shorter words, and its styles, hashed in its policy, follow: only its rule may change.
    // What a policy hashes: the styles and the scripts that run, not the data blocks (the nav's labels are in those).
    const inlineCode = (html: string) =>
      html.match(/<(style|script(?![^>]*application\/(ld\+)?json))\b[^>]*>[\s\S]*?<\/(style|script)>/g)?.join("\n");
    const changed = new Set(
      [...after.pages]
        .filter(([file, html]) => inlineCode(html) !== inlineCode(before.pages.get(file)!))
        .map(([file]) => pathOfFile(file)),
    );
    const unchangedRules = (built: typeof before) =>
      parseHeadersFile(built.files.get("_headers") as string).filter((rule) => !changed.has(rule.pattern));
    expect(unchangedRules(after)).toEqual(unchangedRules(before));
    const hosts = (built: typeof before) => {
      const rules = readRules(unchangedRules(built));
      return [
        nginxConfig(rules, defaultNginxSettings("www.example.com")),
        cloudFrontPolicy(rules),
        JSON.stringify(serveConfig(rules)),
      ];
    };
    expect(hosts(after)).toEqual(hosts(before));
  });
});

describe("one policy for every page (CloudFront's)", () => {
  const form = `<form action="${FOLLOW_ACTION}" method="post"></form>`;
  const formAction = (policy: string) =>
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === "form-action")
      ?.slice(1);

  it("allows the follow form's address where one page has the form and another has none, and nothing more", () => {
    const union = unionOfPolicies([policyFor(form), policyFor("<p>No form</p>")]);
    expect(formAction(union)).toEqual([FOLLOW_ACTION]);
  });

  it("allows no form target at all where no page has a form", () => {
    const union = unionOfPolicies([policyFor("<p>One</p>"), policyFor("<p>Two</p>")]);
    expect(formAction(union)).toEqual(["'none'"]);
  });
});
