import { LOCAL_SLOT_NAMES, SLOT_NAMES, SLOT_PATTERN, TO_WRITE_PATTERN } from "../lib/slots";
import { BANDS, BEAT_HZ, CARRIER_HZ } from "./bands";
import { fieldPath } from "./fields";
import type { QuestionGroup } from "./questions";
import type { SampleContent } from "./sample";
import type { ContentFile, Field, SiteContent } from "./types";

/** The file the owner edits; every content error names it. */
export const CONTENT_FILE = "src/content/site.ts";

export interface ContentProblem {
  field: string;
  message: string;
  /** Where the value came from: a content file, or an environment variable that overrode it. */
  source: string;
}

export class ContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Invalid site content:\n${problems.map((p) => `  ${p.source}: ${p.field} ${p.message}`).join("\n")}`);
    this.name = "ContentError";
  }
}

/** Build-time overrides of the content, by field, and the environment variable each comes from. */
export const ENVIRONMENT_OVERRIDES = {
  origin: "SITE_ORIGIN",
  basePath: "SITE_BASE_PATH",
  masters: "SITE_MASTERS",
} as const;

/** The content with any overrides from the environment applied, and where each overridden value came from. */
export function withEnvironment(
  content: SiteContent,
  env: Record<string, string | undefined> = process.env,
): { content: SiteContent; sources: Record<string, string> } {
  const sources: Record<string, string> = {};
  const overridden = { ...content };
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

// Deliberately narrower than RFC 5322: the address goes into mailto: links unencoded, so characters
// such as ? & % # that would need escaping there are refused rather than silently mangled.
const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
// A host name as DNS spells it (an internationalised name in its xn-- form), with at least one dot.
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Checks the owner's content and returns it unchanged, or throws one ContentError listing every problem,
 * each with its file and field: site.ts field by field, then every string of every content file.
 */
export function validateContent(content: SiteContent, { sources = {}, files = [] }: ValidateOptions = {}): SiteContent {
  const problems: ContentProblem[] = [];
  const checked = new Set<string>();
  const fail = (field: string, message: string) =>
    problems.push({ field, message, source: sources[field] ?? CONTENT_FILE });
  const check = (field: string, problem: string | undefined) => {
    checked.add(field);
    if (problem) fail(field, problem);
  };
  const text = (field: string, value: unknown) => check(field, textProblem(value));
  /** The name of one of the owner's images (the build reads the file itself). */
  const imageName = (field: string, value: unknown, example: string) =>
    check(
      field,
      typeof value === "string" && /^[A-Za-z0-9][\w.-]*\.(jpe?g|png|webp|avif)$/i.test(value)
        ? undefined
        : `must be the name of a JPEG, PNG, WebP or AVIF image in ${COVERS_FOLDER}/, like "${example}" (got ${shown(value)})`,
    );

  check("origin", originProblem(content.origin));
  if (
    typeof content.basePath !== "string" ||
    !/^\/([A-Za-z0-9._~-]+\/)*$/.test(content.basePath) ||
    content.basePath.split("/").some((segment) => segment === "." || segment === "..")
  ) {
    fail(
      "basePath",
      `must be "/" or a folder like "/repo/", starting and ending with "/" (got ${shown(content.basePath)})`,
    );
  }
  checked.add("basePath");
  text("brand", content.brand);
  text("tagline", content.tagline);
  check(
    "shortName",
    textProblem(content.shortName) ??
      ([...(content.shortName as string)].length > SHORT_NAME_MAX
        ? `must be at most ${SHORT_NAME_MAX} characters, or a phone cuts it short under the icon (got ${shown(content.shortName)}, ${[...(content.shortName as string)].length})`
        : undefined),
  );
  text("masters", content.masters);
  check(
    "email",
    typeof content.email === "string" && EMAIL.test(content.email)
      ? undefined
      : `must be an e-mail address like name@example.com (got ${shown(content.email)})`,
  );
  if (!Number.isInteger(content.copyrightYear) || content.copyrightYear < 1000 || content.copyrightYear > 9999) {
    fail("copyrightYear", `must be a four-digit year (got ${shown(content.copyrightYear)})`);
  }
  text("storefront.name", content.storefront?.name);
  check("storefront.url", urlProblem(content.storefront?.url));

  if (!Array.isArray(content.fields) || content.fields.length === 0) {
    fail("fields", "must list at least one field");
  } else {
    const seen = new Map<string, string>();
    const paths = new Map<string, string>();
    if (typeof content.storefront?.url === "string") seen.set(urlKey(content.storefront.url), "storefront.url");
    content.fields.forEach((f, i) => {
      const at = `fields[${i}]`;
      text(`${at}.title`, f.title);
      text(`${at}.description`, f.description);
      text(`${at}.tuning`, f.tuning);
      text(`${at}.delivery`, f.delivery);
      text(`${at}.format`, f.format);
      for (const key of Object.keys(f))
        if (!FIELD_KEYS.includes(key))
          fail(`${at}.${key}`, `is not something a field has: a field has ${FIELD_KEYS.join(", ")}`);
      for (const [field, message] of beatProblems(f)) fail(`${at}${field}`, message);
      if (f.slug !== undefined && (typeof f.slug !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(f.slug))) {
        fail(
          `${at}.slug`,
          `must be lowercase letters and digits in words joined by hyphens, like "deep-theta-drift": it is the field's page address (got ${shown(f.slug)})`,
        );
      } else if (typeof f.title === "string") {
        const path = fieldPath(f);
        const other = paths.get(path);
        if (other)
          fail(
            `${at}.${f.slug ? "slug" : "title"}`,
            `gives the page ${path}, which ${other} has already: set a slug of its own for one of them`,
          );
        else paths.set(path, `fields[${i}]`);
      }
      if (f.cover !== undefined) imageName(`${at}.cover`, f.cover, "deep-theta.jpg");
      for (const [field, message] of priceProblems(f.price)) fail(`${at}.price${field}`, message);
      if (f.price !== undefined) checked.add(`${at}.price.currency`);
      for (const [field, message] of previewProblems(f.preview)) fail(`${at}.preview${field}`, message);
      for (const field of ["file", "recipe"]) checked.add(`${at}.preview.${field}`);
      if (!Number.isInteger(f.durationMinutes) || f.durationMinutes <= 0) {
        fail(`${at}.durationMinutes`, `must be a positive whole number of minutes (got ${shown(f.durationMinutes)})`);
      }
      check(`${at}.url`, urlProblem(f.url));
      if (typeof f.url === "string") {
        const other = seen.get(urlKey(f.url));
        if (other) fail(`${at}.url`, `is the same storefront page as ${other} (${f.url}); each field needs its own`);
        else seen.set(urlKey(f.url), `${at}.url`);
      }
    });
  }

  if (content.maker !== undefined) {
    text("maker.name", content.maker?.name);
    text("maker.text", content.maker?.text);
    if (content.maker?.photo !== undefined) imageName("maker.photo", content.maker.photo, "maker.jpg");
  }
  if (content.listeners !== undefined) {
    if (!Array.isArray(content.listeners))
      fail("listeners", "must be a list of what listeners said, each with words, who and source");
    else
      content.listeners.forEach((quote, i) => {
        for (const key of ["words", "who", "source"] as const) text(`listeners[${i}].${key}`, quote?.[key]);
        if (quote?.url !== undefined) check(`listeners[${i}].url`, urlProblem(quote.url));
      });
  }

  // Every other string in site.ts (a field added later is checked too), then every string of the other files.
  forEachString(content, "", (field, value) => {
    if (!checked.has(field)) text(field, value);
  });
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

