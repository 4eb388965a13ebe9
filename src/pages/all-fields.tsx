import { Card, CardGrid, wideInFields } from "../components/Card";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { MailLink, StorefrontLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { Text } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldPath, fieldSlug } from "../content/fields";
import { mail } from "../content/mail";
import { fieldListData } from "../content/structured-data";
import { bandRange, type Band } from "../content/bands";
import { perSite, selections, selects, type Selection } from "../content/purposes";
import type { Field, SiteContent } from "../content/types";
import { fillSlots } from "../lib/slots";
import type { PageMeta, PageModule, PageProps } from "./types";

/** The cards whose covers a wide screen shows in its first view: loaded with the page, the rest as they come near. */
const FIRST_ROW = 4;

/** Fields on a page of the catalogue: what arrives in one round trip with their cards, whatever the catalogue's size. */
export const PAGE_SIZE = 12;

export const meta: PageMeta = {
  path: "/all-fields/",
  title: allFields.title,
  description: allFields.description,
  nav: { label: allFields.nav, order: 5 },
};

/**
 * Where an owner's longer words would put a page of the catalogue past its first round trip, the first six of its
 * cards keep their descriptions (two full rows on a wide screen or a tablet), or none do: each is on the field's own
 * page, one link away.
 */
export const fewer = [6, 0] as const;

/** The path of a page of a list: /all-fields/ (or a purpose's or band's, /all-fields/sleep/), then 2/ and on. */
const listPath = (selection: Selection | undefined, page: number) => {
  const first = selection ? `${meta.path}${selection.key}/` : meta.path;
  return page === 1 ? first : `${first}${page}/`;
};
/** The first page of a purpose's or band's list: "/all-fields/sleep/". */
export const selectionPath = (selection: Selection) => listPath(selection, 1);
const pageCount = (fields: readonly Field[]) => Math.max(1, Math.ceil(fields.length / PAGE_SIZE));
/** The fields on a page of a list, and how many come before them. */
const onPage = (fields: readonly Field[], page: number) => {
  const before = (page - 1) * PAGE_SIZE;
  return { before, fields: fields.slice(before, before + PAGE_SIZE) };
};

/**
 * A page of the catalogue lists its fields' own pages for search engines, each of which describes its field in full
 * (Products, which shows the same fields, does not repeat it).
 */
const listData =
  (page: number, selection?: Selection): PageModule["structuredData"] =>
  (site, urls) => {
    const { before, fields } = onPage(listed(site, selection), page);
    return fieldListData(fields, urls, before);
  };

/** Each site's lists of one purpose or band, by its key, as they are asked for. */
const knownLists = perSite(() => new Map<string, readonly Field[]>());

/** The fields a list shows: the whole catalogue, or those of one purpose or band. */
function listed(site: SiteContent, selection?: Selection): readonly Field[] {
  if (!selection) return site.fields;
  const known = knownLists(site);
  if (!known.has(selection.key))
    known.set(
      selection.key,
      site.fields.filter((field) => selects(selection, field, site)),
    );
  return known.get(selection.key)!;
}

export const structuredData = listData(1);

export function Page(props: PageProps) {
  return <CataloguePage {...props} page={1} />;
}

/** A list's title and description: the catalogue's, or its purpose's or band's, each page after the first numbered. */
function listMeta(site: SiteContent, selection: Selection | undefined, page: number) {
  const fields = listed(site, selection);
  const pages = String(pageCount(fields));
  const words = selection && (selection.kind === "purpose" ? allFields.lists.purpose : allFields.lists.band);
  const count = fields.length;
  const slots = {
    count: `${count} field${count === 1 ? "" : "s"}`,
    name: selection?.name ?? "",
    range: selection?.kind === "band" ? bandRange(selection.key as Band) : "",
    page: String(page),
    pages,
  };
  if (!words)
    return page === 1
      ? { title: allFields.intro.title, description: allFields.description }
      : { title: fillSlots(allFields.pages.title, slots), description: fillSlots(allFields.pages.description, slots) };
  const title = fillSlots(words.title, slots);
  return {
    title: page === 1 ? title : fillSlots(allFields.lists.page, { ...slots, title }),
    description: fillSlots(words.description, slots),
  };
}

/**
 * Page 2 and on of a catalogue longer than one page, and each purpose's and band's list with its own pages: not in
 * the top bar, each its own address, title and description.
 */
export function cataloguePages(site: SiteContent): PageModule[] {
  const lists = [undefined, ...selections(site)];
  return lists.flatMap((selection) =>
    Array.from({ length: pageCount(listed(site, selection)) }, (_, i) => i + 1)
      .filter((page) => selection || page > 1)
      .map(
        (page): PageModule => ({
          meta: { path: listPath(selection, page), ...listMeta(site, selection, page) },
          structuredData: listData(page, selection),
          Page: (props: PageProps) => <CataloguePage {...props} page={page} selection={selection} />,
          fewer,
        }),
      ),
  );
}

