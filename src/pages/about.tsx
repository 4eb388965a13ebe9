import { slug } from "../lib/anchors";
import { CardList } from "../components/Card";
import { Island } from "../components/Island";
import { ButtonLink, MailLink } from "../components/Links";
import { SafetyNote } from "../components/SafetyNote";
import { Callout, PageIntro, Section } from "../components/Section";
import { Paragraph, Text } from "../components/Text";
import { ListenerQuotes, Maker } from "../components/Trust";
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

      {site.maker && <Maker maker={site.maker} photo={covers.get(MAKER_PHOTO)} copy={about.maker} />}
      {quotes.length > 0 && <ListenerQuotes quotes={quotes} copy={about.listeners} />}

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
