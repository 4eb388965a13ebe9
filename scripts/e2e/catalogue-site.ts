import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { fieldPath } from "../../src/content/fields";
import { BANDS, type Band } from "../../src/content/bands";
import { PURPOSES } from "../../src/content/purposes";
import type { SiteContent } from "../../src/content/types";
import { twelveFields } from "../bench/catalogue";
import { build } from "../build";
import { FIXTURE_SITE } from "../test/fixtures";

/** A beat in the middle of each band. */
const BAND_BEATS: [Band, number][] = [
  ["delta", 2.5],
  ["theta", 6],
  ["alpha", 10],
  ["beta", 16],
  ["gamma", 35],
];

/**
 * The tests' catalogue of twelve fields, what every engine's layout is proven on beside the shipped content
 * (layout.test.ts in Chromium, engines/scenarios.ts in Firefox and WebKit). Every other field priced, the first
 * among them: cards with and without the price cue side by side. The owner's own covers on two (Home's first
 * card, and one on Products beside a drawn one), the rest drawn. The maker, with a photo, and three listeners'
 * words, so that their sections are laid out too.
 */
export const CATALOGUE_SITE: SiteContent = {
  ...FIXTURE_SITE,
  fields: twelveFields(FIXTURE_SITE.fields[0]!).map((field, i) => ({
    ...field,
    // Four purposes and every band, as an owner's catalogue has them: the intro's links at their longest.
    purpose: PURPOSES[i % 4],
    ...(i > 0 && field.preview && "recipe" in field.preview
      ? {
          bands: [BAND_BEATS[i % 5]![0]],
          tuning: `${BANDS[BAND_BEATS[i % 5]![0]].name} wave entrainment`,
          preview: { recipe: { ...field.preview.recipe, beatHz: BAND_BEATS[i % 5]![1] } },
        }
      : {}),
    ...(i % 2 ? {} : { price: { amount: 12 + i, currency: "GBP", from: i === 4 } }),
    ...(i === 0 || i === 3 ? { cover: `cover-${i}.jpg` } : {}),
  })),
  maker: {
    name: "Ada Field",
    text: "I make each field at home, on headphones, over several weeks: the bed first, then the beat, then the long listen through.",
    photo: "maker.jpg",
  },
  listeners: [
    {
      words: "Sits under my work without asking for attention.",
      who: "Sam, Leeds",
      source: "Gumroad review",
      url: "https://example.shopfront.com/l/first",
    },
    {
      words: "The first one I listened to the end of, and then again the next evening.",
      who: "A listener",
      source: "E-mail to the studio",
    },
    { words: "Calm.", who: "Jo", source: "Gumroad review" },
  ],
};

/**
 * The catalogue's pages whose layout differs from the shipped site's: its lists, About with the maker, and the page of
 * a field priced "from" an amount (the longest price cue).
 */
export const CATALOGUE_ROUTES = ["/", "/products/", "/all-fields/", "/about/", fieldPath(CATALOGUE_SITE.fields[4]!)];

/** Builds the catalogue into `outDir`, its owner's images made in code into `imagesDir`. */
export async function buildCatalogue(outDir: string, imagesDir: string): Promise<void> {
  await mkdir(imagesDir, { recursive: true });
  const photo = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer();
  await writeFile(join(imagesDir, "cover-0.jpg"), await photo(1600, 1200, "#6b4f8a"));
  await writeFile(join(imagesDir, "cover-3.jpg"), await photo(1200, 1500, "#2f6f73"));
  await writeFile(join(imagesDir, "maker.jpg"), await photo(600, 800, "#8a6b4f"));
  await build({ site: CATALOGUE_SITE, outDir, images: { folder: imagesDir } });
}
