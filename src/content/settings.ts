import { BANDS, BEAT_HZ, CARRIER_HZ, type Band } from "./bands";
import {
  EMAIL,
  MAKER_WORDS_MAX,
  originProblem,
  quoted,
  SHORT_NAME_MAX,
  shown,
  textProblem,
  urlProblem,
} from "./checks";
import { eachProblem, group, inside, list, optional, rule, type Infer, type Problems } from "./shape";
import { CARD_TEXT_MAX } from "../lib/summary";
import { dayStart } from "../lib/dates";
import { PURPOSES } from "./purposes";
import { COVERS_FOLDER, IMAGE_FILE } from "./files";

/**
 * The settings of src/content/site.ts, each once: what it is, what it must be, and so its type (src/content/types.ts)
 * and its row in src/content/README.md's table (`npm run docs` writes it). A setting is added here and nowhere else.
 */

/** The longest a preview may be, and the shortest worth hearing. */
export const PREVIEW_MAX_SECONDS = 60;
export const PREVIEW_MIN_SECONDS = 5;

/** A setting of one value that `ok` accepts; any other is refused with `problem`, and the value given. */
const valid = <T>(about: string, ok: (value: unknown) => boolean, problem: string) =>
  rule<T>(about, (value) => (ok(value) ? undefined : `${problem} (got ${shown(value)})`));
/** A string `pattern` matches (and `also` accepts). */
const matches =
  (pattern: RegExp, also = (_: string) => true) =>
  (value: unknown) =>
    typeof value === "string" && pattern.test(value) && also(value);

const text = (about: string) => rule<string>(about, textProblem);
/** A text of at most `max` characters; `why` ends the message of one longer, given the text and its length. */
const textAtMost = (about: string, max: number, why: (value: string, length: number) => string) =>
  rule<string>(about, (value) => {
    const problem = textProblem(value);
    if (problem) return problem;
    const length = [...(value as string)].length;
    return length > max ? `must be at most ${max} characters, ${why(value as string, length)}` : undefined;
  });
const link = (about: string) => rule<string>(about, urlProblem);
/** The name of one of the owner's images (the build reads the file itself). */
const image = (about: string, example: string) =>
  valid<string>(
    about,
    matches(/^[A-Za-z0-9][\w.-]*$/, (name) => IMAGE_FILE.test(name)),
    `must be the name of a JPEG, PNG, WebP or AVIF image in ${COVERS_FOLDER}/, like "${example}"`,
  );
