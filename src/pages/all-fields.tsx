import { Card, CardGrid } from "../components/Card";
import { FieldCard } from "../components/FieldCard";
import { MailLink, StorefrontLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { Text } from "../components/Text";
import { allFields } from "../content/all-fields";
import { mail } from "../content/mail";
import { fieldIds } from "./products";
import type { PageMeta, PageProps } from "./types";

// The catalogue's page describes every field for search engines (Products, which shows the same fields, does not
// repeat it: one description per product, and the bytes go to the players).
export { fieldsData as structuredData } from "../content/structured-data";

export const meta: PageMeta = { path: "/all-fields/", title: allFields.title, description: allFields.description, nav: { label: allFields.nav, order: 5 } };

export function Page({ site, url, previews }: PageProps) {
  const { intro, catalogue, custom } = allFields;
  const ids = fieldIds(site.fields);
  return (
    <>
      <PageIntro {...intro} />

      <Section id="catalogue" title={catalogue.title}>
        <CardGrid>
          {site.fields.map((field, i) => (
            <FieldCard key={field.url} field={field} preview={previews.get(field.url)} site={site} url={url} linkLabel={catalogue.view} form="catalogue" listenAt={`/products/#${ids[i]}`} />
          ))}
          <Card icon="gem" title={catalogue.store.title} closing actions={<StorefrontLink href={site.storefront.url} label={catalogue.view} context={catalogue.store.title} />}>
            <p>
              <Text text={catalogue.store.text} />
            </p>
          </Card>
        </CardGrid>
      </Section>

      <Callout
        id="custom-solution"
        title={custom.title}
        text={custom.text}
        actions={
          <MailLink email={site.email} preset={mail.customProduct} variant="primary">
            {custom.ask}
          </MailLink>
        }
      />
    </>
  );
}
