import { CardList } from "../components/Card";
import { ButtonLink, MailLink } from "../components/Links";
import { Callout, PageIntro, Section } from "../components/Section";
import { Questions } from "../components/Questions";
import { Steps } from "../components/Steps";
import { customSteps, serviceExamples } from "../content/copy";
import { mail } from "../content/mail";
import { serviceQuestions } from "../content/questions";
import type { PageMeta, PageProps } from "./types";

export const meta: PageMeta = {
  path: "/services/",
  title: "Custom fields made for you",
  description:
    "Request a personalised audio field by e-mail: deep focus, energy, habit change or expanded awareness, composed around your own intention.",
  nav: { label: "Services", order: 3 },
};

export function Page({ site, url, slots }: PageProps) {
  return (
    <>
      <PageIntro
        eyebrow="Services"
        title="A field made for you"
        lead="Tell us what you want to work on and we will compose a personalised field around it, with the band, the length and the intention chosen for you."
      >
        <MailLink email={site.email} preset={mail.customField} variant="primary">
          Request a Custom Field
        </MailLink>
      </PageIntro>

      <Section id="process" eyebrow="How it works" title="From your e-mail to your headphones">
        <Steps steps={customSteps} />
      </Section>

      <Section
        id="examples"
        tone="raised"
        eyebrow="Examples"
        title="What a custom field can be"
        lead="A few directions a custom field can take. Yours can be any of these, or something else entirely."
      >
        <CardList columns={2} cards={serviceExamples.map((example) => ({ ...example, eyebrow: example.band }))} slots={slots} />
      </Section>

      <Questions group={serviceQuestions} slots={slots} url={url} />

      <Callout
        id="ready-made"
        title="Prefer something ready today?"
        actions={
          <>
            <ButtonLink href={url("/products/")}>Browse Ready-Made Fields</ButtonLink>
            <MailLink email={site.email} preset={mail.customField} variant="secondary">
              Request a Custom Field
            </MailLink>
          </>
        }
      >
        <p>Our ready-made fields download the moment you buy them.</p>
      </Callout>
    </>
  );
}
