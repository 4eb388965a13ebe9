import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { slug as slugOf } from "../../src/lib/anchors";
import { fieldSlug } from "../../src/content/fields";
import type { Field, SiteContent } from "../../src/content/types";
import { CONTENT_FILE, ContentError, fieldAt, PREVIEWS_FOLDER } from "../../src/content/files";
import type { SiteUrls } from "../../src/lib/routes";
import { escapeXml } from "../../src/lib/xml";

/** Committed so every clone and CI agree. Found by storefront page, which no new title or place changes, else slug. */
export interface FieldRecord {
  url: string;
  slug: string;
  hue?: number;
  /** Addresses it had before the owner changed its slug: each answers with a redirect to the present one. */
  formerly?: string[];
}

export const FIELDS_RECORD = "fields.json";

/** The record in a folder, or none; a record that cannot be read stops the build, naming it. */
export async function readFieldRecord(folder: string): Promise<FieldRecord[]> {
  const text = await readFile(join(folder, FIELDS_RECORD), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return [];
  try {
    const { fields } = JSON.parse(text) as { fields: FieldRecord[] };
    if (!Array.isArray(fields) || !fields.every((f) => typeof f.url === "string" && typeof f.slug === "string"))
      throw new Error("not a list of fields");
    return fields;
  } catch {
    throw new ContentError([
      {
        source: `${PREVIEWS_FOLDER}/${FIELDS_RECORD}`,
        field: "(file)",
        message: "is a record the build wrote that cannot be read: restore it from git (or delete it to start afresh)",
      },
    ]);
  }
}

export const fieldRecordFile = (record: readonly FieldRecord[]) =>
  `${JSON.stringify(
    {
      about:
        "Written by `npm run build`: each field's address and cover, kept when its title or place changes. Commit it; do not edit it.",
      fields: record,
    },
    null,
    2,
  )}\n`;

interface Moved {
  title: string;
  from: string;
  to: string;
}

/** Two spellings of one storefront page (a trailing slash, a query) are one page. */
const pageKey = (url: string) => url.replace(/[?#].*$/, "").replace(/\/+$/, "");

function entryFor(field: Field, byUrl: Map<string, FieldRecord>, bySlug: Map<string, FieldRecord>) {
  if (typeof field?.url !== "string" || typeof field.title !== "string") return undefined;
  return byUrl.get(pageKey(field.url)) ?? bySlug.get(field.slug ?? slugOf(field.title, ""));
}

const indexed = (record: readonly FieldRecord[]) => ({
  byUrl: new Map(record.map((entry) => [pageKey(entry.url), entry])),
  bySlug: new Map(record.map((entry) => [entry.slug, entry])),
});

/** Before the content is checked, so a kept address counts as the field's own (a non-Latin title needs no slug). */
export function keepAddresses(site: SiteContent, record: readonly FieldRecord[]): SiteContent {
  if (!Array.isArray(site.fields)) return site;
  const { byUrl, bySlug } = indexed(record);
  return {
    ...site,
    fields: site.fields.map((field) => {
      const entry = field?.slug === undefined ? entryFor(field, byUrl, bySlug) : undefined;
      return entry ? { ...field, slug: entry.slug } : field;
    }),
  };
}

/** `given` is the owner's content, `site` the content checked with every address fixed. */
export function updateRecord(given: SiteContent, site: SiteContent, record: readonly FieldRecord[]) {
  const { byUrl, bySlug } = indexed(record);
  const notes: string[] = [];
  const kept = site.fields.map((field, i): FieldRecord => {
    const slug = fieldSlug(field);
    const entry = entryFor(given.fields[i]!, byUrl, bySlug);
    const formerly = [...(entry?.formerly ?? []), ...(entry && entry.slug !== slug ? [entry.slug] : [])].filter(
      (old, at, all) => old !== slug && all.indexOf(old) === at,
    );
    const made = slugOf(field.title, "field");
    if (given.fields[i]!.slug === undefined && slug !== made)
      notes.push(
        `${CONTENT_FILE}: ${fieldAt(i, field)} keeps its address /fields/${slug}/ from before its title changed: shared links still lead there. To move it, set slug: "${made}" (the old address will then redirect)`,
      );
    return {
      url: field.url,
      slug,
      ...(entry?.hue !== undefined && { hue: entry.hue }),
      ...(formerly.length && { formerly }),
    };
  });
  // A field gone from the catalogue keeps its place in the record: added again, it is as it was.
  const present = new Set(kept.map((entry) => pageKey(entry.url)));
  const taken = new Set(kept.map((entry) => entry.slug));
  const gone = record.filter((entry) => !present.has(pageKey(entry.url)) && !taken.has(entry.slug));
  const moved = kept.flatMap((entry, i) =>
    (entry.formerly ?? [])
      // An old address another field has taken since is that field's.
      .filter((old) => !taken.has(old))
      .map((old) => ({ title: site.fields[i]!.title, from: `/fields/${old}/`, to: `/fields/${entry.slug}/` })),
  );
  for (const { title, from, to } of moved)
    notes.push(`${from} redirects to ${to} (${title}): a page there, and a 301 on hosts that take one`);
  return { record: [...kept, ...gone], moved, notes };
}

/** A moved field's old address, as a page any host serves, for hosts that take no `_redirects`. */
export function movedPage({ title, to }: Moved, urls: SiteUrls): string {
  const here = escapeXml(urls.path(to));
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'"/>`,
    `<meta name="robots" content="noindex"/>`,
    `<meta http-equiv="refresh" content="0; url=${here}"/>`,
    `<link rel="canonical" href="${escapeXml(urls.absolute(to))}"/>`,
    `<title>${escapeXml(title)}</title></head>`,
    `<body><p><a href="${here}">${escapeXml(title)}</a></p></body></html>`,
    "",
  ].join("");
}

/** Netlify's and Cloudflare Pages' `_redirects`: each old address, with and without its slash. */
export function redirectsFile(moved: readonly Moved[], urls: SiteUrls): string {
  return moved
    .flatMap(({ from, to }) => [from, from.slice(0, -1)].map((path) => `${urls.path(path)} ${urls.path(to)} 301`))
    .concat("")
    .join("\n");
}

export const readRedirects = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words.length === 3 && words[2] === "301")
    .map(([from, to]) => ({ from: from!, to: to! }));
