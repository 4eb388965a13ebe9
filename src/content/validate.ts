import { slug, unspelledLetters } from "../lib/anchors";
import { TO_WRITE_PATTERN } from "../lib/slots";
import { BANDS, BEAT_HZ, CARRIER_HZ } from "./bands";
import { parsedUrl, quoted, shown, textProblem } from "./checks";
import { fieldPath } from "./fields";
import { fieldPurpose, sitePurposes } from "./purposes";
import type { QuestionGroup } from "./questions";
import type { SampleContent } from "./sample";
import { CONTENT_FILE, ContentError, type ContentProblem } from "./files";
import { SITE_SETTINGS, within } from "./settings";
import { eachProblem, group, inside } from "./shape";
import type { ContentFile, SiteContent } from "./types";

/** Build-time overrides of the content, by field, and the environment variable each comes from. */
const ENVIRONMENT_OVERRIDES = {
  origin: "SITE_ORIGIN",
  basePath: "SITE_BASE_PATH",
  masters: "SITE_MASTERS",
} as const;

export function withEnvironment(content: SiteContent, env: Record<string, string | undefined> = process.env) {
  const sources: Record<string, string> = {};
  const overridden: SiteContent = { ...content };
  for (const [field, variable] of Object.entries(ENVIRONMENT_OVERRIDES)) {
    const value = env[variable]?.trim();
    if (!value) continue;
    // CI tools write these either way ("/repo" or "/repo/", "https://x.io/"): accept both spellings.
    overridden[field as keyof typeof ENVIRONMENT_OVERRIDES] =
      field === "basePath" ? value.replace(/\/*$/, "/") : value.replace(/\/+$/, "");
    sources[field] = `${variable} (environment variable)`;
  }
  return { content: overridden, sources };
}

export interface ValidateOptions {
  /** Where a site.ts field's value came from, when it was not the file (an environment override). */
  sources?: Record<string, string>;
  /** The other content files: every string in them is checked too. */
  files?: readonly ContentFile[];
}

/** Returns the content unchanged, or throws one ContentError listing every problem, each with its file and field. */
export function validateContent(content: SiteContent, { sources = {}, files = [] }: ValidateOptions = {}): SiteContent {
  const problems: ContentProblem[] = [];
  const fail = (field: string, message: string) =>
    problems.push({ field, message, source: sources[field] ?? CONTENT_FILE });
  for (const [at, message] of SITE.check(content)) fail(at.slice(1), message);
  if (Array.isArray(content.fields))
    for (const [field, message] of [...sharedAddresses(content), ...unknownPurposes(content)]) fail(field, message);

  for (const { file, data, multiline, localSlots, check: rules } of files) {
    forEachString(data, "", (field, value) => {
      const problem = textProblem(value, {
        lines: multiline?.test(field) ?? false,
        local: localSlots?.test(field) ?? false,
      });
      if (problem) problems.push({ source: file, field, message: problem });
    });
    for (const problem of rules?.() ?? []) problems.push({ source: file, ...problem });
  }

  if (problems.length > 0) throw new ContentError(problems);
  return content;
}

const SITE = group("", SITE_SETTINGS, { what: "the site's content" });

/** Two fields whose pages would share an address, or two storefront links to one page: each as [field, message]. */
function sharedAddresses(content: SiteContent): [string, string][] {
  const problems: [string, string][] = [];
  const pages = new Map<string, string>();
  const links = new Map<string, string>();
  if (typeof content.storefront?.url === "string") links.set(urlKey(content.storefront.url), "storefront.url");
  content.fields.forEach((f, i) => {
    const at = `fields[${i}]`;
    // A title left empty is its own problem (settings.ts); one with words an address cannot spell needs a slug.
    const named = typeof f?.title === "string" && f.title.trim() !== "" && f.slug === undefined;
    const dropped = named ? unspelledLetters(f.title) : [];
    if (dropped.length > 0 || (named && slug(f.title, "") === "")) {
      problems.push([
        `${at}.slug`,
        `is needed: its page's address is made from its title, and "${f.title}" has ${dropped.length > 0 ? `letters an address cannot spell (${dropped.slice(0, 3).join(" ")})` : "no letter or digit"}. Set one in Latin letters, like slug: "deep-sleep"`,
      ]);
    } else if (typeof f?.title === "string" && (f.slug === undefined || typeof f.slug === "string")) {
      const path = fieldPath(f);
      const other = pages.get(path);
      if (other)
        problems.push([
          `${at}.${f.slug ? "slug" : "title"}`,
          `gives the page ${path}, which ${other} has already: set a slug of its own for one of them`,
        ]);
      else pages.set(path, at);
    }
    if (typeof f?.url === "string") {
      const other = links.get(urlKey(f.url));
      if (other)
        problems.push([`${at}.url`, `is the same storefront page as ${other} (${f.url}); each field needs its own`]);
      else links.set(urlKey(f.url), `${at}.url`);
    }
  });
  return problems;
}

/** Purposes the site does not list, or whose list's address a band or catalogue page has: each as [field, message]. */
function unknownPurposes(content: SiteContent): [string, string][] {
  const problems: [string, string][] = [];
  // A purpose that is not a name at all is its own problem (settings.ts).
  const names: unknown = content.purposes ?? [];
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) return problems;
  names.forEach((name, i) => {
    const key = slug(name, "");
    if (key === "" || Object.hasOwn(BANDS, key) || /^\d+$/.test(key))
      problems.push([
        `purposes[${i}]`,
        `is "${name}", whose list's address (/all-fields/${key}/) ${key === "" ? "has no letter to spell" : "is taken by a band or a page of the catalogue"}: name it in other words`,
      ]);
  });
  const known = sitePurposes(content);
  content.fields.forEach((field, i) => {
    if (typeof field?.purpose === "string" && !fieldPurpose(field, content))
      problems.push([
        `fields[${i}].purpose`,
        `is "${field.purpose}", which is not a purpose the site lists: use one of ${quoted(known.map((p) => p.name))}, or add it to \`purposes\``,
      ]);
  });
  return problems;
}

function forEachString(value: unknown, path: string, visit: (field: string, text: string) => void): void {
  if (typeof value === "string") visit(path, value);
  else if (Array.isArray(value)) value.forEach((item, i) => forEachString(item, `${path}[${i}]`, visit));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) forEachString(item, path ? `${path}.${key}` : key, visit);
}

