import { describe, expect, it } from "vitest";
import { cloudFrontPolicy, nginxConfig, readRules } from "./host-config";
import { headersFile, parseHeadersFile, SECURITY_HEADERS } from "./security";

const page = "<!DOCTYPE html><style>b{}</style><script>go()</script>";
const rules = parseHeadersFile(headersFile(new Map([["index.html", page]]), ["/", "/about/"], (p) => p));
const site = readRules(rules);

describe("host configuration from _headers", () => {
  it("gives nginx every header in every location, because a location's own add_header drops inherited ones", () => {
    const config = nginxConfig(site, "/");
    const locations = config.split(/\n\s*location /).slice(1).filter((block) => block.includes("add_header"));
    expect(locations).toHaveLength(2);
    for (const block of locations) {
      for (const name of ["Content-Security-Policy", ...Object.keys(SECURITY_HEADERS), "Cache-Control"]) {
        expect(block.match(new RegExp(`add_header ${name} "[^"]+" always;`, "g")), name).toHaveLength(1);
      }
    }
    expect(config).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(config).toContain("error_page 404 /404.html;");
    expect(config).toContain("return 301 https://$host$request_uri;");
  });

  it("keeps the base path in nginx locations for a site under a folder", () => {
    const underRepo = readRules(parseHeadersFile(headersFile(new Map([["index.html", page]]), ["/"], (p) => `/repo${p}`)));
    const config = nginxConfig(underRepo, "/repo/");
    expect(config).toContain("location /repo/assets/ {");
    expect(config).toContain("error_page 404 /repo/404.html;");
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
