/** "{name}" in a content text: a slot the page fills in when it renders, from the site's own facts. */
export const SLOT_PATTERN = /\{(\w+)\}/g;

/** The slots content may use. The content check refuses any other. */
export const SLOT_NAMES = [
  "storefront",
  /** What the fields download as: "MP3, 320 kbps". */
  "formats",
  /** How long the fields run: "60 or 90 minutes". */
  "lengths",
  /** The same, before a noun: "60- or 90-minute". */
  "fieldLength",
  "fieldCount",
  "method",
  "replyTime",
] as const;

/** Slots that one place fills for what it shows: a card's length and price, a player's time and volume. */
export const LOCAL_SLOT_NAMES = [
  "seconds",
  "minutes",
  "bands",
  "band",
  "beat",
  "ear",
  "title",
  "now",
  "length",
  "volume",
  "price",
  "tuning",
  "page",
  "pages",
  "from",
  "to",
  "rate",
  "beats",
  "date",
  "purpose",
  "name",
  "range",
  "count",
] as const;

export type Slots = Record<(typeof SLOT_NAMES)[number], string>;
/** Numbers are written as they are ("7.5"). */
export type LocalSlots = Partial<Record<(typeof LOCAL_SLOT_NAMES)[number], string | number>>;

export function fillSlots(text: string, slots: Slots | LocalSlots): string {
  return text.replace(SLOT_PATTERN, (whole, name: string) =>
    name in slots ? String(slots[name as keyof typeof slots]) : whole,
  );
}

/** "[label](/path/)" in a content text: a link to a page of this site. */
export const LINK_PATTERN = /\[([^[\]]+)\]\((\/[^)\s]*)\)/g;

/**
 * "[[…]]" in a content text: words the owner has still to write (refund terms, a licence), which the site must
 * never invent. A build shows them marked as unwritten; a build to publish refuses them.
 */
export const TO_WRITE_PATTERN = /\[\[([^[\]]*)\]\]/g;

export interface TextRun {
  text: string;
  toWrite?: boolean;
  /** A link's site path. */
  href?: string;
}

/**
 * A text as runs of finished words, links and words still to write, in order. split() with a pattern's groups gives
 * the text between matches, each followed by what the groups caught: a to-write's words, or a link's label and path.
 */
export function textRuns(text: string): TextRun[] {
  return text.split(TO_WRITE_PATTERN).flatMap((part, i): TextRun[] => {
    if (i % 2 === 1) return [{ text: part.trim(), toWrite: true }];
    const pieces = part.split(LINK_PATTERN);
    return pieces.flatMap((piece, j): TextRun[] =>
      j % 3 === 1 ? [{ text: piece, href: pieces[j + 1]! }] : j % 3 === 0 && piece ? [{ text: piece }] : [],
    );
  });
}

/** A text as a visitor reads it: slots filled, link markup and to-write brackets gone (for titles, metadata). */
export const plainText = (text: string, slots: Slots | LocalSlots) =>
  textRuns(fillSlots(text, slots))
    .map((run) => run.text)
    .join("");

/** "60 or 90", "60, 75 or 90": a short list in words. */
export function listInWords(items: readonly string[], conjunction = "or"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}
