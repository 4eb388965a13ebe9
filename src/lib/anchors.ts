/** Latin letters that have no accent to drop, spelled as an address spells them. */
const SPELLED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ð: "d", þ: "th", ł: "l", đ: "d", ı: "i" };

/** A title as an address part: "Deep Theta Drift" → "deep-theta-drift", "Ruhe für Körper" → "ruhe-fur-korper". */
export const slug = (title: string, fallback = "item") =>
  title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøðþłđı]/g, (letter) => SPELLED[letter]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || fallback;

/** Letters an address made by `slug` would drop: any outside the Latin alphabet ("Сон", "夜"). */
export const unspelledLetters = (title: string) => [
  ...new Set(title.normalize("NFKD").match(/(?![\p{Script=Latin}])\p{L}/gu) ?? []),
];
