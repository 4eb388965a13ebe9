import type { SiteContent } from "./types";

/**
 * Everything the owner changes lives here. The build validates it (see validate.ts) and stops with a
 * message naming this file and the field when a value is wrong. The defaults are placeholders.
 */
export const site: SiteContent = {
  // Used for canonical links, the sitemap and share previews. SITE_ORIGIN and SITE_BASE_PATH in the
  // environment override these two at build time (the GitHub Pages workflow sets them).
  origin: "https://www.example.com",
  basePath: "/",
  brand: "EquiSync Fields",
  // Under the icon when the site is added to a phone's home screen: 12 characters at most.
  shortName: "EquiSync",
  tagline: "Binaural audio fields, layered with EquiSync.",
  method: "EquiSync",
  replyTime: "within 24 hours",
  // The fields' masters stay out of git, in a folder of their own beside the project (SITE_MASTERS overrides it):
  // the previews the build makes from them are committed in src/content/previews/, so any clone builds the site.
  masters: "../masters",
  email: "hello@example.com",
  copyrightYear: 2025,
  storefront: {
    name: "Gumroad",
    url: "https://example.gumroad.com/",
    // The seller_id in the follow form Gumroad gives you: the footer and each field's page then offer to follow.
    // sellerId: "…",
  },
  fields: [
    {
      title: "Field Booster",
      description:
        "An hour of steady Alpha-range beats under a warm ambient bed, for settling into clear, unhurried focus.",
      durationMinutes: 60,
      tuning: "Alpha wave entrainment",
      bands: ["alpha"],
      delivery: "Instant digital download",
      format: "MP3, 320 kbps",
      url: "https://example.gumroad.com/l/field-booster",
      purpose: "Focus",
      // Until there is an excerpt of the field itself: its beat, synthesized by the build.
      preview: { recipe: { carrierHz: 200, beatHz: 10, noise: 0.35, seconds: 30 } },
    },
    {
      title: "Urgent Money Field",
      description:
        "Ninety minutes built around a single intention of abundance, for listeners who like to sit with a goal and let it settle.",
      durationMinutes: 90,
      tuning: "Abundance frequency tuning",
      delivery: "Instant download",
      format: "MP3, 320 kbps",
      url: "https://example.gumroad.com/l/urgent-money-field",
      purpose: "Abundance",
      preview: { recipe: { carrierHz: 180, beatHz: 7.5, noise: 0.35, seconds: 30 } },
    },
  ],
};
