import { BeatTrace, NoBeat } from "../components/BeatTrace";
import { traceTracks, type Preview } from "../lib/preview";
import { CardGrid, wideInFields } from "../components/Card";
import { CoverImage, FieldAction, FieldCard, FieldFacts, FieldPreview, StorefrontNote } from "../components/FieldCard";
import { FollowForm } from "../components/FollowForm";
import { Questions } from "../components/Questions";
import { SafetyNote } from "../components/SafetyNote";
import { Section } from "../components/Section";
import { Paragraph, Text, useUrl } from "../components/Text";
import { allFields } from "../content/all-fields";
import { fieldPage } from "../content/field-page";
import { fieldPath, fieldSlug } from "../content/fields";
import { products } from "../content/products";
import { fieldBands, fieldPurpose } from "../content/purposes";
import { productQuestions } from "../content/questions";
import { siteSlots } from "../content/slots";
import { fieldData } from "../content/structured-data";
import type { Field, SiteContent } from "../content/types";
import { CONTENT_FILE, ContentError } from "../content/files";
import { DESCRIPTION_LENGTH, FOLD, type ShareImage } from "../lib/page";
import { dayInWords } from "../lib/dates";
import { fillSlots } from "../lib/slots";
import { selectionPath } from "./all-fields";
import type { PageModule, PageProps } from "./types";

/** How many other fields a field's page suggests: the ones after it in the catalogue, from the start again. */
const OTHERS = 3;

/** A description a search result shows whole: the field's own when it fits, else one made from its facts. */
function describe(field: Field, at: string, site: SiteContent): string {
  const { min, max } = DESCRIPTION_LENGTH;
  const own = field.description.trim();
  if (own.length >= min && own.length <= max) return own;
  const local = fillSlots(fieldPage.description, {
    title: field.title,
    minutes: field.durationMinutes,
    tuning: field.tuning.toLowerCase(),
  });
  const made = fillSlots(local, siteSlots(site));
  if (made.length >= min && made.length <= max) return made;
  // Named where the owner can mend it, not as the page the build would have checked.
  throw new ContentError([
    {
      source: CONTENT_FILE,
      field: `${at}.description`,
      message: `is ${own.length} characters, so its page's description for search results is made from its title and tuning, and that is ${made.length}: write a description of ${min} to ${max} characters, or a shorter title or tuning`,
    },
  ]);
}

/** A page for each field, not in the top bar, shared with a picture of its own where the build made one. */
export function fieldPages(site: SiteContent, images: ReadonlyMap<string, ShareImage> = new Map()): PageModule[] {
  return site.fields.map((field, i) => ({
    meta: {
      path: fieldPath(field),
      title: field.title,
      description: describe(field, `fields[${i}]`, site),
      image: images.get(fieldSlug(field)),
      follows: true,
    },
    structuredData: (content, urls, previews) => fieldData(field, content, urls, previews),
    Page: (props: PageProps) => (
      <FieldPage
        {...props}
        site={site}
        field={field}
        others={Array.from(
          { length: Math.min(OTHERS, site.fields.length - 1) },
          (_, k) => site.fields[(i + 1 + k) % site.fields.length]!,
        )}
      />
    ),
  }));
}

type FieldPageProps = PageProps & { field: Field; others: readonly Field[] };

function FieldPage({ site, field, others, previews, covers }: FieldPageProps) {
  const preview = previews.get(fieldSlug(field));
  const cover = covers.get(fieldSlug(field));
  // As measured in its preview; without one, as declared (`bands: []` and no glide: none).
  const binaural = preview ? preview.beats.length > 0 : field.bands?.length !== 0 || field.glide !== undefined;
  return (
    <>
      {/* The product first, as a shop shows it: its cover, title, player, price and action, and what a buyer
          gets, all in the first screen of a phone and a laptop (styles/components/field-page.css). */}
      <div className="product">
        <div className="page-intro__glow" aria-hidden="true" />
        <div className="container product__inner">
          {cover && <CoverImage cover={cover} className="product__cover" eager largest shownAs="page" />}
          <div className="product__info">
            <Paragraph className="eyebrow" text={`[${fieldPage.back}](/all-fields/)`} />
            <h1>{field.title}</h1>
            {preview && (
              <div className="product__hear" id="hear">
                <FieldPreview field={field} preview={preview} site={site} />
              </div>
            )}
            <FieldAction field={field} label={products.fields.buy} variant="primary" />
            <FieldFacts field={field} />
          </div>
        </div>
      </div>

      <FieldDetail site={site} field={field} preview={preview} binaural={binaural} />

      {site.storefront.sellerId && (
        <div className="container follow-band">
          <FollowForm site={site} id="follow-field-email" title={fieldPage.follow} titleClass="field-detail__title" />
        </div>
      )}

      <Questions group={productQuestions} tone="raised" />

      <SafetyNote binaural={binaural} />

      {others.length > 0 && (
        <Section id="others" title={fieldPage.others} note={<StorefrontNote />}>
          <CardGrid layout="fields">
            {others.map((other, at) => (
              <FieldCard
                key={fieldSlug(other)}
                field={other}
                preview={previews.get(fieldSlug(other))}
                cover={covers.get(fieldSlug(other))}
                site={site}
                linkLabel={allFields.catalogue.view}
                form="catalogue"
                describe={wideInFields(at, others.length)}
                place="others"
              />
            ))}
          </CardGrid>
        </Section>
      )}
    </>
  );
}

/** What a laptop's first screen shows below the product: the description, its beat's trace or what plays instead. */
function FieldDetail({
  site,
  field,
  preview,
  binaural,
}: Pick<FieldPageProps, "site" | "field"> & { preview?: Preview; binaural: boolean }) {
  const url = useUrl();
  const purpose = fieldPurpose(field, site);
  const trace = preview?.trace && traceTracks(preview.trace).length > 0 ? preview.trace : undefined;
  return (
    <section className="container section field-detail" aria-labelledby="about-title" {...{ [FOLD]: "" }}>
      <div className="field-detail__about">
        <h2 className="field-detail__title" id="about-title">
          <Text text={fieldPage.about} />
        </h2>
        <p className="prose">{field.description}</p>
        {(field.released || purpose) && (
          <p className="field-detail__more">
            {field.released && (
              <time dateTime={field.released}>
                <Text text={fieldPage.released} local={{ date: dayInWords(field.released) }} />
              </time>
            )}
            {purpose && (
              <a className="text-link more-link" href={url(selectionPath(purpose))}>
                <Text text={fieldPage.purpose} local={{ purpose: purpose.name }} />
              </a>
            )}
          </p>
        )}
      </div>
      {(trace || !binaural) && (
        <div className="panel field-detail__trace">
          <h3 className="field-detail__title">
            <Text text={trace ? fieldPage.trace.title : fieldPage.sound.title} />
          </h3>
          {trace ? <BeatTrace trace={trace} bands={fieldBands(field)} /> : <NoBeat pulse={preview?.pulse} />}
        </div>
      )}
    </section>
  );
}
