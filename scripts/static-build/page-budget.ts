import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from "node:zlib";
import { attribute, parsePage, type Element } from "./html";
import { CACHE_ROOT, cache, cacheKey } from "./media/cache";
import { codeHash } from "./media/code-hash";
import { readPage, type PageFacts } from "./page-facts";
import { CACHE, policyOf, SECURITY_HEADERS, type PolicyFacts } from "./security";

/**
 * A connection's first round trip: ten segments of 1,460 bytes (RFC 6928's initial window). A page whose headers and
 * first screen (its head, inlined styles and loader, HTML up to the end of what it shows) fit in it paints from it.
 */
export const FIRST_ROUND_TRIP = 14_600;

/**
 * The most a whole page may weigh, compressed: three more round trips at most on a slow connection. A page of a list
 * holds at most a page of cards (src/components/Pagination.tsx), so a catalogue of any size keeps to it.
 */
export const PAGE_CEILING = 40_000;

/** What a server adds to the site's own headers, at most: status line, Date, ETag, … (`serve` sent 323 bytes). */
const SERVER_HEADERS = 350;

/** A page's response headers over HTTP/1.1, which sends them as written (HTTP/2 and 3 compress them). */
export function headerBytes(policy: PolicyFacts): number {
  const own = {
    ...SECURITY_HEADERS,
    "Content-Security-Policy": policyOf([policy]),
    "Cache-Control": CACHE.revalidate,
  };
  return (
    SERVER_HEADERS + Object.entries(own).reduce((bytes, [name, value]) => bytes + `${name}: ${value}\r\n`.length, 0)
  );
}

export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** gzip as the least capable host the README recommends sends it: zlib's default (GitHub Pages); our nginx sends 9. */
const SERVED_GZIP_LEVEL = 6;

/** Brotli as `serve` sends it: a little larger than gzip 6 (13,311 bytes against 13,071 on a twelve-field Products). */
const SERVED_BROTLI_QUALITY = 4;

/** The larger of gzip and serve's brotli, streamed once: the bytes sent once the first screen is flushed, and all. */
export async function servedBytes(html: string, firstScreenEnd = html.length) {
  const brotli = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: SERVED_BROTLI_QUALITY } });
  const [br, gzip] = await Promise.all([
    streamed(html, firstScreenEnd, brotli, constants.BROTLI_OPERATION_FLUSH),
    streamed(html, firstScreenEnd, createGzip({ level: SERVED_GZIP_LEVEL }), constants.Z_SYNC_FLUSH),
  ]);
  const larger = (brotli: number, gzip: number) =>
    brotli > gzip ? { encoding: "brotli as serve sends it", bytes: brotli } : { encoding: "gzip", bytes: gzip };
  return { firstScreen: larger(br.firstScreen, gzip.firstScreen), whole: larger(br.whole, gzip.whole) };
}

type Measure = typeof servedBytes;

/**
 * servedBytes, kept in the cache by the page, where its first screen ends, and the code and zlib that measure it:
 * a page built again as it was is not compressed again (on a 500-field catalogue, 1.7 s of a warm build's 5 s of CPU).
 */
export function keptServedBytes(root = CACHE_ROOT): Measure {
  const kept = cache("served", root);
  const code = [codeHash(["scripts/static-build/page-budget.ts"]), process.versions.zlib, process.versions.brotli];
  return (html, firstScreenEnd = html.length) =>
    kept.json(`${cacheKey(html, firstScreenEnd, code)}.json`, () => servedBytes(html, firstScreenEnd));
}

/** The bytes a compressing stream has sent once the text up to `end` is flushed, and in all. */
async function streamed(html: string, end: number, stream: Gzip | BrotliCompress, flush: number) {
  let bytes = 0;
  stream.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const ended = new Promise((resolve, reject) => stream.on("end", resolve).on("error", reject));
  // Awaited below; a failure before then is that await's to throw, not an unhandled rejection.
  ended.catch(() => {});
  stream.write(html.slice(0, end));
  await new Promise<void>((resolve, reject) =>
    stream.flush(flush, () => (stream.errored ? reject(stream.errored) : resolve())),
  );
  const firstScreen = bytes;
  stream.end(html.slice(end));
  await ended;
  return { firstScreen, whole: bytes };
}

