import { Card, CardGrid, wideInFields } from "../components/Card";
import { onPage, pageCount, pagePath, Pagination } from "../components/Pagination";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { MailLink, StorefrontLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { Paragraph, useUrl } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldSlug } from "../content/fields";
import { mail } from "../content/mail";
import { fieldListData } from "../content/structured-data";
import { bandRange, type Band } from "../content/bands";
import { perSite, selections, selects, type Selection } from "../content/purposes";
import type { Field, SiteContent } from "../content/types";
import { fillSlots } from "../lib/slots";
import { navPage } from "../lib/page";
import type { PageModule, PageProps } from "./types";

/** The cards whose covers a wide screen shows in its first view: loaded with the page, the rest as they come near. */
const FIRST_ROW = 4;

export const meta = navPage("/all-fields/", allFields, 5);

/** The path of a page of a list: /all-fields/ (or a purpose's or band's, /all-fields/sleep/), then 2/ and on. */
const listPath = (selection: Selection | undefined, page: number) =>
  pagePath(selection ? `${meta.path}${selection.key}/` : meta.path, page);
/** The first page of a purpose's or band's list: "/all-fields/sleep/". */
export const selectionPath = (selection: Selection) => listPath(selection, 1);

/** A catalogue page lists its fields' own pages for search engines: each of those describes its field in full. */
const listData =
  (page: number, selection?: Selection): PageModule["structuredData"] =>
  (site, urls) => {
    const { before, items } = onPage(listed(site, selection), page);
    return fieldListData(items, urls, before);
  };

const fieldsOf = (site: SiteContent, selection: Selection) =>
  site.fields.filter((field) => selects(selection, field, site));

/** Each site's list of each purpose and band, by its key, made together: every one has pages of its own. */
const fieldLists = perSite((site) => new Map(selections(site).map((s) => [s.key, fieldsOf(site, s)])));

const listed = (site: SiteContent, selection?: Selection): readonly Field[] =>
  selection ? (fieldLists(site).get(selection.key) ?? fieldsOf(site, selection)) : site.fields;

export const structuredData = listData(1);

/** A list's title and description: the catalogue's, or its purpose's or band's, each page after the first numbered. */
function listMeta(site: SiteContent, selection: Selection | undefined, page: number) {
  const count = listed(site, selection).length;
  const words = selection && (selection.kind === "purpose" ? allFields.lists.purpose : allFields.lists.band);
  const slots = {
    count: `${count} field${count === 1 ? "" : "s"}`,
    name: selection?.name ?? "",
    range: selection?.kind === "band" ? bandRange(selection.key as Band) : "",
    page,
    pages: pageCount(count),
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

/** Page 2 and on of the catalogue, and each purpose's and band's list: each its own address, not in the top bar. */
export function cataloguePages(site: SiteContent): PageModule[] {
  const lists = [undefined, ...selections(site)];
  return lists.flatMap((selection) =>
    Array.from({ length: pageCount(listed(site, selection).length) }, (_, i) => i + 1)
      .filter((page) => selection || page > 1)
      .map(
        (page): PageModule => ({
          meta: { path: listPath(selection, page), ...listMeta(site, selection, page) },
          structuredData: listData(page, selection),
          Page: (props: PageProps) => <Page {...props} page={page} selection={selection} />,
        }),
      ),
  );
}

export function Page({
  site,
  url,
  previews,
  covers,
  page = 1,
  selection,
}: PageProps & { page?: number; selection?: Selection }) {
  const { intro, catalogue, custom } = allFields;
  const fields = listed(site, selection);
  const pages = pageCount(fields.length);
  const shown = onPage(fields, page).items;
  const words = listMeta(site, selection, page);
  return (
    <>
      {/* Ways to narrow the catalogue beside its title from a laptop's width, under it on a phone. */}
      <PageIntro
        {...intro}
        title={words.title}
        lead={selection ? words.description : intro.lead}
        aside={<Browse site={site} current={selection} page={page} />}
        list
        note={<StorefrontNote />}
      />

      <Section id="catalogue" title={catalogue.title} titleShown={false} fold={shown.length <= FIRST_ROW}>
        <CardGrid layout="fields">
          {shown.map((field, i) => (
            <FieldCard
              key={fieldSlug(field)}
              field={field}
              preview={previews.get(fieldSlug(field))}
              cover={covers.get(fieldSlug(field))}
              eager={i < FIRST_ROW}
              largest={i === 0}
              fold={i === FIRST_ROW - 1 && shown.length > FIRST_ROW}
              site={site}
              linkLabel={catalogue.view}
              form="catalogue"
              describe={wideInFields(i, shown.length)}
            />
          ))}
        </CardGrid>
        {pages > 1 && (
          <Pagination page={page} pages={pages} path={(n) => url(listPath(selection, n))} words={allFields.pages} />
        )}
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
            <Paragraph text={catalogue.store.text} />
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

/** Links that narrow the catalogue to one purpose or band, each its own static page (no script), and back. */
function Browse({ site, current, page }: { site: SiteContent; current?: Selection; page: number }) {
  const url = useUrl();
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
          <Paragraph className="eyebrow browse__label" id={`browse-${kind}`} text={label} />
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
