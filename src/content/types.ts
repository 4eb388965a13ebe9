import type { IconName } from "../lib/icons";
import type { Band } from "./bands";

/**
 * Text in content may use {slots} the site fills in (src/lib/slots.ts), [[words still to write]], and links to
 * pages of the site written [like this](/products/).
 */
export interface CardCopy {
  icon: IconName;
  title: string;
  text: string;
}

export interface StepCopy {
  title: string;
  text: string;
}

export interface SectionCopy {
  eyebrow?: string;
  title: string;
  lead?: string;
}

/**
 * What a field's preview plays: an excerpt of its master (a WAV, FLAC or MP3 file in the masters folder, from `start`
 * seconds, `seconds` long; the build commits what it makes in src/content/previews/), or, until there is one, a recipe
 * the build synthesizes: a tone in each ear `beatHz` apart over a soft noise bed. Either way at most 60 seconds.
 */
export type PreviewSource =
  | { file: string; start?: number; seconds?: number }
  | { recipe: { carrierHz: number; beatHz: number; noise?: number; seconds: number } };

/** A beat that moves evenly from one rate to another over the field's length. */
export interface Glide {
  fromHz: number;
  toHz: number;
}

export interface Field {
  title: string;
  /** Its page's address, /fields/<slug>/: lowercase words joined by hyphens. Made from the title when left out. */
  slug?: string;
  /** One or two sentences, shown on every card for this field. */
  description: string;
  /** Whole minutes of audio. */
  durationMinutes: number;
  /** What the field is tuned for, in words, e.g. "Alpha wave entrainment". */
  tuning: string;
  /**
   * The brainwave bands its beats sit in (one, several for a layered field, or none): the build checks that its
   * preview plays a beat in each, and the card names them.
   */
  bands?: readonly Band[];
  /**
   * A beat that moves: from `fromHz` at the field's start to `toHz` at its end, evenly. The build checks the preview's
   * beat against where the glide is at the excerpt, and the card says how it moves.
   */
  glide?: Glide;
  /** How it arrives, e.g. "Instant digital download". */
  delivery: string;
  /** What the buyer downloads, e.g. "MP3, 320 kbps" or "WAV". */
  format: string;
  /**
   * Shown only when set, beside every storefront action and in search results: the site never invents one.
   * `from: true` for pay-what-you-want, where the amount is the least a buyer pays ("From $5").
   */
  price?: { amount: number; currency: string; from?: boolean };
  /**
   * Its cover: an image in src/content/covers/ (JPEG, PNG, WebP or AVIF, at least 1200 px on its long side), which
   * the build crops square, strips of every metadata block and makes in the sizes pages use. Until there is one,
   * the build draws one from the field's sound.
   */
  cover?: string;
  /** The field's own page on the storefront (https). */
  url: string;
  /** Heard before buying, on the field's card. */
  preview?: PreviewSource;
}

export interface SiteContent {
  /** Where the site is published: scheme and host only, https (e.g. "https://www.example.com"). */
  origin: string;
  /** The folder it is served from: "/" at the domain's root, "/repo/" for a GitHub Pages project site. */
  basePath: string;
  brand: string;
  /** The name under the site's icon on a phone's home screen: at most 12 characters, or the phone cuts it short. */
  shortName: string;
  tagline: string;
  /** The studio's name for its layering method, wherever the copy says {method}: "EquiSync". */
  method: string;
  /** How soon the studio answers, wherever the copy says {replyTime}: "within 24 hours". */
  replyTime: string;
  /**
   * Where the masters of the fields are: a folder outside the project, relative to it ("../masters"), absolute, or
   * under the home folder ("~/Studio/masters"). SITE_MASTERS in the environment overrides it on one machine.
   */
  masters: string;
  /** Where every mail link and custom request goes. */
  email: string;
  copyrightYear: number;
  storefront: {
    /** Shown on buttons: "View on Gumroad". */
    name: string;
    /** The storefront's main page (https). */
    url: string;
  };
  fields: readonly Field[];
  /**
   * The person behind the studio, in their own words: shown on About (a section of its own) only once it is set.
   * `name`, and `text`: a sentence or two on who makes the fields and how; `photo`, if wanted, a portrait in
   * src/content/covers/ (JPEG, PNG, WebP or AVIF, at least 240 px on its long side), shown round beside the name.
   */
  maker?: { name: string; text: string; photo?: string };
  /**
   * What listeners have said, each in their own words, with who said it and where (a Gumroad review, an e-mail
   * quoted with permission): About shows the first three, only when there is at least one. Never invented; `url`
   * links the source where it is public (https).
   */
  listeners?: readonly ListenerWords[];
}

export interface ListenerWords {
  words: string;
  /** As they agreed to be named: "Sam, Leeds" or "A listener". */
  who: string;
  /** Where they said it: "Gumroad review", "E-mail to the studio". */
  source: string;
  url?: string;
}

/** A content file other than site.ts, as the build checks it: every string in it, by field. */
export interface ContentFile {
  /** The path an error names: "src/content/mail.ts". */
  file: string;
  /** What the file exports; every string in it is checked. */
  data: object;
  /** The fields whose text may hold line breaks (a mail's body), as a pattern over the field's path. */
  multiline?: RegExp;
  /** The fields that may use the slots their place fills ({seconds} on a field card), likewise. */
  localSlots?: RegExp;
  /** Rules for the file's other values (numbers, ranges), each problem by field. */
  check?: () => { field: string; message: string }[];
}