const isNumber = (value: unknown, low: number, high: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= low && value <= high;

const beat = (about: string) =>
  valid<number>(
    about,
    (value) => isNumber(value, BEAT_HZ.low, BEAT_HZ.high),
    `must be a beat in Hz, from ${BEAT_HZ.low} to ${BEAT_HZ.high}, like { fromHz: 10, toHz: 6 }`,
  );

/** An excerpt of the field's master, or until there is one a beat the build synthesizes: at most 60 seconds. */
export type PreviewSource = Infer<typeof EXCERPT> | { recipe: Infer<typeof RECIPE> };

/** A number from `low` to `high`, `what` it is: a part of a preview, or of the sample (validate.ts). */
export const within = (low: number, high: number, what: string) =>
  valid<number>("", (value) => isNumber(value, low, high), `must be ${what}, from ${low} to ${high}`);
const previewLength = within(PREVIEW_MIN_SECONDS, PREVIEW_MAX_SECONDS, "the preview's length in seconds");
const EXCERPT = {
  // Named as the studio named it (spaces, brackets, "+", accents): only a folder in the name is not a master's.
  file: valid<string>(
    "",
    matches(/^[^/\\\p{Cc}.][^/\\\p{Cc}]*\.(wav|flac|mp3)$/iu),
    `must be the name of a WAV, FLAC or MP3 file in the masters folder, as it is named there, like "Field Booster (master).flac"`,
  ),
  start: optional(within(0, 24 * 3600, "where the excerpt starts in the file, in seconds")),
  seconds: optional(previewLength),
};
const RECIPE = {
  carrierHz: within(CARRIER_HZ.low, CARRIER_HZ.high, "the left ear's tone in Hz"),
  beatHz: within(BEAT_HZ.low, BEAT_HZ.high, "the beat in Hz (the right ear hears the carrier plus the beat)"),
  noise: optional(within(0, 1, "the noise bed's level beside the tones")),
  seconds: previewLength,
};

function previewProblems(preview: unknown): Problems {
  const given = (typeof preview === "object" && preview !== null ? preview : {}) as Record<string, unknown>;
  if ("file" in given && !("recipe" in given)) return eachProblem(EXCERPT, given);
  if ("recipe" in given && !("file" in given)) return inside(".recipe", eachProblem(RECIPE, given.recipe));
  return [
    [
      "",
      `must name either a file (a master in the masters folder, to take an excerpt of) or a recipe (a beat the build synthesizes), not both or neither`,
    ],
  ];
}

/** A day the calendar has ("2026-02-30" is not one): read back, it is the same day. */
const realDay = (day: string) => {
  const date = new Date(dayStart(day));
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};

const PURPOSE_NAMES = quoted(PURPOSES);
const BAND_NAMES = quoted(Object.keys(BANDS));

export const FIELD_SETTINGS = {
  title: text("Its name, as the storefront gives it."),
  slug: optional(
    valid<string>(
      "Its page's address, `/fields/<slug>/`: made from the title at its first build and kept, whatever the title becomes. Set it to move the page: the old address redirects.",
      matches(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      `must be lowercase letters and digits in words joined by hyphens, like "deep-theta-drift": it is the field's page address`,
    ),
  ),
  description: text(`Whole on its page; on cards, its first sentences up to ${CARD_TEXT_MAX} characters.`),
  durationMinutes: valid<number>(
    "Whole minutes of audio.",
    (value) => Number.isInteger(value) && isNumber(value, 1, Infinity),
    "must be a positive whole number of minutes",
  ),
  tuning: text('What it is tuned for, in words: "Alpha wave entrainment".'),
  bands: optional(
    valid<readonly Band[]>(
      `The brainwave bands its beats sit in, from ${BAND_NAMES}; \`[]\` or none for a field with no binaural beat. Checked against its preview.`,
      (value) =>
        Array.isArray(value) &&
        value.every((b) => typeof b === "string" && b in BANDS) &&
        new Set(value).size === value.length,
      `must list the bands its beats sit in, each once, from ${BAND_NAMES}, like ["theta", "gamma"], or be left out`,
    ),
  ),
  glide: optional(
    group(
      "A beat that moves evenly over the field's length: `{ fromHz: 10, toHz: 6 }`.",
      { fromHz: beat("The beat at the field's start, in Hz."), toHz: beat("The beat at its end, in Hz.") },
      {
        what: "a glide",
        also: ({ fromHz, toHz }) =>
          fromHz === toHz
            ? [["", `must move: it starts and ends at ${fromHz} Hz. A steady beat is declared by its bands alone`]]
            : [],
      },
    ),
  ),
  delivery: text('How it arrives: "Instant digital download".'),
  format: text('What the buyer downloads: "MP3, 320 kbps", "WAV".'),
  price: optional(
    group(
      'Shown before every storefront action ("$19", "From $5") and to search engines; never shown when not set.',
      {
        amount: valid<number>(
          "At most two decimals: 19, 24.5.",
          // Not `amount * 100` whole: 19.99 * 100 is 1998.9999999999998. Written in cents, it reads back as itself.
          (amount) => isNumber(amount, 0.01, Infinity) && Number(amount.toFixed(2)) === amount,
          "must be a positive amount with at most two decimals, like 19 or 24.5",
        ),
        currency: valid<string>(
          'A currency\'s three-letter code: "USD", "EUR".',
          (currency) => typeof currency === "string" && Intl.supportedValuesOf("currency").includes(currency),
          `must be a currency's three-letter code, like "USD" or "EUR"`,
        ),
        from: optional(
          valid<boolean>(
            "`true` for pay-what-you-want, from the amount.",
            (from) => typeof from === "boolean",
            "must be true (pay what you want, from the amount) or left out",
          ),
        ),
      },
      { what: "a price" },
    ),
  ),
  cover: optional(
    image(
      `An image in \`${COVERS_FOLDER}/\` (JPEG, PNG, WebP or AVIF, at least 600 px on its short side); drawn from the field's sound until set.`,
      "deep-theta.jpg",
    ),
  ),
  url: link("Its own page on the storefront (https)."),
  purpose: optional(
    text(
      `What a listener comes to it for: one of ${PURPOSE_NAMES}, or one of \`purposes\`. All Fields lists the fields of each purpose.`,
    ),
  ),
  released: optional(
    valid<string>(
      "The day it came out, `YYYY-MM-DD`: shown on its page and dates its entry in the feed.",
      matches(/^\d{4}-\d{2}-\d{2}$/, realDay),
      `must be a day written YYYY-MM-DD, like "2026-03-14"`,
    ),
  ),
  preview: optional<PreviewSource>({
    about:
      "What its player plays: `{ file, start?, seconds? }` from its master (named as it is in the folder), or a `{ recipe }` the build synthesizes (scripts/static-build/media/README.md).",
    check: previewProblems,
  }),
} as const;

/** What a listener said, as they agreed to be quoted. */
const LISTENER_SETTINGS = {
  words: text("Their own words."),
  who: text('As they agreed to be named: "Sam, Leeds".'),
  source: text('Where they said it: "Gumroad review".'),
  url: optional(link("Where it can be read, if public.")),
} as const;

/** Everything the owner sets in src/content/site.ts. */
export const SITE_SETTINGS = {
  origin: rule<string>(
    "Where the site is published, scheme and host only: `https://www.yourdomain.com`.",
    originProblem,
  ),
  basePath: valid<string>(
    "`/` at the domain's root; `/repo/` when served from a folder.",
    matches(
      /^\/([A-Za-z0-9._~-]+\/)*$/,
      (path) => !path.split("/").some((segment) => segment === "." || segment === ".."),
    ),
    `must be "/" or a folder like "/repo/", starting and ending with "/"`,
  ),
  brand: text("The studio's name."),
  shortName: textAtMost(
    `The name under the icon on a phone's home screen, at most ${SHORT_NAME_MAX} characters.`,
    SHORT_NAME_MAX,
    (value, length) => `or a phone cuts it short under the icon (got ${shown(value)}, ${length})`,
  ),
  tagline: text("Its one-line tagline."),
  method: text('The layering method\'s name, wherever the copy says `{method}`: "EquiSync".'),
  replyTime: text('How soon the studio answers, wherever the copy says `{replyTime}`: "within 24 hours".'),
  masters: text(
    'The folder of the fields\' masters, outside the project: `"../masters"`, an absolute path, or `"~/Studio/masters"`.',
  ),
  email: valid<string>(
    "Where every mail link goes.",
    matches(EMAIL),
    "must be an e-mail address like name@example.com",
  ),
  copyrightYear: valid<number>(
    "The year in the footer's © line.",
    (value) => Number.isInteger(value) && isNumber(value, 1000, 9999),
    "must be a four-digit year",
  ),
  storefront: group(
    "Where the fields are sold.",
    {
      name: text('Its name, on the buttons: "View on Gumroad".'),
      url: link("Its main page (https)."),
      sellerId: optional(
        valid<string>(
          "Your Gumroad seller ID (the `seller_id` in the follow form Gumroad gives you): the footer and each field's page then offer to follow the studio.",
          matches(/^[A-Za-z0-9_=+/-]{4,64}$/),
          "must be the seller_id from Gumroad's follow form, letters and digits",
        ),
      ),
      from: optional(
        valid<boolean>(
          "`false` to leave storefront links bare; by default each says where it was clicked (`?from=field-page`), which the storefront keeps with the sale.",
          (value) => typeof value === "boolean",
          "must be false (links without ?from=) or left out",
        ),
      ),
    },
    { what: "a storefront" },
  ),
  purposes: optional(
    list(`Purposes of your own, beside ${PURPOSE_NAMES}: each a name a field's \`purpose\` may give.`, text(""), {
      what: "purposes, each a name",
    }),
  ),
  fields: list("One entry per field, in the order shown.", group("", FIELD_SETTINGS, { what: "a field" }), {
    what: "fields",
    empty: "must list at least one field",
  }),
  maker: optional(
    group(
      "The person behind the studio, in their own words, on About.",
      {
        name: text("Their name."),
        text: textAtMost(
          `Who makes the fields and how, in at most ${MAKER_WORDS_MAX} characters.`,
          MAKER_WORDS_MAX,
          (_, length) =>
            `a sentence or two: About sets it as a quote in the headings' serif (got ${length.toLocaleString("en-GB")})`,
        ),
        photo: optional(image(`A portrait in \`${COVERS_FOLDER}/\`, at least 160 px on its short side.`, "maker.jpg")),
      },
      { what: "a maker" },
    ),
  ),
  listeners: optional(
    list(
      "What listeners said, quoted with their consent: About shows the first three. Never invented.",
      group("", LISTENER_SETTINGS, { what: "a listener's words" }),
      { what: "what listeners said, each with words, who and source" },
    ),
  ),
} as const;

export type Field = Infer<typeof FIELD_SETTINGS>;
export type ListenerWords = Infer<typeof LISTENER_SETTINGS>;
export type SiteContent = Infer<typeof SITE_SETTINGS>;
