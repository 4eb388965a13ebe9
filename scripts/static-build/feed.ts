import { priceInWords } from "../../src/components/FieldCard";
import { fieldPath, fieldSlug, inFeed } from "../../src/content/fields";
import { frame } from "../../src/content/frame";
import { fieldPurpose } from "../../src/content/purposes";
import { siteSlots } from "../../src/content/slots";
import type { SiteContent } from "../../src/content/types";
import type { Cover } from "../../src/lib/cover";
import { FEED, type ShareImage } from "../../src/lib/page";
import type { SiteUrls } from "../../src/lib/routes";
import { fillSlots, plainText } from "../../src/lib/slots";
import { dayStart } from "../../src/lib/dates";
import { escapeXml } from "../../src/lib/xml";

/** RFC 4151's tag URI, which a new title or price never changes, so a reader never shows a field twice. */
const entryId = (site: SiteContent, released: string, slug: string) =>
  `tag:${new URL(site.origin).hostname},${released}:fields/${slug}`;

/** From the content alone (no build time): a reader sees an entry change only when the field does. */
export function atomFeed(
  site: SiteContent,
  urls: SiteUrls,
  pictures: { covers: ReadonlyMap<string, Cover>; shares: ReadonlyMap<string, ShareImage> },
): string | undefined {
  // Newest first; fields of one day in the catalogue's order (the sort keeps the order of equals).
  const fields = site.fields.filter(inFeed).sort((a, b) => b.released.localeCompare(a.released));
  if (fields.length === 0) return undefined;
  const slots = siteSlots(site);
  const text = (words: string) => escapeXml(plainText(words, slots));
  const entries = fields.map((field) => {
    const page = urls.absolute(fieldPath(field));
    const picture = pictures.shares.get(fieldSlug(field)) ?? pictures.covers.get(fieldSlug(field));
    const src = picture && escapeXml(urls.absolute(picture.path));
    const purpose = fieldPurpose(field, site);
    const facts = [
      fillSlots(frame.fieldCard.lengthShort, { minutes: field.durationMinutes }),
      field.tuning,
      `${field.delivery}, ${field.format}`,
      ...(field.price ? [priceInWords(field.price)] : []),
    ].map((fact) => plainText(fact, slots));
    const html = [
      ...(picture ? [`<p><img src="${src}" alt="" width="${picture.width}" height="${picture.height}"></p>`] : []),
      `<p>${escapeXml(field.description)}</p>`,
      `<p>${facts.map(escapeXml).join(" · ")}</p>`,
    ].join("");
    return [
      "  <entry>",
      `    <id>${escapeXml(entryId(site, field.released, fieldSlug(field)))}</id>`,
      `    <title>${escapeXml(field.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
      `    <published>${dayStart(field.released)}</published>`,
      `    <updated>${dayStart(field.released)}</updated>`,
      `    <summary>${escapeXml(field.description)}</summary>`,
      `    <content type="html">${escapeXml(html)}</content>`,
      ...(purpose ? [`    <category term="${escapeXml(purpose.key)}" label="${escapeXml(purpose.name)}"/>`] : []),
      ...(picture ? [`    <media:thumbnail url="${src}" width="${picture.width}" height="${picture.height}"/>`] : []),
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${frame.locale.replace("_", "-")}">`,
    `  <id>${escapeXml(urls.absolute("/"))}</id>`,
    `  <title>${escapeXml(site.brand)}: ${text(frame.feed.title)}</title>`,
    `  <subtitle>${escapeXml(site.tagline)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(urls.absolute(FEED.path))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(urls.absolute("/"))}"/>`,
    `  <updated>${dayStart(fields[0]!.released)}</updated>`,
    `  <author><name>${escapeXml(site.brand)}</name><uri>${escapeXml(urls.absolute("/"))}</uri></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
