/** A title as an address part: "Deep Theta Drift" → "deep-theta-drift". */
export const slug = (title: string, fallback = "item") =>
  title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || fallback;

/** An id for each of a list's titles, in order, unique on a page: a repeated title gets "-2", "-3". */
export function anchorIds(titles: readonly string[], prefix: string): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const base = `${prefix}${slug(title)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
