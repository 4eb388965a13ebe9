import { CardGrid, CardList } from "../components/Card";
import { FieldCard } from "../components/FieldCard";
import { ButtonLink, MailLink } from "../components/Links";
import { SafetyNote } from "../components/SafetyNote";
import { SampleSection } from "../components/SampleSection";
import { Callout, PageIntro, Section } from "../components/Section";
import { Questions } from "../components/Questions";
import { productBenefits } from "../content/copy";
import { productQuestions } from "../content/questions";
import { mail } from "../content/mail";
import type { PageMeta, PageProps } from "./types";

export { fieldsData as structuredData } from "../content/structured-data";

export const meta: PageMeta = {
  path: "/products/",
  title: "Ready-made fields",
  description:
    "Ready-made binaural audio fields for stereo headphones, each one seamless session, available as an instant download from our storefront.",
  nav: { label: "Products", order: 4 },
};

export function Page({ site, url, previews, slots }: PageProps) {
  return (
    <>
      <PageIntro
        eyebrow="Products"
        title={"Ready\u2011made fields" /* a non-breaking hyphen: never "Ready-" alone on a line */}
        lead={`Each field is one seamless session for stereo headphones, delivered as an instant download from our ${site.storefront.name} store.`}
      />

      <Section id="fields" title="Choose your field">
        <CardGrid columns={site.fields.length % 3 === 0 ? 3 : 2}>
          {site.fields.map((field) => (
            <FieldCard key={field.url} field={field} preview={previews.get(field.url)} site={site} url={url} linkLabel="Access the Morphic Field" />
          ))}
        </CardGrid>
        <div className="section__footer">
          <p>Looking for the whole catalogue in one place?</p>
          <ButtonLink href={url("/all-fields/")} variant="secondary">
            All Fields
          </ButtonLink>
        </div>
      </Section>

      <Questions group={productQuestions} slots={slots} url={url} tone="raised" />

      <div className="container section">
        <SafetyNote />
      </div>

      <Section id="benefits" tone="raised" eyebrow="Why our fields" title="Made with care, delivered at once">
        <CardList cards={productBenefits} slots={slots} />
      </Section>

      <SampleSection />

      <Callout
        id="personal"
        title="Want a field of your own?"
        actions={
          <MailLink email={site.email} preset={mail.customField} variant="primary">
            Request a Personalised Field
          </MailLink>
        }
      >
        <p>Tell us what you want to work on, and we will compose a personalised field around your intention.</p>
      </Callout>
    </>
  );
}