/** Calls visit with every string inside a value (objects, arrays, a module's exports) and its field path. */
function forEachString(value: unknown, path: string, visit: (field: string, text: string) => void): void {
  if (typeof value === "string") visit(path, value);
  else if (Array.isArray(value)) value.forEach((item, i) => forEachString(item, `${path}[${i}]`, visit));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) forEachString(item, path ? `${path}.${key}` : key, visit);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A character that shows: not a space, not an invisible format character (zero-width space, joiner...),
// not a combining mark on its own, not one of the blank letters some scripts have.
const VISIBLE = /[^\s\p{Cf}\p{Zs}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;
// The embeddings, overrides and isolates of Unicode's bidirectional algorithm: invisible in an editor, and one left
// unclosed reorders everything after it (a page title, a mail subject). Right-to-left text needs none of them.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_NAMES = [
  "left-to-right embedding",
  "right-to-left embedding",
  "pop directional formatting",
  "left-to-right override",
  "right-to-left override",
];
const ISOLATE_NAMES = [
  "left-to-right isolate",
  "right-to-left isolate",
  "first strong isolate",
  "pop directional isolate",
];
const CONTROL_NAMES: Record<string, string> = { "\n": "a line break", "\r": "a carriage return", "\t": "a tab" };

/**
 * What is wrong with a piece of content text, if anything. `lines`: it may hold line breaks (a mail's body);
 * `local`: it may use the slots one place fills for what it shows ({seconds} on a field card).
 */
