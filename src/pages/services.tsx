import { CardList } from "../components/Card";
import { ButtonLink, MailLink } from "../components/Links";
import { Questions } from "../components/Questions";
import { Callout, PageIntro, Section } from "../components/Section";
import { Steps } from "../components/Steps";
import { bandLabel } from "../content/bands";
import { mail } from "../content/mail";
import { serviceQuestions } from "../content/questions";
import { services } from "../content/services";
import { navPage } from "../lib/page";
import type { PageProps } from "./types";

export const meta = navPage("/services/", services, 3);

export function Page({ site, url }: PageProps) {
  const { intro, process, examples, readyMade } = services;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title} lead={intro.lead}>
        <MailLink email={site.email} preset={mail.customField} variant="primary">
          {intro.request}
        </MailLink>
      </PageIntro>

      <Section id="process" eyebrow={process.eyebrow} title={process.title}>
        <Steps steps={process.steps} />
      </Section>

      <Section id="examples" tone="raised" eyebrow={examples.eyebrow} title={examples.title} lead={examples.lead}>
        <CardList
          layout="two"
          cards={examples.cards.map((card) => ({ ...card, eyebrow: card.band ? bandLabel(card.band) : card.label }))}
        />
      </Section>

      <Questions group={serviceQuestions} />

      <Callout
        id="ready-made"
        title={readyMade.title}
        text={readyMade.text}
        actions={
          <>
            <ButtonLink href={url("/products/")}>{readyMade.browse}</ButtonLink>
            <MailLink email={site.email} preset={mail.customField} variant="secondary">
              {readyMade.request}
            </MailLink>
          </>
        }
      />
    </>
  );
}
