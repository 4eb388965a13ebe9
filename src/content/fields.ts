import { slug } from "../lib/anchors";
import type { Field } from "./types";

/** A field's address part: the owner's `slug`, or one made from its title ("Deep Theta Drift" → "deep-theta-drift"). */
export const fieldSlug = (field: Field) => field.slug ?? slug(field.title, "field");

/** A field's own page: "/fields/deep-theta-drift/". */
export const fieldPath = (field: Field) => `/fields/${fieldSlug(field)}/`;

/** Whether a field is in the feed of new fields (/feed.xml): one with the day it came out. */
export const inFeed = (field: Field): field is Field & { released: string } => field.released !== undefined;
