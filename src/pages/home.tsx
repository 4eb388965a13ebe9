import { CardList } from "../components/Card";
import { FieldCard, StorefrontNote } from "../components/FieldCard";
import { ButtonLink } from "../components/Links";
import { Section } from "../components/Section";
import { Steps } from "../components/Steps";
import { Paragraph, Text } from "../components/Text";
import { fieldSlug } from "../content/fields";
import { home } from "../content/home";
import { products } from "../content/products";
import { FOLD, navPage } from "../lib/page";
import type { PageProps } from "./types";

export { homeData as structuredData } from "../content/structured-data";

export const meta = navPage("/", home, 1);

/** Home shows the first fields in site.ts, two at most: Products shows a few more in full, All Fields every one. */
export const HOME_FIELDS = 2;

export function Page({ site, url, previews, covers }: PageProps) {
  const { hero, fields, layers, listen } = home;
  const shown = site.fields.slice(0, HOME_FIELDS);
  return (
    <>
      <div className="hero" {...{ [FOLD]: "" }}>
        <div className="hero__orbs" aria-hidden="true">
          <span className="orb orb--one" />
          <span className="orb orb--two" />
          <span className="orb orb--three" />
        </div>
        {/* In reading order, one lead action: the promise and the way in, then the fields to hear (on a phone, still in
            the first screen), then what a buyer can count on. On a wide screen the fields sit right of the words
            (styles/components/hero.css), after them for a keyboard as for the eye. */}
        <div className="container hero__inner">
          <div className="hero__head">
            <Paragraph className="eyebrow" text={hero.eyebrow} />
            <h1 className="hero__title">
              <Text text={hero.title} />
            </h1>
            <Paragraph className="hero__subtitle" text={hero.subtitle} />
            <div className="actions">
              <ButtonLink href={url("/products/")}>{hero.explore}</ButtonLink>
            </div>
          </div>

          <section className="hero__fields panel" id="fields" aria-labelledby="fields-title">
            <h2 className="hero__fields-title" id="fields-title">
              <Text text={fields.title} />
            </h2>
            <div className="hero__field-list">
              {shown.map((field) => (
                <FieldCard
                  key={fieldSlug(field)}
                  field={field}
                  preview={previews.get(fieldSlug(field))}
                  cover={covers.get(fieldSlug(field))}
                  eager
                  site={site}
                  linkLabel={products.fields.buy}
                  form="compact"
                />
              ))}
            </div>
            <StorefrontNote />
            <Paragraph className="hero__fields-lead" text={fields.lead} />
            <p className="hero__fields-more">
              {site.fields.length > shown.length && (
                <>
                  <Text text={fields.more} />{" "}
                </>
              )}
              <Text text={fields.pages} />
            </p>
          </section>

          <ul className="hero__facts">
            {hero.facts.map((fact) => (
              <li key={fact}>
                <span>
                  <Text text={fact} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <Section id="layers" eyebrow={layers.eyebrow} title={layers.title} lead={layers.lead}>
        <CardList cards={layers.cards} />
      </Section>

      <Section id="listen" tone="raised" eyebrow={listen.eyebrow} title={listen.title} lead={listen.lead}>
        <Steps steps={listen.steps} />
        <div className="section__footer">
          <Paragraph text={listen.footer} />
          <ButtonLink href={url("/about/")} variant="secondary" context={listen.learnMoreContext}>
            {listen.learnMore}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
