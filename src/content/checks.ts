import { LOCAL_SLOT_NAMES, SLOT_NAMES, SLOT_PATTERN, TO_WRITE_PATTERN } from "../lib/slots";

/** A value as a problem's message quotes it. */
export const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/** `"Focus", "Sleep"`: names as a list of the strings to write. */
export const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

// Deliberately narrower than RFC 5322: the address goes into mailto: links unencoded, so characters
// such as ? & % # that would need escaping there are refused rather than silently mangled.
export const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
// A host name as DNS spells it (an internationalised name in its xn-- form), with at least one dot.
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The most a home screen shows under an icon before cutting the name short. */
export const SHORT_NAME_MAX = 12;

/**
 * About sets the maker's words as a quote in the serif: a sentence or two reads as a voice, a paragraph as a wall.
 * Longer, they would also take the room in About's first round trip that the listeners' words need.
 */
export const MAKER_WORDS_MAX = 400;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A character that shows: not a space, not an invisible format character (zero-width space, joiner...),
// not a combining mark on its own, not one of the blank letters some scripts have.
const VISIBLE = /[^\s\p{Cf}\p{Zs}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;
// The embeddings, overrides and isolates of Unicode's bidirectional algorithm: invisible in an editor, and one left
// unclosed reorders everything after it (a page title, a mail subject). Right-to-left text needs none of them.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_NAMES: Record<string, string> = {
  "\u202A": "left-to-right embedding",
  "\u202B": "right-to-left embedding",
  "\u202C": "pop directional formatting",
  "\u202D": "left-to-right override",
  "\u202E": "right-to-left override",
  "\u2066": "left-to-right isolate",
  "\u2067": "right-to-left isolate",
  "\u2068": "first strong isolate",
  "\u2069": "pop directional isolate",
};
const CONTROL_NAMES: Record<string, string> = { "\n": "a line break", "\r": "a carriage return", "\t": "a tab" };
const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * What is wrong with a piece of content text, if anything. `lines`: it may hold line breaks (a mail's body);
 * `local`: it may use the slots one place fills for what it shows ({seconds} on a field card).
 */
export function textProblem(
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
    return `has ${CONTROL_NAMES[char] ?? "a control character"} (${codePoint(char)}) at position ${control.index}, which ${char === "\n" || char === "\r" ? "this text cannot hold" : "no text should hold"}: remove it`;
  }
  const bidi = value.match(BIDI_CONTROL);
  if (bidi) {
    return (
      `has an invisible direction control (${codePoint(bidi[0])}, ${BIDI_NAMES[bidi[0]]}) at position ${bidi.index}, which can reverse the text ` +
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

/** A link must be written exactly as browsers read it, so that what the owner sees in the file is where buyers go. */
export function urlProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return `must be a full https:// URL (got ${shown(value)})`;
  if (/[\s\u0000-\u001F\u007F-\u009F]/.test(value))
    return `must be a full https:// URL with no spaces, line breaks or control characters (got ${shown(value)})`;
  if (!value.startsWith("https://"))
    return `must be a full https:// URL, starting with "https://" (got ${shown(value)})`;
  const url = parsedUrl(value);
  if (!url) return `must be a full https:// URL; this one cannot be read as an address (got ${shown(value)})`;
  if (url.username || url.password) {
    return `must be a full https:// URL with no user name or password: everything before "@" is a login, so this link leads to ${url.host} (got ${shown(value)})`;
  }
  if (!url.hostname.includes("."))
    return `must be a full https:// URL whose host has a dot, like example.com (got ${shown(value)})`;
  if (url.href !== value)
    return `must be a full https:// URL written in its canonical form, ${shown(url.href)} (got ${shown(value)})`;
  return undefined;
}

export function originProblem(value: unknown): string | undefined {
  const url = typeof value === "string" ? parsedUrl(value) : undefined;
  // Written as it is into robots.txt, the sitemap and canonical links: a stray character must not ride along.
  if (url?.protocol !== "https:" || url.origin !== value || !HOST_NAME.test(url.hostname))
    return `must be the site's https origin alone, like "https://www.example.com" (got ${shown(value)})`;
  return undefined;
}

/**
 * The address a text reads as, if any. Not URL.canParse, which Node 20 and 22 get wrong for some non-ASCII hosts once
 * it has been called often.
 */
export function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
