import { listInWords, type Slots } from "../lib/slots";
import type { Field, SiteContent } from "./types";

const distinct = <T>(values: readonly T[]) => [...new Set(values)];

const minutes = (fields: readonly Field[]) => distinct([...fields].map((f) => f.durationMinutes).sort((a, b) => a - b));

/** The fields' lengths, shortest first, to stand before a noun: "60- or 90-minute". */
export const fieldLengths = (fields: readonly Field[]) =>
  `${listInWords(minutes(fields).map((m) => `${m}-`)).replace(/-$/, "")}-minute`;

/** What fills each slot in the content's texts: the site's own facts, so copy never restates them by hand. */
export function siteSlots(site: SiteContent): Slots {
  return {
    storefront: site.storefront.name,
    formats: listInWords(distinct(site.fields.map((f) => f.format))),
    lengths: `${listInWords(minutes(site.fields).map(String))} minutes`,
    fieldLength: fieldLengths(site.fields),
    fieldCount: String(site.fields.length),
    method: site.method,
    replyTime: site.replyTime,
  };
}
