import { BeatTrace } from "../components/BeatTrace";
import { traceShape } from "../lib/preview";
import { CardGrid } from "../components/Card";
import { CoverImage, FieldAction, FieldCard, FieldFacts, FieldPreview } from "../components/FieldCard";
import { Questions } from "../components/Questions";
import { SafetyNote } from "../components/SafetyNote";
import { PageIntro, Section } from "../components/Section";
import { Text } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldPage } from "../content/field-page";
import { fieldPath } from "../content/fields";
import { glideBands } from "../content/glide";
import { products } from "../content/products";
import { productQuestions } from "../content/questions";
import { siteSlots } from "../content/slots";
import { fieldData } from "../content/structured-data";
import type { Field, SiteContent } from "../content/types";
import type { ShareImage } from "../lib/page";
import { fillSlots } from "../lib/slots";
import type { PageModule, PageProps } from "./types";
import { cardText } from "../lib/summary";

/** How many other fields a field's page suggests: the ones after it in the catalogue, from the start again. */
const OTHERS = 3;

/** A description a search result shows whole: the field's own when it fits, else one made from its facts. */
function describe(field: Field, site: SiteContent): string {
  const own = field.description.trim();
  if (own.length >= 50 && own.length <= 160) return own;
  const local = fillSlots(fieldPage.description, {
    title: field.title,
    minutes: String(field.durationMinutes),
    tuning: field.tuning.toLowerCase(),
  });
  return fillSlots(local, siteSlots(site));
}

/**
 * A page for each field, at /fields/<slug>/: everything about it, and the way to buy it, shared with a picture of its
 * own where the build made one. Not in the top bar.
 */
export function fieldPages(site: SiteContent, images: ReadonlyMap<string, ShareImage> = new Map()): PageModule[] {
  return site.fields.map((field, i) => ({
    meta: {
      path: fieldPath(field),
      title: field.title,
      description: describe(field, site),
      image: images.get(field.url),
    },
    structuredData: (content, urls, previews) => fieldData(field, content, urls, previews),
    // Where the field's own words are long, fewer others, so that the page still arrives in one round trip.
    fewer: [2, 1, 0],
    Page: ({ url, previews, covers, shown = OTHERS }: PageProps) => {
      const preview = previews.get(field.url);
      const cover = covers.get(field.url);
      const others = [...site.fields.slice(i + 1), ...site.fields.slice(0, i)].slice(0, shown);
      // A description longer than a card tells opens the page as its cards do, and is told whole below.
      const lead = cardText(field.description);
      const told = lead !== field.description.trim();
      return (
        <>
          <PageIntro eyebrow={`[${fieldPage.back}](/all-fields/) · ${field.tuning}`} title={field.title} lead={lead}>
            {/* The way to buy it in the first screen, on a phone too; the panel below repeats it beside the facts. */}
            <FieldAction field={field} label={products.fields.buy} variant="primary" />
          </PageIntro>

          <div className="container field-detail">
            {cover && (
              <CoverImage cover={cover} url={url} className="field-detail__cover" eager largest shownAs="page" />
            )}
            <div className="field-detail__panels">
              {preview && (
                <section className="panel field-detail__hear" id="hear" aria-labelledby="hear-title">
                  <h2 className="field-detail__title" id="hear-title">
                    <Text text={fieldPage.hear} />
                  </h2>
                  <FieldPreview field={field} preview={preview} site={site} url={url} />
                </section>
              )}
              <section className="panel field-detail__get" aria-labelledby="get-title">
                <h2 className="field-detail__title" id="get-title">
                  <Text text={fieldPage.get} />
                </h2>
                <FieldFacts field={field} />
                <FieldAction field={field} label={products.fields.buy} />
              </section>
              {told && (
                <section className="panel field-detail__about" aria-labelledby="about-title">
                  <h2 className="field-detail__title" id="about-title">
                    <Text text={fieldPage.about} />
                  </h2>
                  <p className="prose">{field.description}</p>
                </section>
              )}
              {/* Only a trace with a beat to draw: a field with none (an isochronic pulse, music alone) has no line. */}
              {preview?.trace && traceShape(preview.trace) && (
                <section className="panel field-detail__trace" aria-labelledby="trace-title">
                  <h2 className="field-detail__title" id="trace-title">
                    <Text text={fieldPage.trace.title} />
                  </h2>
                  <BeatTrace
                    trace={preview.trace}
                    bands={[...new Set([...(field.bands ?? []), ...(field.glide ? glideBands(field.glide) : [])])]}
                  />
                </section>
              )}
            </div>
          </div>

          <Questions group={productQuestions} tone="raised" />

          <div className="container section">
            <SafetyNote />
          </div>

          {others.length > 0 && (
            <Section id="others" title={fieldPage.others}>
              <CardGrid columns={others.length === 1 ? 1 : 3}>
                {others.map((other) => (
                  <FieldCard
                    key={other.url}
                    field={other}
                    cover={covers.get(other.url)}
                    site={site}
                    url={url}
                    linkLabel={allFields.catalogue.view}
                    form="catalogue"
                  />
                ))}
              </CardGrid>
            </Section>
          )}
        </>
      );
    },
  }));
}
