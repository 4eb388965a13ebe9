import { CardGrid, CardList } from "../components/Card";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { ButtonLink, MailLink } from "../components/Links";
import { Questions } from "../components/Questions";
import { SafetyNote } from "../components/SafetyNote";
import { Callout, PageIntro, Section } from "../components/Section";
import { Text } from "../components/Text";
import { fieldSlug } from "../content/fields";
import { mail } from "../content/mail";
import { products } from "../content/products";
import { productQuestions } from "../content/questions";
import type { Field } from "../content/types";
import type { PageMeta, PageProps } from "./types";

/** A field's card's id on Products, from its slug: a link to it survives a new title or order. */
export const fieldId = (field: Field) => `field-${fieldSlug(field)}`;

/**
 * The fields Products shows in full, with their players; a longer catalogue goes on in All Fields. Three, a row on a
 * wide screen: with four, twelve fields with drawn covers put the page at 13,352 bytes with gzip, past the 13,300
 * its first round trip leaves after its headers (scripts/static-build/page-budget.ts).
 */
export const FEATURED = 3;

/** Where an owner's longer words would put three past the first round trip, two or one (the build tries each). */
export const fewer = [2, 1] as const;

export const meta: PageMeta = {
  path: "/products/",
  title: products.title,
  description: products.description,
  nav: { label: products.nav, order: 4 },
};

export function Page({ site, url, previews, covers, shown: count = FEATURED }: PageProps) {
  const { intro, fields, benefits, personal } = products;
  const shown = site.fields.slice(0, count);
  return (
    <>
      <PageIntro {...intro} />

      <Section id="fields" title={fields.title} note={<StorefrontNote />}>
        <CardGrid layout="rows">
          {shown.map((field, i) => (
            <FieldCard
              key={fieldSlug(field)}
              field={field}
              preview={previews.get(fieldSlug(field))}
              cover={covers.get(fieldSlug(field))}
              eager={i === 0}
              site={site}
              url={url}
              linkLabel={fields.buy}
              id={fieldId(field)}
            />
          ))}
        </CardGrid>
        <div className="section__footer">
          <p>
            <Text text={site.fields.length > shown.length ? fields.morePrompt : fields.allFieldsPrompt} />
          </p>
          <ButtonLink href={url("/all-fields/")} variant="secondary">
            {fields.allFields}
          </ButtonLink>
        </div>
      </Section>

      <Questions group={productQuestions} tone="raised" />

      <div className="container section">
        <SafetyNote />
      </div>

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
