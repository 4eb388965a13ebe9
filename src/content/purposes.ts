import { slug } from "../lib/anchors";
import { BANDS, type Band } from "./bands";
import { glideBands } from "./glide";
import type { Field, SiteContent } from "./types";

/** What listeners come for, in the specification's words: a field may name one (`purpose`), and the owner add more. */
export const PURPOSES = ["Focus", "Relaxation", "Sleep", "Meditation", "Habit change", "Abundance"] as const;

/** A way to narrow the catalogue: a purpose or a band, its name and its list's address part. */
export interface Selection {
  kind: "purpose" | "band";
  key: string;
  name: string;
}

/** `make`, worked out once per site: a long catalogue's many pages each ask for the same lists. */
export function perSite<T>(make: (site: SiteContent) => T): (site: SiteContent) => T {
  const known = new WeakMap<SiteContent, T>();
  return (site) => {
    if (!known.has(site)) known.set(site, make(site));
    return known.get(site)!;
  };
}

/** Every purpose a field may name: the specification's, then the owner's own, each once. */
export const sitePurposes = perSite((site): Selection[] => {
  const seen = new Map<string, Selection>();
  for (const name of [...PURPOSES, ...(site.purposes ?? [])]) {
    const key = slug(name, "");
    if (key && !seen.has(key)) seen.set(key, { kind: "purpose", key, name });
  }
  return [...seen.values()];
});

/** A field's purpose as the site names it ("sleep" → Sleep), if it has one. */
export const fieldPurpose = (field: Field, site: SiteContent): Selection | undefined =>
  field.purpose === undefined ? undefined : sitePurposes(site).find((p) => p.key === slug(field.purpose!, ""));

/** The bands a field sits in: those it declares and those its glide passes through. */
export const fieldBands = (field: Field): Band[] => {
  const bands = new Set<Band>([...(field.bands ?? []), ...(field.glide ? glideBands(field.glide) : [])]);
  return (Object.keys(BANDS) as Band[]).filter((band) => bands.has(band));
};

export const selects = (selection: Selection, field: Field, site: SiteContent) =>
  selection.kind === "purpose"
    ? fieldPurpose(field, site)?.key === selection.key
    : fieldBands(field).includes(selection.key as Band);

/** The selections with at least one field in them, purposes first, each as the site lists it. */
export const selections = perSite((site): Selection[] =>
  [
    ...sitePurposes(site),
    ...(Object.keys(BANDS) as Band[]).map((band): Selection => ({ kind: "band", key: band, name: BANDS[band].name })),
  ].filter((selection) => site.fields.some((field) => selects(selection, field, site))),
);
