import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { CACHE, contentSecurityPolicy, SECURITY_HEADERS } from "./security";

/**
 * What a connection's first round trip carries: ten segments of 1,460 bytes (RFC 6928's initial window). A page whose
 * response, headers and compressed HTML with its styles and loader inlined, fits in it paints from its first response.
 */
export const FIRST_ROUND_TRIP = 14_600;

/**
 * What a server adds to the site's own headers, at most: its status line, Content-Type, Content-Encoding, the length
 * or chunking, Date, ETag, Last-Modified, Vary, Connection and Accept-Ranges (`serve` sent 323 bytes of these).
 */
export const SERVER_HEADERS = 350;

/**
 * The bytes of a page's response headers over HTTP/1.1, which sends them as written (HTTP/2 and 3 compress them):
 * the site's own for this page (the security headers, its policy and its caching), and the server's.
 */
export function headerBytes(html: string): number {
  const own = {
    ...SECURITY_HEADERS,
    "Content-Security-Policy": contentSecurityPolicy([html]),
    "Cache-Control": CACHE.revalidate,
  };
  return (
    SERVER_HEADERS + Object.entries(own).reduce((bytes, [name, value]) => bytes + `${name}: ${value}\r\n`.length, 0)
  );
}

/** What one page's HTML may weigh, compressed: the first round trip, less its headers. */
export const pageBudget = (html: string) => FIRST_ROUND_TRIP - headerBytes(html);

export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * gzip as the least capable host the README recommends sends a page: zlib's default level, which a host that does
 * not say otherwise uses (GitHub Pages, a server left as it came). The generated nginx configuration sends level 9.
 */
export const SERVED_GZIP_LEVEL = 6;

/**
 * Brotli as `serve` sends it to a browser that asks for it (its compression middleware's default quality): a
 * little larger than gzip at level 6 on a page (13,311 bytes against 13,071 on a twelve-field Products).
 */
export const SERVED_BROTLI_QUALITY = 4;

/** A page's bytes as the least capable host sends it: the larger of gzip at its level and brotli at serve's. */
export function servedBytes(html: string): { encoding: string; bytes: number } {
  const brotli = brotliCompressSync(new TextEncoder().encode(html), {
    params: { [constants.BROTLI_PARAM_QUALITY]: SERVED_BROTLI_QUALITY },
  }).length;
  const gzip = compressed(html, "gzip");
  return brotli > gzip ? { encoding: "brotli as serve sends it", bytes: brotli } : { encoding: "gzip", bytes: gzip };
}

/** Whether a page, as the least capable host sends it and with its headers, arrives in its first round trip. */
export const fitsFirstRoundTrip = (html: string) => servedBytes(html).bytes + headerBytes(html) <= FIRST_ROUND_TRIP;

/** Bytes as the hosts send them: brotli at its best (Netlify, Cloudflare), gzip at the level above. */
export function compressed(bytes: Uint8Array | string, encoding: Encoding): number {
  const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return encoding === "br"
    ? brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }).length
    : gzipSync(raw, { level: SERVED_GZIP_LEVEL }).length;
}

/** A named part of a page, as the owner knows it, and what it adds to the compressed page. */
export interface PagePart {
  part: string;
  bytes: number;
}

/** The parts a page is made of, each a pattern over its HTML and a name; a part may match many times. */
const PARTS: [name: (count: number) => string, pattern: RegExp][] = [
  [() => "its inlined styles", /<style>[\s\S]*?<\/style>/g],
  [() => "the loader script", /<script>[\s\S]*?<\/script>/g],
  [() => "the structured data for search engines", /<script type="application\/ld\+json">[\s\S]*?<\/script>/g],
  [(n) => `${n} field card${n === 1 ? "" : "s"}`, /<article class="card field-card[\s\S]*?<\/article>/g],
  [
    (n) => `${n} question${n === 1 ? "" : "s"} and answer${n === 1 ? "" : "s"}`,
    /<details class="question"[\s\S]*?<\/details>/g,
  ],
  [() => "the band sample", /<div id="sample-player-1"[\s\S]*?<script type="application\/json">[\s\S]*?<\/script>/g],
  [() => "the top bar", /<div id="site-header-1"[\s\S]*?<script type="application\/json">[\s\S]*?<\/script>/g],
  [() => "the footer", /<footer[\s\S]*?<\/footer>/g],
];

/**
 * The page's largest parts, by how much each adds to it compressed (the page with the part, less the page
 * without it): what to look at when a page is over its budget.
 */
export function biggestParts(html: string, encoding: Encoding): PagePart[] {
  const whole = compressed(html, encoding);
  return PARTS.flatMap(([name, pattern]) => {
    const count = html.match(pattern)?.length ?? 0;
    if (count === 0) return [];
    return [{ part: name(count), bytes: whole - compressed(html.replace(pattern, ""), encoding) }];
  }).sort((a, b) => b.bytes - a.bytes);
}

/**
 * Each page over its budget, with its size and its biggest parts. As the least capable host sends it (above); not
 * brotli at its best, which is smaller and took 80 ms a page, 40 s of a 500-field catalogue's build.
 */
export function budgetProblems(pages: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, html] of pages) {
    if (fitsFirstRoundTrip(html)) continue;
    const worst = servedBytes(html);
    const headers = headerBytes(html);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    const parts = biggestParts(html, "gzip")
      .slice(0, 4)
      .map((p) => `${p.part} ${kb(p.bytes)}`)
      .join(", ");
    problems.push(
      `${file}: is ${worst.bytes.toLocaleString("en")} bytes with ${worst.encoding}, over the ${(FIRST_ROUND_TRIP - headers).toLocaleString("en")} its first round trip leaves after ${headers.toLocaleString("en")} bytes of headers, so it would not paint at once on a slow connection. Its biggest parts: ${parts}. Shorten the text of the largest, or move some of it to another page`,
    );
  }
  return problems;
}
