import type { IconName } from "../lib/icons";

/** Content text may use {slots} (src/lib/slots.ts), [[words still to write]] and links [like this](/products/). */
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

// The site's settings are described, checked and typed in one place.
export type { Field, ListenerWords, PreviewSource, SiteContent } from "./settings";
import type { Field } from "./settings";

/** A beat that moves evenly from one rate to another over the field's length. */
export type Glide = NonNullable<Field["glide"]>;

/** A content file other than site.ts, as the build checks it: every string in it, by field. */
export interface ContentFile {
  /** The path an error names: "src/content/mail.ts". */
  file: string;
  data: object;
  /** The fields whose text may hold line breaks (a mail's body), as a pattern over the field's path. */
  multiline?: RegExp;
  /** The fields that may use the slots their place fills ({seconds} on a field card), likewise. */
  localSlots?: RegExp;
  /** Rules for the file's other values (numbers, ranges), each problem by field. */
  check?: () => { field: string; message: string }[];
}
