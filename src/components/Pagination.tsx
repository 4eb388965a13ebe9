import { Text } from "./Text";
import { fillSlots } from "../lib/slots";

/** The words of a list's links to its other pages (src/content/all-fields.ts' `pages`). */
export interface PaginationWords {
  nav: string;
  previous: string;
  next: string;
  /** Each page's link, for a screen reader: "Page {page}". */
  page: string;
}

/** Fields on a page of a list (Products, All Fields, a purpose's or band's): a page holds a few screens of cards. */
export const PAGE_SIZE = 12;

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

export const onPage = <T,>(items: readonly T[], page: number) => {
  const before = (page - 1) * PAGE_SIZE;
  return { before, items: items.slice(before, before + PAGE_SIZE) };
};

/** The path of a page of a list: its first page's path, then 2/ and on ("/all-fields/", "/all-fields/2/"). */
export const pagePath = (first: string, page: number) => (page === 1 ? first : `${first}${page}/`);

/** The pages linked by number: the first, the last, and two either side of this one (a long catalogue's are many). */
const numbered = (page: number, pages: number) =>
  Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);

export function Pagination({
  page,
  pages,
  path,
  words,
}: {
  page: number;
  pages: number;
  path: (page: number) => string;
  words: PaginationWords;
}) {
  const step = (to: number, rel: "prev" | "next", label: string) => (
    <li>
      <a className="pagination__step" href={path(to)} rel={rel}>
        <Text text={label} />
      </a>
    </li>
  );
  return (
    <nav className="pagination" aria-label={words.nav}>
      <ul className="pagination__list">
        {page > 1 && step(page - 1, "prev", words.previous)}
        {numbered(page, pages).map((n, i, all) => (
          <li key={n} className={i > 0 && n - all[i - 1]! > 1 ? "pagination__after-gap" : undefined}>
            <a
              className="pagination__page"
              href={path(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={fillSlots(words.page, { page: n })}
            >
              {n}
            </a>
          </li>
        ))}
        {page < pages && step(page + 1, "next", words.next)}
      </ul>
    </nav>
  );
}
