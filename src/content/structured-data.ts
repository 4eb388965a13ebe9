import { glideInWords } from "./glide";
import type { Preview } from "../lib/preview";
import { bandLabel } from "./bands";
import type { SiteUrls } from "../lib/routes";
import { fieldPath, fieldSlug } from "./fields";
import type { Field, SiteContent } from "./types";

// schema.org for search engines, from the pages' content. Only facts: a price only where set, no rating or review.
const organization = (site: SiteContent, urls: SiteUrls) => ({
  "@type": "Organization",
  "@id": `${urls.absolute("/")}#organization`,
  name: site.brand,
  url: urls.absolute("/"),
  email: site.email,
  logo: urls.absolute("/icon-512.png"),
  sameAs: [site.storefront.url],
});

export function homeData(site: SiteContent, urls: SiteUrls): object {
  return {
    "@context": "https://schema.org",
    "@graph": [
      organization(site, urls),
      {
        "@type": "WebSite",
        "@id": `${urls.absolute("/")}#website`,
        name: site.brand,
        description: site.tagline,
        url: urls.absolute("/"),
        publisher: { "@id": `${urls.absolute("/")}#organization` },
      },
    ],
  };
}

/** A page of the catalogue as a list of the fields' own pages; positions run on from one page to the next. */
export function fieldListData(fields: readonly Field[], urls: SiteUrls, from = 0): object {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: fields.map((field, i) => ({
      "@type": "ListItem",
      position: from + i + 1,
      url: urls.absolute(fieldPath(field)),
    })),
  };
}

export function fieldData(
  field: Field,
  site: SiteContent,
  urls: SiteUrls,
  previews: ReadonlyMap<string, Preview>,
): object {
  return {
    "@context": "https://schema.org",
    "@graph": [
      { ...fieldThing(field, site, urls, previews), mainEntityOfPage: urls.absolute(fieldPath(field)) },
      organization(site, urls),
    ],
  };
}

/** One of a field's facts, as schema.org writes it. */
const property = (name: string, value: string | number, unit = {}) => ({
  "@type": "PropertyValue",
  name,
  value,
  ...unit,
});

/** A Product only with a price: search engines require a product's offer or reviews; a CreativeWork asks none. */
function fieldThing(field: Field, site: SiteContent, urls: SiteUrls, previews: ReadonlyMap<string, Preview>): object {
  const preview = previews.get(fieldSlug(field));
  return {
    "@type": field.price ? "Product" : "CreativeWork",
    "@id": `${urls.absolute(fieldPath(field))}#field`,
    name: field.title,
    description: field.description,
    url: urls.absolute(fieldPath(field)),
    ...(field.price
      ? { category: "Digital audio download", brand: { "@type": "Brand", name: site.brand } }
      : { genre: "Digital audio download", creator: { "@id": `${urls.absolute("/")}#organization` } }),
    additionalProperty: [
      property("Duration", field.durationMinutes, { unitCode: "MIN", unitText: "minutes" }),
      property("Tuning", field.tuning),
      // Only bands the build found in the field's preview: a build whose preview lacks one stops.
      ...(field.bands ?? []).map((band) => property("Binaural beat", bandLabel(band))),
      ...(field.glide ? [property("Binaural beat", `Glides ${glideInWords(field.glide)}`)] : []),
    ],
    ...(preview && {
      audio: {
        "@type": "AudioObject",
        name: `${field.title}: preview`,
        contentUrl: urls.absolute(preview.path),
        duration: `PT${Math.round(preview.seconds)}S`,
        encodingFormat: "audio/mpeg",
      },
    }),
    // Only a price the owner set: never one made up. Pay-what-you-want: the least, and that it is the least.
    ...(field.price && {
      offers: {
        "@type": "Offer",
        price: field.price.amount,
        priceCurrency: field.price.currency,
        availability: "https://schema.org/InStock",
        url: field.url,
        ...(field.price.from && {
          priceSpecification: {
            "@type": "PriceSpecification",
            minPrice: field.price.amount,
            priceCurrency: field.price.currency,
          },
        }),
      },
    }),
  };
}