function textProblem(
  value: unknown,
  { lines = false, local = false }: { lines?: boolean; local?: boolean } = {},
): string | undefined {
  if (typeof value !== "string" || value.trim() === "")
    return `is missing: give it some text${value === undefined || value === "" ? "" : ` (got ${shown(value)})`}`;
  const surrogate = value.match(LONE_SURROGATE);
  if (surrogate) {
    return `has a broken character at position ${surrogate.index} (half of an emoji or other character, often left by a cut and paste): retype it`;
  }
  const control = value.match(lines ? CONTROL_BUT_LINE_BREAKS : CONTROL);
  if (control) {
    const char = control[0];
    const name = CONTROL_NAMES[char] ?? "a control character";
    const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    return `has ${name} (${code}) at position ${control.index}, which ${char === "\n" || char === "\r" ? "this text cannot hold" : "no text should hold"}: remove it`;
  }
  const bidi = value.match(BIDI_CONTROL);
  if (bidi) {
    const point = bidi[0].codePointAt(0)!;
    const name = point <= 0x202e ? BIDI_NAMES[point - 0x202a] : ISOLATE_NAMES[point - 0x2066];
    return (
      `has an invisible direction control (U+${point.toString(16).toUpperCase()}, ${name}) at position ${bidi.index}, which can reverse the text ` +
      `around it wherever it is shown: remove it (right-to-left words need none; a right-to-left mark, U+200F, is allowed)`
    );
  }
  if (!VISIBLE.test(value))
    return `has no visible character (only spaces or invisible ones): give it some text (got ${shown(value)})`;
  const names: readonly string[] = local ? [...SLOT_NAMES, ...LOCAL_SLOT_NAMES] : SLOT_NAMES;
  for (const [, name] of value.matchAll(SLOT_PATTERN)) {
    if (!names.includes(name!))
      return `uses the slot {${name}}, which nothing fills in; the slots are ${names.map((s) => `{${s}}`).join(", ")}`;
  }
  // Words still to write sit between [[ and ]]: a bracket left over means the marker was cut short.
  const unwritten = value.replace(TO_WRITE_PATTERN, (whole, inside: string) => (inside.trim() ? "" : whole));
  if (/\[\[|\]\]/.test(unwritten)) {
    return `has a "[[" or "]]" without its partner, or an empty [[ ]]: text still to write goes between [[ and ]], like "[[Your refund terms]]"`;
  }
  return undefined;
}

/**
 * A link's address must be written exactly as browsers will read it, so that what the owner sees in the
 * content file is where buyers go: https, no login part, no spaces, a real host, in canonical form.
 */
function urlProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return `must be a full https:// URL (got ${shown(value)})`;
  if (/[\s\u0000-\u001F\u007F-\u009F]/.test(value))
    return `must be a full https:// URL with no spaces, line breaks or control characters (got ${shown(value)})`;
  if (!value.startsWith("https://"))
    return `must be a full https:// URL, starting with "https://" (got ${shown(value)})`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be a full https:// URL; this one cannot be read as an address (got ${shown(value)})`;
  }
  if (url.username || url.password) {
    return `must be a full https:// URL with no user name or password: everything before "@" is a login, so this link leads to ${url.host} (got ${shown(value)})`;
  }
  if (!url.hostname.includes("."))
    return `must be a full https:// URL whose host has a dot, like example.com (got ${shown(value)})`;
  if (url.href !== value)
    return `must be a full https:// URL written in its canonical form, ${shown(url.href)} (got ${shown(value)})`;
  return undefined;
}

function originProblem(value: unknown): string | undefined {
  const like = `must be the site's https origin alone, like "https://www.example.com"`;
  if (typeof value !== "string") return `${like} (got ${shown(value)})`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The origin is written into robots.txt, the sitemap and every canonical link as it is: it must be exactly
  // what the URL parser makes of it, so a line break or a stray character cannot ride along.
  if (url?.protocol !== "https:" || url.origin !== value || !HOST_NAME.test(url.hostname))
    return `${like} (got ${shown(value)})`;
  return undefined;
}

/** Owner's values that are still the shipped examples, and where each is. */
export interface Placeholder {
  source: string;
  field: string;
  value: string;
}

// A host name with a label "example" (example.com, www.example.com, example.gumroad.com, hello@example.com).
const EXAMPLE_HOST = /(?:^|[^\w.-])(?:[\w-]+\.)*example(?:\.[\w-]+)+/i;

/** Every content value that still holds an example address or [[text still to write]], to be replaced before the site is published. */
export function findPlaceholders(
  content: SiteContent,
  { sources = {}, files = [] }: ValidateOptions = {},
): Placeholder[] {
  const found: Placeholder[] = [];
  const look = (source: (field: string) => string) => (field: string, value: string) => {
    if (EXAMPLE_HOST.test(value) || new RegExp(TO_WRITE_PATTERN.source).test(value))
      found.push({ source: source(field), field, value });
  };
  forEachString(
    content,
    "",
    look((field) => sources[field] ?? CONTENT_FILE),
  );
  for (const { file, data } of files)
    forEachString(
      data,
      "",
      look(() => file),
    );
  return found;
}

/** A build for publishing refuses placeholders: the site would send buyers and mail to example addresses. */
export function placeholderError(placeholders: readonly Placeholder[]): ContentError {
  return new ContentError(
    placeholders.map(({ source, field, value }) => ({
      source,
      field,
      message: `is still a placeholder (${value}): ${new RegExp(TO_WRITE_PATTERN.source).test(value) ? "write the text in [[ ]] and remove the brackets" : "replace it"} before publishing`,
    })),
  );
}

/** The most a home screen shows under an icon before cutting the name short. */
const SHORT_NAME_MAX = 12;

/** What a field may say; a key besides these is a typo the build would otherwise skip in silence. */
const FIELD_KEYS: readonly string[] = [
  "title",
  "slug",
  "description",
  "durationMinutes",
  "tuning",
  "bands",
  "glide",
  "delivery",
  "format",
  "price",
  "cover",
  "url",
  "preview",
] satisfies (keyof Field)[];

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

