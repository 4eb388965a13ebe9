import { createHash } from "node:crypto";
import { mkdir, mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import type { SiteContent } from "../../src/content/types";
import type { ContentError } from "../../src/content/files";
import { fieldSlug } from "../../src/content/fields";
import type { PageAssets } from "../../src/lib/page";
import type { Preview } from "../../src/lib/preview";
import type { Covers, Previews } from "../../src/pages/types";
import type { Cover } from "../../src/lib/cover";
import { drawnCover } from "../static-build/media/covers";
import type { PreviewFolders } from "../static-build/media/previews";
import { theme } from "../static-build/styles";
export { siteModule } from "./project-copy";

/**
 * Content of the tests' own, for a test that needs particular facts: two fields of known lengths, formats and
 * bands, example addresses (placeholders), names no owner would use. The owner's src/content/site.ts can say
 * anything valid; a test on it asserts only what holds for any content.
 */
export const FIXTURE_SITE: SiteContent = {
  origin: "https://www.example.com",
  basePath: "/",
  brand: "Fixture Sound Studio",
  shortName: "Fixture",
  tagline: "Test tones for the test suite.",
  method: "FixtureSync",
  replyTime: "within two days",
  masters: "../masters",
  email: "hello@example.com",
  copyrightYear: 2025,
  storefront: { name: "Shopfront", url: "https://example.shopfront.com/", sellerId: "fixture-seller-1" },
  fields: [
    {
      title: "First Fixture Field",
      description: "An hour of steady beats, for the tests that need a field with a band.",
      durationMinutes: 60,
      tuning: "Alpha wave entrainment",
      bands: ["alpha"],
      delivery: "Instant digital download",
      format: "MP3, 320 kbps",
      url: "https://example.shopfront.com/l/first",
      purpose: "Focus",
      released: "2026-03-14",
      preview: { recipe: { carrierHz: 200, beatHz: 10, noise: 0.35, seconds: 30 } },
    },
    {
      title: "Second Fixture Field",
      description: "Ninety minutes without a declared band, for the tests that need one of those.",
      durationMinutes: 90,
      tuning: "Abundance frequency tuning",
      delivery: "Instant download",
      format: "MP3, 320 kbps",
      url: "https://example.shopfront.com/l/second",
      purpose: "Abundance",
      released: "2026-05-02",
      preview: { recipe: { carrierHz: 180, beatHz: 7.5, noise: 0.35, seconds: 30 } },
    },
  ],
};

/** What the build's assets give pages, made up: the render tests need the shape, not the files. */
export const FAKE_ASSETS: PageAssets = {
  css: () => "body{color:red}",
  script: "console.log('loader')",
  themeColor: "#000000",
  appleTouchIcon: "/apple-touch-icon.png",
  icon: null,
  afterPaint: [
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { rel: "stylesheet", href: "/assets/print-test.css", media: "print" },
  ],
  shareImage: { path: "/assets/share-test.png", width: 1200, height: 630 },
};

/** A preview for each field that has one, as the build makes them: the first an excerpt of 40 s, the rest their beats of 30 s. */
export const fakePreviews = (content: SiteContent): Previews =>
  new Map(
    content.fields.flatMap((f, i): [string, Preview][] =>
      f.preview
        ? [
            [
              fieldSlug(f),
              {
                path: hashedPath("preview", f.title, "mp3"),
                seconds: i === 0 ? 40 : 30,
                wave: unevenWave(i),
                kind: i === 0 ? "excerpt" : "beat",
                beats: [10],
              },
            ],
          ]
        : [],
    ),
  );

/** A waveform as uneven as a real mix's, different for each field: one that repeats would compress as no page's does. */
function unevenWave(seed: number): string {
  let state = seed * 7919 + 17;
  return Array.from({ length: 40 }, () => ((state = (state * 1103515245 + 12345) % 2 ** 31), 3 + (state % 7))).join("");
}

/**
 * A cover for each field, as the build names them; `drawn`, as it draws them too (the first a page shows carries its
 * SVG in the HTML): the render tests need the shape, the budgets the bytes, not the files.
 */
export const fakeCovers = (content: SiteContent, { drawn = false } = {}): Covers =>
  new Map(
    content.fields.map((f): [string, Cover] => {
      const cover = drawnCover(f, undefined, theme());
      return [
        fieldSlug(f),
        {
          path: hashedPath("cover", f.title, "svg"),
          width: 1200,
          height: 1200,
          alt: drawn ? cover.alt : `The cover of ${f.title}`,
          svg: drawn ? cover.svg : undefined,
          // As the build makes every cover's thumbnail: AVIF and WebP at 144 and 216 px.
          thumb: {
            path: hashedPath("cover", `${f.title} 216`, "webp"),
            width: 216,
            height: 216,
            sources: (["avif", "webp"] as const).map((format) => ({
              type: `image/${format}` as const,
              srcset: [144, 216].map((w) => `${hashedPath("cover", `${f.title} ${w}`, format)} ${w}w`),
            })),
          },
        },
      ];
    }),
  );

/** An asset's path as the build names one, its name from a field's title and ten hex digits as long as a hash's. */
const hashedPath = (kind: string, title: string, ext: string) =>
  `/assets/${kind}-${title.toLowerCase().replace(/\W+/g, "-")}-${createHash("sha256").update(title).digest("hex").slice(0, 10)}.${ext}`;

/** Questions of the tests' own: five or more to a group, ids known, a term still to write in each group. */
export const FIXTURE_QUESTIONS = {
  productQuestions: {
    id: "what-you-get",
    eyebrow: "Before you buy",
    title: "What you get",
    questions: [
      { id: "download", question: "What do I download?", answer: ["One file ({formats}), {lengths} long."] },
      { id: "devices", question: "Which devices?", answer: ["Any that plays music files."] },
      { id: "loop", question: "Does it loop?", answer: ["No: set your player to repeat."] },
      {
        id: "how-to-listen",
        question: "How should I listen?",
        answer: ["Quietly."],
        more: { label: "Listening safely", path: "/products/#listening-safely" },
      },
      {
        id: "refunds",
        question: "Can I get a refund?",
        answer: ["{storefront} handles checkout.", "[[Your refund terms]]"],
      },
    ],
  },
  serviceQuestions: {
    id: "custom-questions",
    eyebrow: "Before you ask",
    title: "Questions about a custom field",
    questions: [
      { id: "what-to-write", question: "What should I write?", answer: ["Your intention."] },
      {
        id: "turnaround",
        question: "How long does it take?",
        answer: ["We reply {replyTime}.", "[[Your turnaround]]"],
      },
    ],
  },
};

/** A project, its masters beside it, and a cache, in a new folder under `parent`: where a build makes previews. */
export const projectFolders = async (parent: string): Promise<Required<PreviewFolders>> => {
  const dir = await mkdtemp(join(parent, "case-"));
  const folders = {
    project: join(dir, "project"),
    masters: join(dir, "masters"),
    committed: join(dir, "project/src/content/previews"),
    cache: join(dir, "cache"),
  };
  await mkdir(folders.masters, { recursive: true });
  return folders;
};

/**
 * Where each problem of a refusal is, as `file: field`: what a test of a refusal checks. The sentence after it is the
 * owner's to read, and free to be reworded.
 */
export const named = (error: ContentError): string[] => error.problems.map((p) => `${p.source}: ${p.field}`);
