import { describe, expect, it } from "vitest";
import { cloudFrontPolicy, defaultNginxSettings, nginxConfig, readRules, serveConfig } from "./host-config";
import { headerRules, headersFile, parseHeadersFile, SECURITY_HEADERS } from "../build/security";

const page = "<!DOCTYPE html><style>b{}</style><script>go()</script>";
const rules = headerRules([page], ["/", "/about/"], (p) => p);
const site = readRules(rules);
const settings = defaultNginxSettings("www.studio.example");

describe("#22 the headers, as data and as the `_headers` text", () => {
  it("are the same rules either way: the text Netlify, Cloudflare and the test server read says what the data does", () => {
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
  });
});

describe("host configuration from the headers as data", () => {
  it("gives nginx every header in every location, because a location's own add_header drops inherited ones", () => {
    const config = nginxConfig(site, settings);
    const locations = config.split(/\n\s*location /).slice(1).filter((block) => block.includes("add_header"));
    expect(locations).toHaveLength(2);
    for (const block of locations) {
      for (const name of ["Content-Security-Policy", ...Object.keys(SECURITY_HEADERS), "Cache-Control"]) {
        expect(block.match(new RegExp(`add_header ${name} "[^"]+" always;`, "g")), name).toHaveLength(1);
      }
    }
    expect(config).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(config).toContain("error_page 404 /404.html;");
  });

  it("#11 names its settings, and takes the certificate paths and names from them", () => {
    const config = nginxConfig(site, { ...settings, certificate: "/srv/tls/cert.pem", certificateKey: "/srv/tls/key.pem", root: "/srv/site" });
    expect(config).toContain("#   --certificate /srv/tls/cert.pem");
    expect(config).toContain("ssl_certificate     /srv/tls/cert.pem;");
    expect(config).toContain("ssl_certificate_key /srv/tls/key.pem;");
    expect(config).toContain("root /srv/site;");
    expect(defaultNginxSettings("www.studio.example").certificate).toBe("/etc/letsencrypt/live/www.studio.example/fullchain.pem");
  });

  it("#11 redirects plain HTTP to the site's own name, never to whatever Host a request carried", () => {
    const config = nginxConfig(site, settings);
    expect(config).toContain("return 301 https://www.studio.example$request_uri;");
    expect(config).not.toContain("$host");
    expect(nginxConfig(site, { ...settings, httpsListen: ["127.0.0.1:8443"] })).toContain("return 301 https://www.studio.example:8443$request_uri;");
  });

  it("keeps the base path in nginx locations for a site under a folder", () => {
    const underRepo = readRules(headerRules([page], ["/"], (p) => `/repo${p}`));
    const config = nginxConfig(underRepo, settings);
    expect(config).toContain("location /repo/assets/ {");
    expect(config).toContain("error_page 404 /repo/404.html;");
    expect(config).toContain("location = /repo/_headers { return 404; }");
  });

  it("#11 gives `serve` (npm start) the same headers, with the assets' caching replacing the pages'", () => {
    const config = serveConfig(site) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    const [all, assets] = config.headers;
    expect(all!.source).toBe("**");
    expect(all!.headers.map((h) => [h.key, h.value])).toEqual([...site.all, ["Cache-Control", "public, max-age=0, must-revalidate"]]);
    expect(assets).toEqual({ source: "assets/**", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] });
  });

  it("gives CloudFront the same policy and headers", () => {
    const policy = JSON.parse(cloudFrontPolicy(site));
    const csp = rules[0]!.headers.find(([n]) => n === "Content-Security-Policy")![1];
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(csp);
    expect(policy.SecurityHeadersConfig.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(policy.SecurityHeadersConfig.ReferrerPolicy.ReferrerPolicy).toBe("strict-origin-when-cross-origin");
    expect(policy.CustomHeadersConfig.Items.map((i: { Header: string }) => i.Header)).toEqual([
      "Permissions-Policy",
      "Cross-Origin-Resource-Policy",
      "Cross-Origin-Opener-Policy",
    ]);
  });
});
