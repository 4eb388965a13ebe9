import { slug } from "../lib/anchors";
import { CardList } from "../components/Card";
import { CoverImage } from "../components/FieldCard";
import { Island } from "../components/Island";
import { ButtonLink, MailLink } from "../components/Links";
import { SafetyNote } from "../components/SafetyNote";
import { Callout, PageIntro, Section } from "../components/Section";
import { Paragraph, Text } from "../components/Text";
import { about } from "../content/about";
import { bandRange } from "../content/bands";
import { mail } from "../content/mail";
import { sample } from "../content/sample";
import { MAKER_PHOTO } from "../lib/cover";
import { navPage } from "../lib/page";
import type { PageProps } from "./types";

/** Listeners' words shown: the first three in site.ts, a row of them on a laptop. */
export const QUOTES_SHOWN = 3;

export const meta = navPage("/about/", about, 2);

const Prose = ({ paragraphs }: { paragraphs: readonly string[] }) => (
  <div className="prose">
    {paragraphs.map((paragraph) => (
      <Paragraph key={paragraph} text={paragraph} />
    ))}
  </div>
);

export function Page({ site, url, covers }: PageProps) {
  const { intro, beats, morphic, method, expect, more } = about;
  const quotes = site.listeners?.slice(0, QUOTES_SHOWN) ?? [];
  const photo = covers.get(MAKER_PHOTO);
  return (
    <>
      <PageIntro {...intro} />

      <Section id="binaural-beats" eyebrow={beats.eyebrow} title={beats.title} split fold>
        <Prose paragraphs={beats.paragraphs} />
        <CardList layout="two" cards={beats.bands.map((b) => ({ ...b, eyebrow: bandRange(b.band) }))} />
        <Paragraph className="note" text={beats.note} />
      </Section>

      <Section id="hear-it" tone="raised" {...sample.section} split>
        <Island name="SamplePlayer" props={{ sample }} />
      </Section>

      <Section id="morphic-fields" eyebrow={morphic.eyebrow} title={morphic.title} split>
        <Prose paragraphs={morphic.paragraphs} />
      </Section>

      <Section id={slug(site.method, "method")} eyebrow={method.eyebrow} title={method.title} tone="raised" split>
        <Prose paragraphs={method.paragraphs} />
        <ul className="feature-list">
          {method.points.map((point) => (
            <li key={point.title}>
              <strong>
                <Text text={point.title} />.
              </strong>{" "}
              <Text text={point.text} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="expect" eyebrow={expect.eyebrow} title={expect.title}>
        <CardList cards={expect.cards} />
      </Section>

      {site.maker && (
        <Section id="maker" eyebrow={about.maker.eyebrow} title={about.maker.title}>
          <figure className="maker">
            <blockquote className="maker__words">
              <p>{site.maker.text}</p>
            </blockquote>
            <figcaption className="maker__name">
              {photo && <CoverImage cover={photo} className="maker__photo" shownAs="photo" />}
              {site.maker.name}
            </figcaption>
          </figure>
        </Section>
      )}
      {/* What listeners said, each with who said it and where: a quote a reader can trace, never one made up. */}
      {quotes.length > 0 && (
        <Section id="listeners" eyebrow={about.listeners.eyebrow} title={about.listeners.title}>
          <ul className="quotes">
            {quotes.map((quote) => (
              <li key={`${quote.who}: ${quote.words}`}>
                <figure className="quote">
                  <blockquote className="quote__words" cite={quote.url}>
                    <p>{quote.words}</p>
                  </blockquote>
                  <figcaption className="quote__source">
                    {quote.who},{" "}
                    {quote.url ? (
                      <a className="text-link" href={quote.url}>
                        <cite>{quote.source}</cite>
                      </a>
                    ) : (
                      <cite>{quote.source}</cite>
                    )}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <SafetyNote />

      <Callout
        id="more"
        title={more.title}
        text={more.text}
        actions={
          <>
            <MailLink email={site.email} preset={mail.moreInformation} variant="primary">
              {more.contact}
            </MailLink>
            <ButtonLink href={url("/products/")} variant="secondary">
              {more.products}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
