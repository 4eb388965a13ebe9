import { Card, CardGrid } from "../components/Card";
import { FieldCard } from "../components/FieldCard";
import { MailLink, StorefrontLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { mail } from "../content/mail";
import type { PageMeta, PageProps } from "./types";

export { fieldsData as structuredData } from "../content/structured-data";

export const meta: PageMeta = {
  path: "/all-fields/",
  title: "All fields",
  description:
    "Browse every field in the catalogue and open its page on our storefront, or ask us for a custom solution when nothing quite fits.",
  nav: { label: "All Fields", order: 5 },
};

export function Page({ site, url, previews }: PageProps) {
  const viewLabel = `View on ${site.storefront.name}`;
  return (
    <>
      <PageIntro
        eyebrow="Catalogue"
        title="All fields"
        lead={`Every field we offer, each one click away on ${site.storefront.name}, where checkout is secure and the download is instant.`}
      />

      <Section id="catalogue" title="The catalogue">
        <CardGrid>
          {site.fields.map((field) => (
            <FieldCard key={field.url} field={field} preview={previews.get(field.url)} site={site} url={url} linkLabel={viewLabel} />
          ))}
          <Card
            icon="gem"
            title="All Our Products"
            actions={<StorefrontLink href={site.storefront.url} label={viewLabel} storefront={site.storefront.name} context="All Our Products" />}
          >
            <p>The whole storefront in one place: every field, and anything new as soon as it is released.</p>
          </Card>
        </CardGrid>
      </Section>

      <Callout
        id="custom-solution"
        title="Need a custom solution?"
        actions={
          <MailLink email={site.email} preset={mail.customProduct} variant="primary">
            Ask for a Custom Solution
          </MailLink>
        }
      >
        <p>If nothing here fits, describe what you are looking for and we will tell you what we can make.</p>
      </Callout>
    </>
  );
}
