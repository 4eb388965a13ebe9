import { CardList } from "../components/Card";
import { Icon } from "../components/Icon";
import { MailLink } from "../components/Links";
import { PageIntro, Section } from "../components/Section";
import { contactHelp } from "../content/copy";
import { mail } from "../content/mail";
import type { PageMeta, PageProps } from "./types";

export const meta: PageMeta = {
  path: "/contact/",
  title: "Contact",
  description:
    "Write to us about custom fields, general questions, partnerships or press. One inbox, read by a person, with replies typically within 24 hours.",
  nav: { label: "Contact", order: 6 },
};

export function Page({ site, slots }: PageProps) {
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="We would love to hear from you"
        lead="Questions, custom requests, partnerships or press: everything comes to one inbox, and a person reads every message."
      />

      <div className="container section">
        <section className="contact-card panel" aria-labelledby="get-in-touch-title">
          <div className="contact-card__icon">
            <Icon name="mail" />
          </div>
          <h2 className="contact-card__title" id="get-in-touch-title">
            Get In Touch
          </h2>
          <p className="contact-card__address">{site.email}</p>
          <p className="contact-card__note">Replies typically come within 24 hours.</p>
          <div className="actions">
            <MailLink email={site.email} preset={mail.contactUs} variant="primary">
              Send Message
            </MailLink>
          </div>
        </section>
      </div>

      <Section id="help" tone="raised" eyebrow="Help" title="How can we help?">
        <CardList
          columns={2}
          cards={contactHelp}
          slots={slots}
          actions={(card) => (
            <MailLink email={site.email} preset={mail[card.preset]}>
              {card.action}
            </MailLink>
          )}
        />
      </Section>
    </>
  );
}
