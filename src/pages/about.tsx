import { CardList } from "../components/Card";
import { ButtonLink, MailLink } from "../components/Links";
import { SafetyNote } from "../components/SafetyNote";
import { Callout, PageIntro, Section } from "../components/Section";
import { aboutBands, aboutBenefits, equisyncPoints } from "../content/copy";
import { mail } from "../content/mail";
import type { PageMeta, PageProps } from "./types";

export const meta: PageMeta = {
  path: "/about/",
  title: "How the fields work",
  description:
    "How binaural beats, morphic fields and our EquiSync layering method come together in each field, and how to listen safely with headphones.",
  nav: { label: "About", order: 2 },
};

export function Page({ site, url, slots }: PageProps) {
  return (
    <>
      <PageIntro
        eyebrow="About"
        title="How the fields work"
        lead="A field is a long, seamless piece of audio made from three layers: a binaural beat, a single intention, and the EquiSync method that holds them together. Here is what each one does."
      />

      <Section id="binaural-beats" eyebrow="Layer one" title="Binaural beats" split>
        <div className="prose">
          <p>
            Play a 200 Hz tone in your left ear and a 210 Hz tone in your right, and you hear something neither ear
            receives on its own: a gentle pulse at 10 Hz, the difference between the two. That perceived pulse is a
            binaural beat. It was first described in 1839 and has been studied ever since.
          </p>
          <p>
            That much is established: the beat is a measurable effect of hearing. What it does to mood, focus or
            sleep is less clear, and the research so far is mixed. We describe how listening feels, not what it
            will do for you.
          </p>
          <p>
            The speed of the pulse is chosen to sit in a brainwave band, and different bands go with different
            states of mind. Two of them carry most of our work:
          </p>
        </div>
        <CardList columns={2} cards={aboutBands.map((band) => ({ title: `${band.name} ${band.use}`, eyebrow: band.range, text: band.text }))} slots={slots} />
        <p className="note">Everyone responds a little differently. Treat the beat as an invitation, not a switch.</p>
        <p>
          <a className="text-link more-link" href={url("/products/#hear-it")}>
            Hear one: play a binaural sample
          </a>
        </p>
      </Section>

      <Section id="morphic-fields" eyebrow="Layer two" title="Morphic fields" tone="raised" split>
        <div className="prose">
          <p>
            The biologist Rupert Sheldrake proposed that patterns of behaviour carry a kind of collective memory,
            which he called morphic resonance, and that a pattern grows stronger the more often it is repeated. It
            is a contested idea, and we present it as one.
          </p>
          <p>
            In our fields it shapes the composition. Each track is built around a single intention, held steady from
            the first minute to the last, so that every listen repeats and reinforces the same pattern instead of
            wandering between moods.
          </p>
        </div>
      </Section>

      <Section id="equisync" eyebrow="Layer three" title="The EquiSync advantage" split>
        <div className="prose">
          <p>
            EquiSync is our own method for layering the beat, its carrier tones and an ambient bed. It is what makes
            an hour of listening feel like one continuous space rather than a test tone.
          </p>
        </div>
        <ul className="feature-list">
          {equisyncPoints.map((point) => (
            <li key={point.title}>
              <strong>{point.title}.</strong> {point.text}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="expect" eyebrow="Our approach" title="What you can expect" tone="raised">
        <CardList cards={aboutBenefits} slots={slots} />
      </Section>

      <div className="container section">
        <SafetyNote />
      </div>

      <Callout
        id="more"
        title="Still curious?"
        actions={
          <>
            <MailLink email={site.email} preset={mail.moreInformation} variant="primary">
              Contact for More
            </MailLink>
            <ButtonLink href={url("/products/")} variant="secondary">
              View Products
            </ButtonLink>
          </>
        }
      >
        <p>Ask us anything about how the fields are made, or go straight to the catalogue.</p>
      </Callout>
    </>
  );
}
