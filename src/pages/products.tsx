import { CardGrid, CardList } from "../components/Card";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { ButtonLink, MailLink } from "../components/Links";
import { onPage, pageCount, pagePath, Pagination } from "../components/Pagination";
import { Questions } from "../components/Questions";
import { SafetyNote } from "../components/SafetyNote";
import { Callout, PageIntro, Section } from "../components/Section";
import { Paragraph } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldSlug } from "../content/fields";
import { mail } from "../content/mail";
import { products } from "../content/products";
import { productQuestions } from "../content/questions";
import type { Field, SiteContent } from "../content/types";
import { fillSlots } from "../lib/slots";
import { navPage } from "../lib/page";
import type { PageModule, PageProps } from "./types";

/** A field's card's id on Products, from its slug: a link to it survives a new title or order. */
export const fieldId = (field: Field) => `field-${fieldSlug(field)}`;

export const meta = navPage("/products/", products, 4);

/** The cards a laptop's first screen shows: two rows of two. */
const FIRST_SCREEN = 4;

const pageTitle = (page: number, pages: number) => fillSlots(products.pages.title, { page, pages });

/** Page 2 and on of a catalogue longer than a page of Products: not in the top bar, each its own title. */
export function productPages(site: SiteContent): PageModule[] {
  const pages = pageCount(site.fields.length);
  return Array.from({ length: pages - 1 }, (_, i) => i + 2).map(
    (page): PageModule => ({
      meta: {
        path: pagePath(meta.path, page),
        title: pageTitle(page, pages),
        description: fillSlots(products.pages.description, { page, pages }),
      },
      Page: (props: PageProps) => <Page {...props} page={page} />,
    }),
  );
}

/** Products offers every field, a page of them at a time: /products/, then /products/2/ and on. */
export function Page({ site, url, previews, covers, page = 1 }: PageProps & { page?: number }) {
  const { intro, fields, benefits, personal } = products;
  const pages = pageCount(site.fields.length);
  const shown = onPage(site.fields, page).items;
  return (
    <>
      <PageIntro {...intro} title={page === 1 ? intro.title : pageTitle(page, pages)} list note={<StorefrontNote />} />

      <Section id="fields" title={fields.title} titleShown={false} fold={shown.length <= FIRST_SCREEN}>
        <CardGrid layout="rows">
          {shown.map((field, i) => (
            <FieldCard
              key={fieldSlug(field)}
              field={field}
              preview={previews.get(fieldSlug(field))}
              cover={covers.get(fieldSlug(field))}
              eager={i < 2}
              largest={i === 0}
              fold={i === FIRST_SCREEN - 1 && shown.length > FIRST_SCREEN}
              site={site}
              linkLabel={fields.buy}
              id={fieldId(field)}
            />
          ))}
        </CardGrid>
        {pages > 1 && (
          <Pagination
            page={page}
            pages={pages}
            path={(n) => url(pagePath(meta.path, n))}
            words={{ ...allFields.pages, nav: products.pages.nav }}
          />
        )}
        <div className="section__footer">
          <Paragraph text={fields.allFieldsPrompt} />
          <ButtonLink href={url("/all-fields/")} variant="secondary">
            {fields.allFields}
          </ButtonLink>
        </div>
      </Section>

      <Questions group={productQuestions} tone="raised" />

      <SafetyNote />

      <Section id="benefits" tone="raised" eyebrow={benefits.eyebrow} title={benefits.title}>
        <CardList cards={benefits.cards} />
      </Section>

      <Callout
        id="personal"
        title={personal.title}
        text={personal.text}
        actions={
          <MailLink email={site.email} preset={mail.customField} variant="primary">
            {personal.request}
          </MailLink>
        }
      />
    </>
  );
}
