import { Card, CardGrid, wideInFields } from "../components/Card";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { MailLink, StorefrontLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { Text } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldPath, fieldSlug } from "../content/fields";
import { mail } from "../content/mail";
import { fieldListData } from "../content/structured-data";
import type { SiteContent } from "../content/types";
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

/** The path of a page of the catalogue: /all-fields/, then /all-fields/2/ and on. */
const pagePath = (page: number) => (page === 1 ? meta.path : `${meta.path}${page}/`);
const pageCount = (site: SiteContent) => Math.max(1, Math.ceil(site.fields.length / PAGE_SIZE));
/** The fields on a page of the catalogue, and how many come before them. */
const onPage = (site: SiteContent, page: number) => {
  const before = (page - 1) * PAGE_SIZE;
  return { before, fields: site.fields.slice(before, before + PAGE_SIZE) };
};

/**
 * A page of the catalogue lists its fields' own pages for search engines, each of which describes its field in full
 * (Products, which shows the same fields, does not repeat it).
 */
const listData =
  (page: number): PageModule["structuredData"] =>
  (site, urls) => {
    const { before, fields } = onPage(site, page);
    return fieldListData(fields, urls, before);
  };

export const structuredData = listData(1);

export function Page(props: PageProps) {
  return <CataloguePage {...props} page={1} />;
}

/** Page 2 and on of a catalogue longer than one page: not in the top bar, each its own address, title and description. */
export function cataloguePages(site: SiteContent): PageModule[] {
  const pages = pageCount(site);
  return Array.from({ length: pages - 1 }, (_, i) => {
    const page = i + 2;
    const slots = { page: String(page), pages: String(pages) };
    return {
      meta: {
        path: pagePath(page),
        title: fillSlots(allFields.pages.title, slots),
        description: fillSlots(allFields.pages.description, slots),
      },
      structuredData: listData(page),
      Page: (props: PageProps) => <CataloguePage {...props} page={page} />,
      fewer,
    };
  });
}

function CataloguePage({
  site,
  url,
  previews,
  covers,
  page,
  shown: described = PAGE_SIZE,
}: PageProps & { page: number }) {
  const { intro, catalogue, custom } = allFields;
  const pages = pageCount(site);
  const shown = onPage(site, page).fields;
  return (
    <>
      <PageIntro
        {...intro}
        title={
          page === 1 ? intro.title : fillSlots(allFields.pages.title, { page: String(page), pages: String(pages) })
        }
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
        {pages > 1 && <Pagination page={page} pages={pages} url={url} />}
        {/* The storefront as a whole, after its fields: a card of another kind, on a row of its own. */}
        <div className="store-card">
          <Card
            icon="gem"
            title={catalogue.store.title}
            closing
            actions={
              <StorefrontLink href={site.storefront.url} label={catalogue.view} context={catalogue.store.title} />
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

/** Links to the catalogue's other pages: the one before, each by number, the one after. */
function Pagination({ page, pages, url }: { page: number; pages: number; url: (path: string) => string }) {
  const words = allFields.pages;
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
