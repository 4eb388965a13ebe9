export interface Field {
  title: string;
  /** One or two sentences, shown on every card for this field. */
  description: string;
  /** Whole minutes of audio. */
  durationMinutes: number;
  /** What the field is tuned for, e.g. "Alpha wave entrainment". */
  band: string;
  /** How it arrives, e.g. "Instant digital download". */
  delivery: string;
  /** The field's own page on the storefront (https). */
  url: string;
}

export interface SiteContent {
  /** Where the site is published: scheme and host only, https (e.g. "https://www.example.com"). */
  origin: string;
  /** The folder it is served from: "/" at the domain's root, "/repo/" for a GitHub Pages project site. */
  basePath: string;
  brand: string;
  tagline: string;
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
}

/** A content file other than site.ts, as the build checks it: every string in it, by field. */
export interface ContentFile {
  /** The path an error names: "src/content/mail.ts". */
  file: string;
  /** What the file exports; every string in it is checked. */
  data: object;
  /** The fields whose text may hold line breaks (a mail's body), as a pattern over the field's path. */
  multiline?: RegExp;
  /** Rules for the file's other values (numbers, ranges), each problem by field. */
  check?: () => { field: string; message: string }[];
}
