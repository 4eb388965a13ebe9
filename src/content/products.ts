import type { CardCopy } from "./types";

/** Products: every ready-made field in full, to hear and to buy; what a buyer gets. */
export const products = {
  title: "Ready-made fields",
  description:
    "Ready-made binaural audio fields for stereo headphones, each one seamless session, available as an instant download from our storefront.",
  nav: "Products",
  intro: {
    eyebrow: "Products",
    // A non-breaking hyphen: never "Ready-" alone on a line.
    title: "Ready\u2011made fields",
    lead: "Each field is one seamless session for stereo headphones, delivered as an instant download from our {storefront} store.",
  },
  fields: {
    title: "Choose your field",
    /** Each field's link to its page on the storefront. */
    buy: "Access the Morphic Field",
    allFieldsPrompt: "Looking for a field by purpose or band? The catalogue lists them that way too.",
    allFields: "All Fields",
  },
  /** A catalogue longer than a page of Products goes on over pages of its own: /products/2/ and on. */
  pages: {
    /** Page 2 and on: {page} and {pages}. */
    title: "Ready-made fields, page {page} of {pages}",
    description:
      "Page {page} of {pages} of our ready-made binaural audio fields for stereo headphones, each an instant download from {storefront}.",
    nav: "Pages of ready-made fields",
  },
  benefits: {
    eyebrow: "Why our fields",
    title: "Made with care, delivered at once",
    cards: [
      {
        icon: "download",
        title: "Instant Access",
        text: "Buy on {storefront} and download straight away. The file is yours to keep and play offline.",
      },
      {
        icon: "gem",
        title: "Premium Quality",
        text: "Clean, carefully layered audio mixed for headphones, with no ads and no interruptions.",
      },
      {
        icon: "beaker",
        title: "Grounded in Science",
        text: "The binaural beat is a measurable effect of hearing, described in 1839 and studied ever since. The evidence for what it does to mood or focus is mixed, so we describe how listening feels, never what it will do.",
      },
    ] satisfies CardCopy[],
  },
  personal: {
    title: "Want a field of your own?",
    text: "Tell us what you want to work on, and we will compose a personalised field around your intention.",
    request: "Request a Personalised Field",
  },
};