function CataloguePage({
  site,
  url,
  previews,
  covers,
  page,
  selection,
  shown: described = PAGE_SIZE,
}: PageProps & { page: number; selection?: Selection }) {
  const { intro, catalogue, custom } = allFields;
  const fields = listed(site, selection);
  const pages = pageCount(fields);
  const shown = onPage(fields, page).fields;
  const words = listMeta(site, selection, page);
  return (
    <>
      {/* Ways to narrow the catalogue beside its title from a laptop's width, under it on a phone. */}
      <PageIntro
        {...intro}
        title={words.title}
        lead={selection ? words.description : intro.lead}
        aside={<Browse site={site} url={url} current={selection} page={page} />}
      />

      <Section id="catalogue" title={catalogue.title} titleShown={false}>
        <StorefrontNote />
        <CardGrid layout="fields">
          {shown.map((field, i) => (
            <FieldCard
              key={fieldSlug(field)}
              field={field}
              preview={previews.get(fieldSlug(field))}
              cover={covers.get(fieldSlug(field))}
              eager={i < FIRST_ROW}
              site={site}
              url={url}
              linkLabel={catalogue.view}
              form="catalogue"
              listenAt={`${fieldPath(field)}#hear`}
              describe={i < described && wideInFields(i, shown.length)}
            />
          ))}
        </CardGrid>
        {pages > 1 && <Pagination page={page} pages={pages} url={url} selection={selection} />}
        {/* The storefront as a whole, after its fields: a card of another kind, on a row of its own. */}
        <div className="store-card">
          <Card
            icon="gem"
            title={catalogue.store.title}
            closing
            actions={
              <StorefrontLink
                href={site.storefront.url}
                label={catalogue.view}
                context={catalogue.store.title}
                place="store"
              />
            }
          >
            <p>
              <Text text={catalogue.store.text} />
            </p>
          </Card>
        </div>
      </Section>

      <Callout
        id="custom-solution"
        title={custom.title}
        text={custom.text}
        actions={
          // Quiet: the catalogue's one primary action is its storefront, just above.
          <MailLink email={site.email} preset={mail.customProduct} variant="secondary">
            {custom.ask}
          </MailLink>
        }
      />
    </>
  );
}

/** The pages linked by number: the first, the last, and two either side of this one (a long catalogue's are many). */
const numbered = (page: number, pages: number) =>
  Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);

/**
 * Links that narrow the catalogue to one purpose or one band, each to its own list (static pages: no script), and
 * back to the whole; the list shown is marked current. Only the purposes and bands some field has.
 */
function Browse({
  site,
  url,
  current,
  page,
}: {
  site: SiteContent;
  url: (path: string) => string;
  current?: Selection;
  page: number;
}) {
  const all = selections(site);
  if (all.length === 0) return null;
  const { lists } = allFields;
  const link = (path: string, name: string, here: boolean) => (
    <li key={path}>
      {/* The list shown: this very page on its first page, the list it is part of on the others. */}
      <a className="chip" href={url(path)} aria-current={here ? (page === 1 ? "page" : "true") : undefined}>
        {name}
      </a>
    </li>
  );
  const group = (kind: Selection["kind"], label: string) => {
    const some = all.filter((s) => s.kind === kind);
    return (
      some.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of links, not of a form's fields, which a fieldset would say
        <div className="browse__group" role="group" aria-labelledby={`browse-${kind}`}>
          <p className="eyebrow browse__label" id={`browse-${kind}`}>
            <Text text={label} />
          </p>
          <ul className="browse__list">{some.map((s) => link(selectionPath(s), s.name, s.key === current?.key))}</ul>
        </div>
      )
    );
  };
  return (
    <nav className="browse" aria-label={lists.nav}>
      <ul className="browse__list">{link(meta.path, lists.all, current === undefined)}</ul>
      {group("purpose", lists.purposes)}
      {group("band", lists.bands)}
    </nav>
  );
}

/** Links to a list's other pages: the one before, each by number, the one after. */
function Pagination({
  page,
  pages,
  url,
  selection,
}: {
  page: number;
  pages: number;
  url: (path: string) => string;
  selection?: Selection;
}) {
  const words = allFields.pages;
  const pagePath = (n: number) => listPath(selection, n);
  return (
    <nav className="pagination" aria-label={words.nav}>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <a className="pagination__step" href={url(pagePath(page - 1))} rel="prev">
              <Text text={words.previous} />
            </a>
          </li>
        )}
        {numbered(page, pages).map((n, i, all) => (
          <li key={n} className={i > 0 && n - all[i - 1]! > 1 ? "pagination__after-gap" : undefined}>
            <a
              className="pagination__page"
              href={url(pagePath(n))}
              aria-current={n === page ? "page" : undefined}
              aria-label={fillSlots(words.page, { page: String(n) })}
            >
              {n}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a className="pagination__step" href={url(pagePath(page + 1))} rel="next">
              <Text text={words.next} />
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