// Two spellings of one page (a trailing slash) are still one page.
function urlKey(value: string): string {
  try {
    const url = new URL(value);
    return `${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return value;
  }
}

/** Where the previews made from masters are committed (the masters themselves live outside the project). */
export const PREVIEWS_FOLDER = "src/content/previews";
/** Where the owner's images are (the fields' covers, the maker's photo), committed with the site (an image is small; the build makes its sizes). */
export const COVERS_FOLDER = "src/content/covers";

/** The longest a preview may be, and the shortest worth hearing. */
export const PREVIEW_MAX_SECONDS = 60;
export const PREVIEW_MIN_SECONDS = 5;

/** A field's declared beats: its bands, each once and each a band's name, and a glide that moves within range. */
function beatProblems(f: Field): [string, string][] {
  const problems: [string, string][] = [];
  const fail = (field: string, message: string) => problems.push([field, message]);
  if (f.bands !== undefined) {
    const names = Object.keys(BANDS)
      .map((b) => `"${b}"`)
      .join(", ");
    const bands: unknown = f.bands;
    if (
      !Array.isArray(bands) ||
      bands.some((b) => typeof b !== "string" || !(b in BANDS)) ||
      new Set(bands).size !== bands.length
    ) {
      fail(
        ".bands",
        `must list the bands its beats sit in, each once, from ${names}, like ["theta", "gamma"], or be left out (got ${shown(f.bands)})`,
      );
    }
  }
  if (f.glide !== undefined) {
    const { fromHz, toHz } = f.glide ?? {};
    for (const [part, value] of [
      ["fromHz", fromHz],
      ["toHz", toHz],
    ] as const) {
      if (!(typeof value === "number" && Number.isFinite(value) && value >= BEAT_HZ.low && value <= BEAT_HZ.high)) {
        fail(
          `.glide.${part}`,
          `must be a beat in Hz, from ${BEAT_HZ.low} to ${BEAT_HZ.high}, like { fromHz: 10, toHz: 6 } (got ${shown(value)})`,
        );
      }
    }
    if (fromHz === toHz && typeof fromHz === "number")
      fail(".glide", `must move: it starts and ends at ${fromHz} Hz. A steady beat is declared by its bands alone`);
  }
  return problems;
}

/** A field's price: a positive amount with at most two decimals, a currency's code, and "from" or nothing. */
function priceProblems(price: Field["price"]): [string, string][] {
  if (price === undefined) return [];
  const problems: [string, string][] = [];
  const fail = (field: string, message: string) => problems.push([field, message]);
  const { amount, currency } = price;
  if (price.from !== undefined && typeof price.from !== "boolean")
    fail(".from", `must be true (pay what you want, from the amount) or left out (got ${shown(price.from)})`);
  if (
    !(typeof amount === "number" && Number.isFinite(amount) && amount > 0 && Math.round(amount * 100) === amount * 100)
  )
    fail(".amount", `must be a positive amount with at most two decimals, like 19 or 24.5 (got ${shown(amount)})`);
  if (typeof currency !== "string" || !Intl.supportedValuesOf("currency").includes(currency))
    fail(".currency", `must be a currency's three-letter code, like "USD" or "EUR" (got ${shown(currency)})`);
  return problems;
}

/** What is wrong with a field's preview, each as [the part of the field, the message]. */
function previewProblems(preview: Field["preview"] | undefined): [string, string][] {
  if (preview === undefined) return [];
  const problems: [string, string][] = [];
  const number = (part: string, value: unknown, low: number, high: number, what: string) => {
    if (!(typeof value === "number" && Number.isFinite(value) && value >= low && value <= high))
      problems.push([part, `must be ${what}, from ${low} to ${high} (got ${shown(value)})`]);
  };
  const length = `the preview's length in seconds`;
  if ("file" in preview && !("recipe" in preview)) {
    if (typeof preview.file !== "string" || !/^[A-Za-z0-9][\w.-]*\.(wav|flac|mp3)$/i.test(preview.file)) {
      problems.push([
        ".file",
        `must be the name of a WAV, FLAC or MP3 file in the masters folder, like "field-booster.flac" (got ${shown(preview.file)})`,
      ]);
    }
    if (preview.start !== undefined)
      number(".start", preview.start, 0, 24 * 3600, "where the excerpt starts in the file, in seconds");
    if (preview.seconds !== undefined)
      number(".seconds", preview.seconds, PREVIEW_MIN_SECONDS, PREVIEW_MAX_SECONDS, length);
  } else if ("recipe" in preview && !("file" in preview)) {
    const recipe = preview.recipe;
    number(".recipe.carrierHz", recipe?.carrierHz, CARRIER_HZ.low, CARRIER_HZ.high, "the left ear's tone in Hz");
    number(
      ".recipe.beatHz",
      recipe?.beatHz,
      BEAT_HZ.low,
      BEAT_HZ.high,
      "the beat in Hz (the right ear hears the carrier plus the beat)",
    );
    if (recipe?.noise !== undefined)
      number(".recipe.noise", recipe.noise, 0, 1, "the noise bed's level beside the tones");
    number(".recipe.seconds", recipe?.seconds, PREVIEW_MIN_SECONDS, PREVIEW_MAX_SECONDS, length);
  } else {
    problems.push([
      "",
      `must name either a file (a master in the masters folder, to take an excerpt of) or a recipe (a beat the build synthesizes), not both or neither`,
    ]);
  }
  return problems;
}

/** The in-page sample's numbers: a sound a listener can hear safely, that starts quiet and stops by itself. */
export function sampleProblems(sample: SampleContent): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const within = (field: string, value: number, low: number, high: number, what: string) => {
    if (!(Number.isFinite(value) && value >= low && value <= high))
      problems.push({ field, message: `must be ${what}, from ${low} to ${high} (got ${shown(value)})` });
  };
  within("sample.seconds", sample.seconds, 5, 300, "the sample's length in seconds");
  within(
    "sample.fadeSeconds",
    sample.fadeSeconds,
    0.05,
    sample.seconds / 4,
    "the fade in and out, in seconds, at most a quarter of the length",
  );
  // The slider starts low on purpose: a first press of Play must never be loud.
  within("sample.startVolume", sample.startVolume, 0, 30, "where the volume slider starts, low");
  sample.bands.forEach((band, i) => {
    within(
      `sample.bands[${i}].carrierHz`,
      band.carrierHz,
      CARRIER_HZ.low,
      CARRIER_HZ.high,
      "a carrier tone a listener hears comfortably, in Hz",
    );
    within(`sample.bands[${i}].beatHz`, band.beatHz, BEAT_HZ.low, BEAT_HZ.high, "a beat in the brainwave range, in Hz");
  });
  within("sample.check.hz", sample.check.hz, 40, 4000, "the headphone check's tone, in Hz");
  within("sample.check.seconds", sample.check.seconds, 0.5, 10, "the headphone check's length, in seconds");
  return problems;
}

