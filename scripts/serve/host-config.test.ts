import { describe, expect, it } from "vitest";
import { cloudFrontPolicy, defaultNginxSettings, nginxConfig, readRules, serveConfig } from "./host-config";
import { parsePage } from "../static-build/html";
import { elementFacts, headerRules, headersFile, parseHeadersFile, SECURITY_HEADERS } from "../static-build/security";

const inlineHashes = (html: string) => elementFacts(parsePage(html));

const page = "<!DOCTYPE html><style>b{}</style><script>go()</script>";
const other = "<!DOCTYPE html><style>i{}</style>";
const rules = headerRules(
  [
    { path: "/", html: page },
    { path: "/about/", html: other },
    { path: "/404.html", html: other },
  ],
  (p) => p,
);
const site = readRules(rules);
const settings = defaultNginxSettings("www.studio.example");

describe("the headers, as data and as the `_headers` text", () => {
  it("are the same rules either way: the text Netlify, Cloudflare and the test server read says what the data does", () => {
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
  });
});

describe("host configuration from the headers as data", () => {
  it("gives nginx every header in every location, because a location's own add_header drops inherited ones; the feed as Atom", () => {
    const config = nginxConfig(site, settings);
    const locations = config
      .split(/\n\s*location /)
      .slice(1)
      .filter((block) => block.includes("add_header"));
    // The pages, the feed (sent as Atom), the assets.
    expect(locations).toHaveLength(3);
    for (const block of locations) {
      for (const name of [...Object.keys(SECURITY_HEADERS), "Cache-Control"]) {
        expect(block.match(new RegExp(`add_header ${name} "[^"]+" always;`, "g")), name).toHaveLength(1);
      }
    }
    expect(config).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(config).toContain("error_page 404 /404.html;");
    expect(config).toMatch(/location = \/feed\.xml \{\n\s+types \{ \}\n\s+default_type application\/atom\+xml;/);
  });

  it("gives nginx each page's own policy, by the file it sends (after `index` and `error_page`), and none to other files", () => {
    const config = nginxConfig(site, settings);
    const policy = (html: string) =>
      rules
        .find((r) => r.headers.some(([, v]) => v.includes(inlineHashes(html).styles[0]!)))!
        .headers.find(([n]) => n === "Content-Security-Policy")![1];
    expect(config).toContain(`    /index.html "${policy(page)}";`);
    expect(config).toContain(`    /about/index.html "${policy(other)}";`);
    expect(config).toContain(`    /404.html "${policy(other)}";`);
    expect(config).toContain('map $uri $site_page_policy {\n    default "";');
    const [pages, , assets] = config
      .split(/\n\s*location /)
      .slice(1)
      .filter((block) => block.includes("add_header"));
    expect(pages).toContain("add_header Content-Security-Policy $site_page_policy always;");
    expect(assets).not.toContain("Content-Security-Policy");
  });

  it("names its settings, and takes the certificate paths and names from them", () => {
    const config = nginxConfig(site, {
      ...settings,
      certificate: "/srv/tls/cert.pem",
      certificateKey: "/srv/tls/key.pem",
      root: "/srv/site",
    });
    expect(config).toContain("#   --certificate /srv/tls/cert.pem");
    expect(config).toContain("ssl_certificate     /srv/tls/cert.pem;");
    expect(config).toContain("ssl_certificate_key /srv/tls/key.pem;");
    expect(config).toContain("root /srv/site;");
    expect(defaultNginxSettings("www.studio.example").certificate).toBe(
      "/etc/letsencrypt/live/www.studio.example/fullchain.pem",
    );
  });

  it("compresses as well as nginx allows: gzip at its highest level, and brotli when asked (an nginx with ngx_brotli)", () => {
    const plain = nginxConfig(site, settings);
    expect(plain).toMatch(/^ {4}gzip_comp_level 9;$/m);
    expect(plain).not.toContain("brotli");
    const brotli = nginxConfig(site, { ...settings, brotli: true });
    expect(brotli).toContain("#   --brotli");
    expect(brotli).toMatch(/^ {4}brotli on;\n {4}brotli_comp_level 11;\n {4}brotli_types text\/css /m);
  });

  it("redirects plain HTTP to the site's own name, never to whatever Host a request carried", () => {
    const config = nginxConfig(site, settings);
    expect(config).toContain("return 301 https://www.studio.example$request_uri;");
    expect(config).not.toContain("$host");
    expect(nginxConfig(site, { ...settings, httpsListen: ["127.0.0.1:8443"] })).toContain(
      "return 301 https://www.studio.example:8443$request_uri;",
    );
  });

  it("keeps the base path in nginx locations for a site under a folder", () => {
    const underRepo = readRules(headerRules([{ path: "/", html: page }], (p) => `/repo${p}`));
    const config = nginxConfig(underRepo, settings);
    expect(config).toContain(`    /repo/index.html "`);
    expect(config).toContain("location /repo/assets/ {");
    expect(config).toContain("error_page 404 /repo/404.html;");
    expect(config).toContain("location = /repo/_headers { return 404; }");
  });
});

describe("host configuration for `serve` and CloudFront, from the headers as data", () => {
  it("gives `serve` (npm start) the same headers: each page's by the file it sends, the assets' caching by folder", () => {
    const config = serveConfig(site) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    const [all, assets, ...rest] = config.headers;
    const pages = rest.slice(0, -1);
    // The feed, by its file, as Atom.
    expect(rest.at(-1)).toEqual({
      source: "feed.xml",
      headers: [{ key: "Content-Type", value: "application/atom+xml; charset=utf-8" }],
    });
    expect(all!.source).toBe("**");
    expect(all!.headers.map((h) => [h.key, h.value])).toEqual(site.all);
    expect(assets).toEqual({
      source: "assets/**",
      headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
    });
    expect(pages.map((p) => p.source)).toEqual(["index.html", "about/index.html", "404.html"]);
    expect(pages.map((p) => p.headers.map((h) => [h.key, h.value]))).toEqual(site.pages.map((p) => p.headers));
    const underRepo = serveConfig(
      readRules(headerRules([{ path: "/about/", html: page }], (p) => `/repo${p}`)),
    ) as typeof config;
    expect(underRepo.headers.map((h) => h.source)).toEqual(["**", "assets/**", "about/index.html", "feed.xml"]);
  });

  it("gives CloudFront, which sends one policy for everything, every page's allowances together, and the same headers", () => {
    const policy = JSON.parse(cloudFrontPolicy(site));
    const csp: string = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    for (const html of [page, other])
      for (const hash of [...inlineHashes(html).scripts, ...inlineHashes(html).styles]) expect(csp).toContain(hash);
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'self' 'sha256-[^']+'; style-src 'self' 'sha256-[^']+' 'sha256-[^']+'; /,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(policy.SecurityHeadersConfig.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(policy.SecurityHeadersConfig.ReferrerPolicy.ReferrerPolicy).toBe("strict-origin-when-cross-origin");
    expect(policy.CustomHeadersConfig.Items.map((i: { Header: string }) => i.Header)).toEqual([
      "Permissions-Policy",
      "Cross-Origin-Resource-Policy",
      "Cross-Origin-Opener-Policy",
    ]);
  });
});
