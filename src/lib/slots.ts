/** "{name}" in a content text: a slot the page fills in when it renders, from the site's own facts. */
export const SLOT_PATTERN = /\{(\w+)\}/g;

/** The slots content may use. The content check refuses any other. */
export const SLOT_NAMES = [
  /** The storefront's name: "Gumroad". */
  "storefront",
  /** What the fields download as: "MP3, 320 kbps". */
  "formats",
  /** How long the fields run: "60 or 90 minutes". */
  "lengths",
] as const;

export type Slots = Record<(typeof SLOT_NAMES)[number], string>;

export function fillSlots(text: string, slots: Slots): string {
  return text.replace(SLOT_PATTERN, (whole, name: string) => (name in slots ? slots[name as keyof Slots] : whole));
}

/**
 * "[[…]]" in a content text: words the owner has still to write (refund terms, a licence), which the site must
 * never invent. A build shows them marked as unwritten; a build to publish refuses them.
 */
export const TO_WRITE_PATTERN = /\[\[([^[\]]*)\]\]/g;

/** A text as runs of finished words and of words still to write, in order. */
export function textRuns(text: string): { text: string; toWrite: boolean }[] {
  const runs: { text: string; toWrite: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(TO_WRITE_PATTERN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), toWrite: false });
    runs.push({ text: match[1]!.trim(), toWrite: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), toWrite: false });
  return runs;
}

/** "60 or 90", "60, 75 or 90": a short list in words. */
export function listInWords(items: readonly string[], conjunction = "or"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}
