import { listInWords, type Slots } from "../lib/slots";
import type { Field, SiteContent } from "./types";

const minutes = (fields: readonly Field[]) => [...new Set(fields.map((f) => f.durationMinutes).sort((a, b) => a - b))];

/** The fields' lengths, shortest first, to stand before a noun: "60- or 90-minute". */
export const fieldLengths = (fields: readonly Field[]) =>
  `${listInWords(minutes(fields).map((m) => `${m}-`)).replace(/-$/, "")}-minute`;

/**
 * The fields' formats, each named once, its details in brackets: "WAV (24-bit), FLAC or MP3 (320 kbps)" from "WAV,
 * 24-bit", "FLAC", "MP3, 320 kbps" and "WAV". A format is its name up to the first comma; a list of them joined by
 * commas would read its details as formats of their own.
 */
export function formatsInWords(formats: readonly string[]): string {
  const details = new Map<string, string[]>();
  for (const format of formats) {
    const [name = "", ...rest] = format.split(",").map((part) => part.trim());
    const known = details.get(name) ?? [];
    const detail = rest.join(", ");
    if (detail && !known.includes(detail)) known.push(detail);
    details.set(name, known);
  }
  return listInWords([...details].map(([name, given]) => (given.length ? `${name} (${given.join(" or ")})` : name)));
}

/** What fills each slot in the content's texts: the site's own facts, so copy never restates them by hand. */
export function siteSlots(site: SiteContent): Slots {
  return {
    storefront: site.storefront.name,
    formats: formatsInWords(site.fields.map((f) => f.format)),
    lengths: `${listInWords(minutes(site.fields).map(String))} minutes`,
    fieldLength: fieldLengths(site.fields),
    fieldCount: String(site.fields.length),
    method: site.method,
    replyTime: site.replyTime,
  };
}
