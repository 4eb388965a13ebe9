/** All Fields: the whole catalogue, each field one click from its storefront page. */
export const allFields = {
  title: "All fields",
  description:
    "Browse every field in the catalogue and open its page on our storefront, or ask us for a custom solution when nothing quite fits.",
  nav: "All Fields",
  intro: {
    eyebrow: "Catalogue",
    title: "All fields",
    lead: "Every field we offer, each one click away on {storefront}, where checkout is secure and the download is instant.",
  },
  catalogue: {
    title: "The catalogue",
    /** Every card's link: to the field's page on the storefront, or for the last card its main page. */
    view: "View on {storefront}",
    store: {
      title: "All Our Products",
      text: "The whole storefront in one place: every field, and anything new as soon as it is released.",
    },
  },
  /** A catalogue longer than a page goes on over pages of its own: /all-fields/2/ and on. */
  pages: {
    /** Page 2 and on: {page} and {pages}. */
    title: "All fields, page {page} of {pages}",
    description:
      "Page {page} of {pages} of the catalogue: every field we offer, each to hear here and one click away on {storefront}.",
    nav: "Pages of the catalogue",
    previous: "Previous page",
    next: "Next page",
    /** Each page's link, for a screen reader: "Page 2". */
    page: "Page {page}",
  },
  /** A list per purpose or band (/all-fields/sleep/): {name} the purpose's or band's, {range} a band's in Hz. */
  lists: {
    nav: "Browse by purpose or band",
    purposes: "For",
    bands: "Band",
    all: "All fields",
    /** {count}: "1 field", "12 fields". */
    purpose: {
      title: "Fields for {name}",
      description: "{count} for {name} in the catalogue: hear each here first, then get it on {storefront}.",
    },
    band: {
      title: "{name} fields",
      description:
        "{count} whose beat sits in the {name} band ({range}): hear each here first, then get it on {storefront}.",
    },
    /** Page 2 and on of a list: {title} the list's. */
    page: "{title}, page {page} of {pages}",
  },
  custom: {
    title: "Need a custom solution?",
    text: "If nothing here fits, describe what you are looking for and we will tell you what we can make.",
    ask: "Ask for a Custom Solution",
  },
};
