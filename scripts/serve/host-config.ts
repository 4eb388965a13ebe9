/**
 * `npm run host-config -- nginx|cloudfront [settings]`: the built site's headers, for hosts that do not read
 * `_headers`, made as the build makes them (security.ts' headerRules) from the pages in dist/, whose inline code the
 * policy's hashes name: run it after each build.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteContent } from "../../src/content/types";
import { createUrls, outputFileFor } from "../../src/lib/routes";
import { ROOT } from "../paths";
import { commandLine, usageError } from "../static-build/command-line";
import { readRedirects } from "../static-build/identity";
import { ownerSite } from "../static-build/owner";
import { readPages } from "../static-build/page-facts";
import { siteHeaderRules, unionOfPolicies, type HeaderRule } from "../static-build/security";

interface SiteHeaders {
  /** Where the site is served from: "/" or "/repo/". */
  basePath: string;
  all: [string, string][];
  assets: { prefix: string; cacheControl: string };
  /** By the path served at: "/repo/about/", "/repo/404.html". */
  pages: { path: string; headers: [string, string][] }[];
  /** Files sent as a type their extension does not say (the feed: Atom, not plain XML), by path. */
  types: { path: string; contentType: string }[];
  /** Each answered with a 301. */
  redirects: { from: string; to: string }[];
}