/** Owner's values that are still the shipped examples, and where each is. */
export interface Placeholder {
  source: string;
  field: string;
  value: string;
}

/** An e-mail's or URL's host; reserved for examples (RFC 2606, 6761): RESERVED_TOP's TLDs, or any "example" label. */
const ADDRESS_HOST = /(?:[\w.+-]+@|\b[a-z][\w+.-]*:\/\/(?:[^\s/@]*@)?)([\w-]+(?:\.[\w-]+)*)/gi;
const RESERVED_TOP = new Set(["example", "test", "invalid", "localhost"]);
const reservedAddress = (value: string) =>
  [...value.matchAll(ADDRESS_HOST)].some((match) => {
    const labels = match[1]!.toLowerCase().split(".");
    return RESERVED_TOP.has(labels.at(-1)!) || labels.includes("example");
  });

/** Whether a text still holds [[words to write]] (the pattern without its global flag, so that test() keeps no place). */
const TO_WRITE = new RegExp(TO_WRITE_PATTERN.source);
const toWrite = (value: string) => TO_WRITE.test(value);

/** Every content value that still holds an example address or [[text still to write]], to be replaced before the site is published. */
export function findPlaceholders(
  content: SiteContent,
  { sources = {}, files = [] }: ValidateOptions = {},
): Placeholder[] {
  const found: Placeholder[] = [];
  for (const { file, data } of [{ file: undefined, data: content }, ...files])
    forEachString(data, "", (field, value) => {
      if (reservedAddress(value) || toWrite(value))
        found.push({ source: file ?? sources[field] ?? CONTENT_FILE, field, value });
    });
  return found;
}

/** A build for publishing refuses placeholders: the site would send buyers and mail to example addresses. */
export function placeholderProblems(placeholders: readonly Placeholder[]): ContentProblem[] {
  return placeholders.map(({ source, field, value }) => ({
    source,
    field,
    message: `is still a placeholder (${value}): ${toWrite(value) ? "write the text in [[ ]] and remove the brackets" : "replace it"} before publishing`,
  }));
}

// Two spellings of one page (a trailing slash) are still one page.
function urlKey(value: string): string {
  const url = parsedUrl(value);
  return url ? `${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}` : value;
}

/** The in-page sample's numbers: a sound a listener can hear safely, that starts quiet and stops by itself. */
export function sampleProblems(sample: SampleContent): { field: string; message: string }[] {
  const own = {
    seconds: within(5, 300, "the sample's length in seconds"),
    fadeSeconds: within(0.05, sample.seconds / 4, "the fade in and out, in seconds, at most a quarter of the length"),
    // The slider starts low on purpose: a first press of Play must never be loud.
    startVolume: within(0, 30, "where the volume slider starts, low"),
  };
  const band = {
    carrierHz: within(CARRIER_HZ.low, CARRIER_HZ.high, "a carrier tone a listener hears comfortably, in Hz"),
    beatHz: within(BEAT_HZ.low, BEAT_HZ.high, "a beat in the brainwave range, in Hz"),
  };
  const check = {
    hz: within(40, 4000, "the headphone check's tone, in Hz"),
    seconds: within(0.5, 10, "the headphone check's length, in seconds"),
  };
  return [
    ...eachProblem(own, sample),
    ...sample.bands.flatMap((given, i) => inside(`.bands[${i}]`, eachProblem(band, given))),
    ...inside(".check", eachProblem(check, sample.check)),
  ].map(([at, message]) => ({ field: `sample${at}`, message }));
}

/** The questions blocks: each answer reachable at its own address, and every question answered. */
export function questionProblems(groups: Record<string, QuestionGroup>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  const seen = new Map<string, string>();
  const address = (field: string, id: unknown) => {
    if (typeof id !== "string" || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id))
      fail(
        field,
        `must be lowercase words joined by hyphens, like "refund-terms": it is the answer's address on the page (got ${shown(id)})`,
      );
    else if (seen.has(id))
      fail(
        field,
        `is "${id}", already the id of ${seen.get(id)}: each needs its own, or one link would lead to two places`,
      );
    else seen.set(id, field);
  };
  for (const [name, group] of Object.entries(groups)) {
    address(`${name}.id`, group.id);
    if (group.questions.length === 0)
      fail(`${name}.questions`, "must hold at least one question, or the block is an empty heading");
    group.questions.forEach((q, i) => {
      const at = `${name}.questions[${i}]`;
      address(`${at}.id`, q.id);
      if (q.answer.length === 0)
        fail(`${at}.answer`, "must hold at least one paragraph: a question left unanswered helps no one");
      if (q.more && !/^\/[^\s]*$/.test(q.more.path))
        fail(
          `${at}.more.path`,
          `must be a path on this site, starting with "/", like "/about/#listening-safely" (got ${shown(q.more.path)})`,
        );
    });
  }
  return problems;
}
