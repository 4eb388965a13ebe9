import type { SiteUrls } from "../lib/routes";
import type { SiteContent } from "./types";

/**
 * schema.org descriptions for search engines, built from the same content as the pages. Only facts we
 * publish: no price (the storefront has it), no rating, no review.
 */
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

export function fieldsData(site: SiteContent, urls: SiteUrls): object {
  return {
    "@context": "https://schema.org",
    "@graph": site.fields.map((field) => ({
      "@type": "Product",
      name: field.title,
      description: field.description,
      url: field.url,
      category: "Digital audio download",
      brand: { "@type": "Brand", name: site.brand },
      additionalProperty: [
        { "@type": "PropertyValue", name: "Duration", value: field.durationMinutes, unitCode: "MIN", unitText: "minutes" },
        { "@type": "PropertyValue", name: "Tuning", value: field.band },
      ],
    })),
  };
}