const header = (headers: readonly [string, string][], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

export function readRules(rules: readonly HeaderRule[]): SiteHeaders {
  const all = rules.find((r) => r.pattern.endsWith("/*") && !r.pattern.endsWith("/assets/*"));
  const assets = rules.find((r) => r.pattern.endsWith("/assets/*"));
  const typed = (rule: HeaderRule) => header(rule.headers, "Content-Type") !== undefined;
  const pages = rules.filter((r) => !r.pattern.includes("*") && !typed(r));
  const cache = (rule?: HeaderRule) => rule && header(rule.headers, "Cache-Control");
  if (!all || !assets || pages.length === 0 || !cache(assets) || !pages.every(cache))
    throw new Error("dist/_headers is not in the shape scripts/static-build/security.ts writes");
  return {
    basePath: all.pattern.slice(0, -1),
    all: all.headers,
    assets: { prefix: assets.pattern.slice(0, -1), cacheControl: cache(assets)! },
    pages: pages.map((page) => ({ path: page.pattern, headers: page.headers })),
    types: rules.filter(typed).map((r) => ({ path: r.pattern, contentType: header(r.headers, "Content-Type")! })),
    redirects: [],
  };
}

/**
 * The same headers as every host, folders at their trailing-slash address, no directory listings. `serve` matches a
 * rule against the file it sends ("about/index.html", "404.html" for any missing address), so a rule names its file.
 */
export function serveConfig(site: SiteHeaders): object {
  const entry = ([key, value]: [string, string]) => ({ key, value });
  const local = (path: string) => path.slice(site.basePath.length - 1);
  return {
    trailingSlash: true,
    directoryListing: false,
    headers: [
      { source: "**", headers: site.all.map(entry) },
      {
        source: `${local(site.assets.prefix).slice(1)}**`,
        headers: [entry(["Cache-Control", site.assets.cacheControl])],
      },
      ...site.pages.map((page) => ({ source: outputFileFor(local(page.path)), headers: page.headers.map(entry) })),
      ...site.types.map((file) => ({
        source: local(file.path).slice(1),
        headers: [entry(["Content-Type", file.contentType])],
      })),
    ],
    redirects: site.redirects.map(({ from, to }) => ({ source: local(from), destination: local(to), type: 301 })),
  };
}

interface NginxSettings {
  serverName: string;
  /** The folder holding the contents of dist/. */
  root: string;
  certificate: string;
  certificateKey: string;
  /** nginx `listen` addresses: "443", "[::]:443", "127.0.0.1:8443". */
  httpsListen: readonly string[];
  httpListen: readonly string[];
  /** Compress with brotli too: only for an nginx built with the ngx_brotli module. */
  brotli?: boolean;
}

/** What nginx compresses: every text type the site sends (HTML always is). */
const COMPRESSED_TYPES =
  "text/css application/javascript text/javascript application/json application/manifest+json image/svg+xml application/xml application/atom+xml text/plain";

/** Settings for a domain, with certbot's certificate paths: `certbot certonly` writes them there. */
export function defaultNginxSettings(serverName: string): NginxSettings {
  return {
    serverName,
    root: "/var/www/site",
    certificate: `/etc/letsencrypt/live/${serverName}/fullchain.pem`,
    certificateKey: `/etc/letsencrypt/live/${serverName}/privkey.pem`,
    httpsListen: ["443"],
    httpListen: ["80"],
  };
}

/**
 * A complete configuration for nginx (one file for conf.d/) that `nginx -t` accepts as it is. nginx forgets
 * inherited add_header lines in any location that sets its own, so every location repeats the full set.
 */
export function nginxConfig(site: SiteHeaders, settings: NginxSettings): string {
  const { basePath } = site;
  const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;
  const headers = (extra: [string, string][]) =>
    [...site.all, ...extra]
      .map(([name, value]) => `        add_header ${name} ${value.startsWith("$") ? value : quoted(value)} always;`)
      .join("\n");
  // Each page's policy by the file nginx ends up sending ($uri after `index` and `error_page`); nothing for other files.
  const policies = site.pages.map(
    (page) =>
      `    ${basePath}${outputFileFor(page.path.slice(basePath.length - 1))} ${quoted(header(page.headers, "Content-Security-Policy")!)};`,
  );
  const pageCache = header(site.pages[0]!.headers, "Cache-Control")!;
  const httpsPort = settings.httpsListen[0]?.match(/(\d+)$/)?.[1] ?? "443";
  const httpsOrigin = `https://${settings.serverName}${httpsPort === "443" ? "" : `:${httpsPort}`}`;
  const flags = [
    `--server-name ${settings.serverName}`,
    `--root ${settings.root}`,
    `--certificate ${settings.certificate}`,
    `--certificate-key ${settings.certificateKey}`,
    ...settings.httpsListen.map((l) => `--https-listen ${l}`),
    ...settings.httpListen.map((l) => `--http-listen ${l}`),
    ...(settings.brotli ? ["--brotli"] : []),
  ];
  return `# Generated by \`npm run host-config -- nginx\` from the pages in dist/: run it again after every build.
# Made with these settings (each a flag of that command; change them there, not here):
${flags.map((f) => `#   ${f}`).join("\n")}
map $uri $site_page_policy {
    default "";
${policies.join("\n")}
}

server {
${settings.httpsListen.map((l) => `    listen ${l} ssl http2;`).join("\n")}
    server_name ${settings.serverName};
    ssl_certificate     ${settings.certificate};
    ssl_certificate_key ${settings.certificateKey};
    ssl_protocols TLSv1.2 TLSv1.3;
    root ${settings.root};

    server_tokens off;
    # Redirects name a path, not a host: /about answers "Location: /about/".
    absolute_redirect off;
    index index.html;
    error_page 404 ${basePath}404.html;

    include mime.types;
    types {
        application/manifest+json webmanifest;
    }
    default_type application/octet-stream;
    charset utf-8;
    charset_types text/css text/plain text/xml application/javascript application/json application/manifest+json image/svg+xml;

    # As small as gzip makes them (nginx's own default is level 1: a page a fifth larger than the build measured).
    gzip on;
    gzip_comp_level 9;
    gzip_vary on;
    gzip_types ${COMPRESSED_TYPES};
${
  settings.brotli
    ? `
    # ngx_brotli (Debian: libnginx-mod-http-brotli-filter): what browsers prefer, smaller still.
    brotli on;
    brotli_comp_level 11;
    brotli_types ${COMPRESSED_TYPES};
`
    : ""
}
    # Instructions for other hosts, not pages.
    location = ${basePath}_headers { return 404; }
    location = ${basePath}_redirects { return 404; }
${site.redirects.map(({ from, to }) => `    location = ${from} { return 301 ${to}; }\n`).join("")}
    location ${basePath} {
        try_files $uri $uri/ =404;
${headers([
  ["Content-Security-Policy", "$site_page_policy"],
  ["Cache-Control", pageCache],
])}
    }

${site.types
  .map(
    (file) => `    # Sent as what it is, not as its extension says.
    location = ${file.path} {
        types { }
        default_type ${file.contentType.split(";")[0]};
        charset_types ${file.contentType.split(";")[0]};
${headers([["Cache-Control", pageCache]])}
    }
`,
  )
  .join("\n")}
    location ${site.assets.prefix} {
        try_files $uri =404;
${headers([["Cache-Control", site.assets.cacheControl]])}
    }
}

server {
${settings.httpListen.map((l) => `    listen ${l};`).join("\n")}
    server_name ${settings.serverName};
    server_tokens off;
    # To this site's own name, whatever Host the request carried.
    return 301 ${httpsOrigin}$request_uri;
}
`;
}

/** For `aws cloudfront create-response-headers-policy`. Cache-Control stays with the S3 objects. */
export function cloudFrontPolicy(site: SiteHeaders): string {
  const get = (name: string) => header(site.all, name) ?? "";
  const custom = ["Permissions-Policy", "Cross-Origin-Resource-Policy", "Cross-Origin-Opener-Policy"];
  const hsts = get("Strict-Transport-Security");
  return `${JSON.stringify(
    {
      Name: "site-security-headers",
      Comment: "Generated by npm run host-config -- cloudfront from the pages in dist/",
      SecurityHeadersConfig: {
        // One policy for every response: each page's allowances together.
        ContentSecurityPolicy: {
          ContentSecurityPolicy: unionOfPolicies(
            site.pages.map((page) => header(page.headers, "Content-Security-Policy")!),
          ),
          Override: true,
        },
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: Number(hsts.match(/max-age=(\d+)/)?.[1]),
          IncludeSubdomains: /includeSubDomains/i.test(hsts),
          Preload: /preload/i.test(hsts),
          Override: true,
        },
        ContentTypeOptions: { Override: true },
        ReferrerPolicy: { ReferrerPolicy: get("Referrer-Policy"), Override: true },
        FrameOptions: { FrameOption: get("X-Frame-Options"), Override: true },
      },
      CustomHeadersConfig: {
        Quantity: custom.length,
        Items: custom.map((name) => ({ Header: name, Value: get(name), Override: true })),
      },
    },
    null,
    2,
  )}\n`;
}

/**
 * Made as the build makes them (from the pages' HTML, for the policy's hashes, and the site's routes and base path),
 * not read back from the `_headers` text written for Netlify and Cloudflare.
 */
export async function readSiteHeaders(dist: string, content: SiteContent): Promise<SiteHeaders> {
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith(".html")).sort();
  if (files.length === 0) throw new Error(`${dist} holds no pages: run \`npm run build\` first`);
  const html = new Map(
    await Promise.all(
      files.map(async (file) => [file.split(sep).join("/"), await readFile(join(dist, file), "utf8")] as const),
    ),
  );
  const redirects = await readFile(join(dist, "_redirects"), "utf8").catch(() => "");
  return { ...readRules(siteHeaderRules(readPages(html), createUrls(content))), redirects: readRedirects(redirects) };
}