/** The questions blocks: each answer reachable at its own address, and every question answered. */
export function questionProblems(groups: Record<string, QuestionGroup>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const seen = new Map<string, string>();
  const address = (field: string, id: unknown) => {
    if (typeof id !== "string" || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) {
      problems.push({
        field,
        message: `must be lowercase words joined by hyphens, like "refund-terms": it is the answer's address on the page (got ${shown(id)})`,
      });
    } else if (seen.has(id)) {
      problems.push({
        field,
        message: `is "${id}", already the id of ${seen.get(id)}: each needs its own, or one link would lead to two places`,
      });
    } else seen.set(id, field);
  };
  for (const [name, group] of Object.entries(groups)) {
    address(`${name}.id`, group.id);
    if (group.questions.length === 0)
      problems.push({
        field: `${name}.questions`,
        message: "must hold at least one question, or the block is an empty heading",
      });
    group.questions.forEach((q, i) => {
      const at = `${name}.questions[${i}]`;
      address(`${at}.id`, q.id);
      if (q.answer.length === 0)
        problems.push({
          field: `${at}.answer`,
          message: "must hold at least one paragraph: a question left unanswered helps no one",
        });
      if (q.more && !/^\/[^\s]*$/.test(q.more.path)) {
        problems.push({
          field: `${at}.more.path`,
          message: `must be a path on this site, starting with "/", like "/about/#listening-safely" (got ${shown(q.more.path)})`,
        });
      }
    });
  }
  return problems;
}
