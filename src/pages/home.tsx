import { CardList } from "../components/Card";
import { FieldCard } from "../components/FieldCard";
import { ButtonLink } from "../components/Links";
import { Section } from "../components/Section";
import { Steps } from "../components/Steps";
import { homeLayers, listeningSteps } from "../content/copy";
import { fieldLengths } from "../content/slots";
import type { PageMeta, PageProps } from "./types";

export { homeData as structuredData } from "../content/structured-data";

export const meta: PageMeta = {
  path: "/",
  title: "Binaural audio fields for focus and calm",
  description:
    "Premium headphone audio that layers binaural beats with a single clear intention using our EquiSync method. Instant downloads and custom fields.",
  nav: { label: "Home", order: 1 },
};

export function Page({ site, url, previews, slots }: PageProps) {
  return (
    <>
      <div className="hero">
        <div className="hero__orbs" aria-hidden="true">
          <span className="orb orb--one" />
          <span className="orb orb--two" />
          <span className="orb orb--three" />
        </div>
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">Premium headphone audio</p>
            <h1 className="hero__title">Sound fields for a calmer, clearer mind</h1>
            <p className="hero__subtitle">
              Binaural beats and a single clear intention, layered with our own EquiSync method into long, seamless
              listening sessions. Put on your headphones, press play and settle in.
            </p>
            <div className="actions">
              <ButtonLink href={url("/products/")}>Explore The Fields</ButtonLink>
              <ButtonLink href={url("/services/")} variant="secondary">
                Custom Fields
              </ButtonLink>
            </div>
            <ul className="hero__facts">
              <li>Instant downloads from {site.storefront.name}</li>
              <li>Made for stereo headphones</li>
              <li>Custom fields by e-mail</li>
            </ul>
          </div>

          {/* The product beside the promise: on a wide screen the fields sit right of the headline, on a phone below it. */}
          <section className="hero__fields panel" id="fields" aria-labelledby="fields-title">
            <h2 className="hero__fields-title" id="fields-title">
              Hear a field, then take it home
            </h2>
            <p className="hero__fields-lead">
              A field is a {fieldLengths(site.fields)} audio file you download and play on stereo headphones:
              one continuous session, built around a single intention.
            </p>
            <div className="hero__field-list">
              {site.fields.map((field) => (
                <FieldCard key={field.url} field={field} preview={previews.get(field.url)} site={site} url={url} linkLabel="Access the Morphic Field" compact />
              ))}
            </div>
            <p className="hero__fields-more">
              <a className="text-link" href={url("/products/")}>
                Products
              </a>{" "}
              shows each field in full, with what you get. <a className="text-link" href={url("/all-fields/")}>
                All Fields
              </a>{" "}
              is the whole catalogue, with everything on {site.storefront.name}.
            </p>
          </section>
        </div>
      </div>

      <Section
        id="layers"
        eyebrow="Inside every field"
        title="Three layers, one experience"
        lead="Each field combines three layers, and each has a job of its own."
      >
        <CardList cards={homeLayers} slots={slots} />
      </Section>

      <Section
        id="listen"
        tone="raised"
        eyebrow="Getting started"
        title="How to listen"
        lead="A field asks very little of you. Three things make the difference."
      >
        <Steps steps={listeningSteps} />
        <div className="section__footer">
          <p>New to binaural listening? Read how the layers work together.</p>
          <ButtonLink href={url("/about/")} variant="secondary" context="about how the fields work">
            Learn More
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