const FLAGS = {
  "server-name": { type: "string" },
  root: { type: "string" },
  certificate: { type: "string" },
  "certificate-key": { type: "string" },
  "https-listen": { type: "string", multiple: true },
  "http-listen": { type: "string", multiple: true },
  brotli: { type: "boolean" },
} as const;

async function main() {
  const { values, positionals } = commandLine("npm run host-config", HOST_CONFIG_USAGE, FLAGS, { positionals: true });
  const host = positionals[0];
  if (positionals.length !== 1 || (host !== "nginx" && host !== "cloudfront")) {
    usageError(
      "npm run host-config",
      positionals.length === 0
        ? "name a host, nginx or cloudfront"
        : `it knows nginx and cloudfront, not ${positionals.join(" ")}`,
    );
  }
  const { content } = await ownerSite();
  const site = await readSiteHeaders(join(ROOT, "dist"), content).catch(() => {
    console.error("No built pages in dist/: run `npm run build` first.");
    process.exit(1);
  });
  if (host === "nginx") {
    const defaults = defaultNginxSettings(values["server-name"] ?? new URL(content.origin).hostname);
    const settings: NginxSettings = {
      ...defaults,
      root: values.root ?? defaults.root,
      certificate: values.certificate ?? defaults.certificate,
      certificateKey: values["certificate-key"] ?? defaults.certificateKey,
      httpsListen: values["https-listen"] ?? defaults.httpsListen,
      httpListen: values["http-listen"] ?? defaults.httpListen,
      brotli: values.brotli ?? false,
    };
    process.stdout.write(nginxConfig(site, settings));
  } else {
    process.stdout.write(cloudFrontPolicy(site));
  }
}

const HOST_CONFIG_USAGE = `
Usage: npm run host-config -- nginx [options] > site.conf
       npm run host-config -- cloudfront > policy.json

Writes a host's configuration from the pages in dist/ (run \`npm run build\` first, and again after every build).
nginx, one server block for conf.d/ (each option has a default):
  --server-name NAME         the domain (default: the host of site.ts's origin)
  --root DIR                 where the contents of dist/ are (default: /var/www/site)
  --certificate FILE         (default: certbot's fullchain.pem for the domain)
  --certificate-key FILE     (default: certbot's privkey.pem for the domain)
  --https-listen ADDRESS     nginx listen addresses for HTTPS, repeatable (default: 443)
  --http-listen ADDRESS      and for plain HTTP, which redirects (default: 80)
  --brotli                   compress with brotli too, for an nginx with the ngx_brotli module
cloudfront: the response headers policy, for \`aws cloudfront create-response-headers-policy\`.`;

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
