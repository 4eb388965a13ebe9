import { closest } from "fastest-levenshtein";

/**
 * Also the same name in the other Unicode form (macOS writes an accent as a letter and its mark, an editor as one
 * character), or, as macOS finds it, the one entry that differs only in case ("FINAL.wav" for "final.wav").
 */
export function sameName(entries: readonly string[], name: string): string | undefined {
  if (entries.includes(name)) return name;
  const same = (fold: (text: string) => string) => entries.filter((entry) => fold(entry) === fold(name));
  const [unicode] = same((text) => text.normalize("NFC"));
  if (unicode) return unicode;
  const cased = same((text) => text.normalize("NFC").toLowerCase());
  return cased.length === 1 ? cased[0] : undefined;
}

export function nearestName(entries: readonly string[], name: string): string | undefined {
  const key = (text: string) => text.normalize("NFC").toLowerCase();
  const keys = entries.map(key);
  return entries.length > 0 ? entries[keys.indexOf(closest(key(name), keys))] : undefined;
}

/** The end of a message for a name that is not among `entries`: what is there, the likeliest first. */
export function notThere(entries: readonly string[], name: string, none: string): string {
  const nearest = nearestName(entries, name);
  if (nearest === undefined) return `it holds ${none}`;
  return `the nearest it holds is ${JSON.stringify(nearest)}${entries.length > 1 ? ` (of ${entries.length} files)` : ""}`;
}
