import { CardList } from "../components/Card";
import { Icon } from "../components/Icon";
import { Island } from "../components/Island";
import { MailLink } from "../components/Links";
import { PageIntro, Section } from "../components/Section";
import { Paragraph, Text } from "../components/Text";
import { contact } from "../content/contact";
import { frame } from "../content/frame";
import { mail } from "../content/mail";
import { navPage } from "../lib/page";
import type { PageProps } from "./types";

export const meta = navPage("/contact/", contact, 6);

export function Page({ site }: PageProps) {
  const { intro, card, help } = contact;
  return (
    <>
      <PageIntro
        {...intro}
        aside={
          <section className="contact-card panel" aria-labelledby="get-in-touch-title">
            <div className="contact-card__icon">
              <Icon name="mail" />
            </div>
            <h2 className="contact-card__title" id="get-in-touch-title">
              <Text text={card.title} />
            </h2>
            {/* A long address breaks after its "@" on a phone, not inside its domain. */}
            <p className="contact-card__address">
              {site.email.slice(0, site.email.indexOf("@") + 1)}
              <wbr />
              {site.email.slice(site.email.indexOf("@") + 1)}
            </p>
            <Island name="CopyAddress" props={{ address: site.email, labels: frame.copyAddress }} />
            <Paragraph className="contact-card__note" text={card.note} />
            <div className="actions">
              <MailLink email={site.email} preset={mail.contactUs} variant="primary">
                {card.send}
              </MailLink>
            </div>
          </section>
        }
      />

      <Section id="help" tone="raised" eyebrow={help.eyebrow} title={help.title}>
        <CardList
          layout="two"
          cards={help.cards}
          actions={(c) => (
            <MailLink email={site.email} preset={mail[c.preset]}>
              {c.action}
            </MailLink>
          )}
        />
      </Section>
    </>
  );
}