/** Bytes as the hosts send them: brotli at its best (Netlify, Cloudflare), gzip at the level above. */
export function compressed(bytes: Uint8Array | string, encoding: Encoding): number {
  const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return encoding === "br"
    ? brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }).length
    : gzipSync(raw, { level: SERVED_GZIP_LEVEL }).length;
}

export const firstScreen = (html: string, facts = readPage(html)) => html.slice(0, facts.firstScreenEnd);

const PARTS: [name: (count: number) => string, is: (element: Element) => boolean][] = [
  [() => "its inlined styles", (e) => e.tagName === "style"],
  [() => "the loader script", (e) => e.tagName === "script" && e.attrs.length === 0],
  [() => "the structured data for search engines", (e) => attribute(e, "type") === "application/ld+json"],
  [(n) => `${n} field card${n === 1 ? "" : "s"}`, (e) => /\bfield-card\b/.test(attribute(e, "class") ?? "")],
  [(n) => `${n} question${n === 1 ? "" : "s"} and answer${n === 1 ? "" : "s"}`, (e) => e.tagName === "details"],
  [() => "the top bar", (e) => e.tagName === "header" && /\bsite-header\b/.test(attribute(e, "class") ?? "")],
  [() => "the footer", (e) => e.tagName === "footer"],
];

/** A page's largest parts by what each adds to it compressed: what to look at when a page is over its budget. */
function biggestParts(html: string, elements: readonly Element[]) {
  const whole = compressed(html, "gzip");
  return PARTS.flatMap(([name, is]) => {
    const found = elements.filter((e) => is(e) && e.end <= html.length);
    if (found.length === 0) return [];
    let without = html;
    for (const e of [...found].reverse()) without = without.slice(0, e.start) + without.slice(e.end);
    return [{ part: name(found.length), bytes: whole - compressed(without, "gzip") }];
  }).sort((a, b) => b.bytes - a.bytes);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * A page's problems with its budgets, with its biggest parts. As the least capable host sends it (above); not brotli at
 * its best, which is smaller but took 80 ms a page, 40 s of a 500-field catalogue's build.
 */
export async function pageBudget(
  file: string,
  html: string,
  facts: PageFacts,
  measure: Measure = servedBytes,
): Promise<string[]> {
  const { policy, firstScreenEnd } = facts;
  const headers = headerBytes(policy);
  const { firstScreen, whole } = await measure(html, firstScreenEnd);
  const problems: string[] = [];
  // Read again only to say what is over: the parts of a page are not among its facts.
  const parts = (text: string) =>
    biggestParts(text, parsePage(html))
      .slice(0, 4)
      .map((p) => `${p.part} ${kB(p.bytes)}`)
      .join(", ");
  if (firstScreen.bytes + headers > FIRST_ROUND_TRIP)
    problems.push(
      `${file}: its first screen is ${firstScreen.bytes.toLocaleString("en")} bytes with ${firstScreen.encoding}, over the ${(FIRST_ROUND_TRIP - headers).toLocaleString("en")} its first round trip leaves after ${headers.toLocaleString("en")} bytes of headers, so it would not paint at once on a slow connection. Its biggest parts: ${parts(html.slice(0, firstScreenEnd))}. Shorten the text of the largest, or move some of it further down the page`,
    );
  if (whole.bytes > PAGE_CEILING)
    problems.push(
      `${file}: is ${whole.bytes.toLocaleString("en")} bytes with ${whole.encoding}, over the ${PAGE_CEILING.toLocaleString("en")} a page may weigh. Its biggest parts: ${parts(html)}. Shorten the text of the largest, or move some of it to another page`,
    );
  return problems;
}
