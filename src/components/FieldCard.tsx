import type { ReactElement } from "react";
import { bandLabel } from "../content/bands";
import { fieldPath, fieldSlug } from "../content/fields";
import { frame } from "../content/frame";
import { glideInWords } from "../content/glide";
import { sample } from "../content/sample";
import type { Field, SiteContent } from "../content/types";
import type { Cover } from "../lib/cover";
import { fillSlots } from "../lib/slots";
import { FOLD } from "../lib/page";
import type { Preview } from "../lib/preview";
import { Icon } from "./Icon";
import { Island } from "./Island";
import { StorefrontLink } from "./Links";
import { Paragraph, Text, useUrl } from "./Text";
import { cardText } from "../lib/summary";

/** "$19", "€24.50": an amount as the site's language writes it in its currency. */
export const formatPrice = ({ amount, currency }: NonNullable<Field["price"]>) =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

/** "$19", or "From $5" for pay-what-you-want: the price as a buyer reads it beside the storefront action. */
export const priceInWords = (price: NonNullable<Field["price"]>) =>
  price.from ? fillSlots(frame.fieldCard.priceFrom, { price: formatPrice(price) }) : formatPrice(price);

/** One field, the same in every list; the storefront note is said once per list, not here. */
export function FieldCard({
  field,
  preview,
  site,
  linkLabel,
  form = "full",
  id,
  cover,
  eager = false,
  largest = false,
  describe = true,
  place = "card",
  fold = false,
}: {
  field: Field;
  preview?: Preview;
  cover?: Cover;
  /** Loaded with the page, for a card in the first screen; others wait until they are scrolled near. */
  eager?: boolean;
  /** The first cover of a list: likely the largest thing in its first screen, fetched first. */
  largest?: boolean;
  site: SiteContent;
  linkLabel: string;
  /**
   * "full" (Products): the description and what a buyer gets; "catalogue" (All Fields, a field page's others): the
   * description only where the card is wide; "compact" (Home): neither.
   */
  form?: "full" | "catalogue" | "compact";
  id?: string;
  describe?: boolean;
  /** Where on its page the card is, for its storefront link's `?from=`: "card" unless the page has cards of two kinds. */
  place?: string;
  /** The last card a first screen shows, at the widest (FOLD). */
  fold?: boolean;
}) {
  const url = useUrl();
  const compact = form === "compact";
  return (
    <article className={`card field-card field-card--${form}`} id={id} {...(fold && { [FOLD]: "" })}>
      {cover && (
        <CoverImage
          cover={cover}
          className="field-card__cover"
          eager={eager}
          largest={largest}
          shownAs={compact ? "thumb" : "card"}
        />
      )}
      <div className="field-card__info">
        <p className="eyebrow card__label">
          {/* The dot stays with the length before it: never a line that starts "· Abundance". */}
          <Text text={frame.fieldCard.lengthShort} local={{ minutes: field.durationMinutes }} />
          {"\u00a0· "}
          {field.tuning}
        </p>
        <h3 className="card__title">
          <a className="card__title-link" href={url(fieldPath(field))}>
            {field.title}
          </a>
        </h3>
        {!compact && describe && <p className="card__body">{cardText(field.description)}</p>}
        {/* What a buyer gets, on a Products card: delivery and format, the beats it declares, how its beat moves. */}
        {form === "full" && (
          <p className="field-card__gets">
            {field.delivery}, {numbersWithUnits(field.format)}
            {beatWords(field).flatMap((words) => [" · ", words])}
          </p>
        )}
        {/* Its player, and for a preview that is only the field's beat, a word that it is not the field itself. */}
        {preview && (
          <div className="field-card__preview">
            <Island name="PreviewPlayer" props={{ ...playerProps({ field, preview, site }, url), compact: true }} />
            {preview.kind === "beat" && <Paragraph className="field-card__caption" text={frame.fieldCard.beatShort} />}
          </div>
        )}
        <div className="card__actions">
          <FieldAction field={field} label={linkLabel} note={false} place={place} />
        </div>
      </div>
    </article>
  );
}

/** What a field declares of its beat, in words: the bands it is in, and how it glides. */
function beatWords({ bands, glide }: Field) {
  const words: ReactElement[] = [];
  if (bands?.length) {
    const text = bands.length > 1 ? frame.fieldCard.bands : frame.fieldCard.band;
    words.push(<Text key="bands" text={text} local={{ bands: bands.map(bandLabel).join(" and ") }} />);
  }
  if (glide) words.push(<Text key="glide" text={frame.fieldCard.glide} local={{ beat: glideInWords(glide) }} />);
  return words;
}

interface PreviewOf {
  field: Field;
  preview: Preview;
  site: SiteContent;
}

/** The props of a field's player: the same on its page and its cards, which leave out the volume (`compact`). */
const playerProps = ({ field, preview, site }: PreviewOf, url: (path: string) => string) => ({
  field: fieldSlug(field),
  title: field.title,
  studio: site.brand,
  src: url(preview.path),
  seconds: preview.seconds,
  wave: preview.wave,
  artwork: url("/icon-512.png"),
  startVolume: sample.startVolume,
});

/** Said once above a list of cards, and hidden from screen readers: each action's accessible name says it. */
export function StorefrontNote() {
  return (
    <p className="storefront-note" aria-hidden="true">
      <Icon name="external" className="storefront-note__icon" />
      <Text text={frame.storefrontLink.note} />
    </p>
  );
}

/** How wide a card's cover is drawn, and a field page's: the browser picks the size of an owner's image from it. */
export const COVER_SIZES = {
  card: "(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 5.5rem",
  page: "(min-width: 64rem) 30rem, (min-width: 40rem) 40vw, 15rem",
  thumb: "4.5rem",
  /** The maker's photo on About (styles/tokens.css' --photo-size). */
  photo: "5rem",
};

/** A field's cover, its size given so that nothing moves when it arrives. */
export function CoverImage({
  cover,
  className,
  eager = false,
  largest = false,
  shownAs,
}: {
  cover: Cover;
  className: string;
  eager?: boolean;
  /** Fetched first (Lighthouse's LCP discovery); other eager covers go low, or they hold up the largest paint. */
  largest?: boolean;
  /** Where the layout shows it, and so the sizes it asks for; a thumbnail takes the cover's own small picture. */
  shownAs: keyof typeof COVER_SIZES;
}) {
  const url = useUrl();
  const shown = shownAs === "thumb" && cover.thumb ? { ...cover, ...cover.thumb } : cover;
  const img = (
    <img
      className={className}
      src={url(shown.path)}
      alt={cover.alt}
      width={shown.width}
      height={shown.height}
      loading={eager ? undefined : "lazy"}
      fetchPriority={largest ? "high" : eager ? "low" : undefined}
      decoding="async"
    />
  );
  const srcset = (entries: readonly string[]) =>
    entries.map((entry) => `${url(entry.split(" ")[0]!)} ${entry.split(" ")[1]}`).join(", ");
  // A card's cover is a thumbnail on a phone and at most --cover-card (22rem) wide elsewhere (cards.css).
  const card = shownAs === "card";
  const thumb = (type: string) =>
    card ? (cover.thumb?.sources?.find((t) => t.type === type)?.srcset.slice(-1) ?? []) : [];
  const large = (entries: readonly string[]) =>
    card ? entries.filter((entry) => Number.parseInt(entry.split(" ")[1]!, 10) <= CARD_WIDEST) : entries;
  if (!shown.sources) return img;
  return (
    <picture>
      {shown.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={srcset([...thumb(source.type), ...large(source.srcset)])}
          sizes={COVER_SIZES[shownAs]}
        />
      ))}
      {img}
    </picture>
  );
}

/** The widest picture a card's cover needs: --cover-card (22rem, 352 px) at twice the pixels. */
const CARD_WIDEST = 800;

export function FieldPreview(props: PreviewOf) {
  const { preview } = props;
  const url = useUrl();
  return (
    <figure className="field-card__preview">
      <Island name="PreviewPlayer" props={playerProps(props, url)} />
      <figcaption className="field-card__caption">
        <Text
          text={preview.kind === "excerpt" ? frame.fieldCard.excerpt : frame.fieldCard.beat}
          local={{ seconds: Math.round(preview.seconds) }}
        />
      </figcaption>
    </figure>
  );
}

/** "320\u00a0kbps": a number kept on the line of its unit ("MP3, 320 / kbps" read as two facts). */
const numbersWithUnits = (text: string) => text.replace(/(\d) (?=\p{L})/gu, "$1\u00a0");

export function FieldFacts({ field }: { field: Field }) {
  return (
    <ul className="facts">
      <li>
        <Icon name="rings" className="facts__icon" />
        {field.tuning}
      </li>
      <li>
        <Icon name="clock" className="facts__icon" />
        <Text text={frame.fieldCard.length} local={{ minutes: field.durationMinutes }} />
      </li>
      <li>
        <Icon name="download" className="facts__icon" />
        {field.delivery}, {numbersWithUnits(field.format)}
      </li>
      {beatWords(field).map((words) => (
        <li key={words.key}>
          <Icon name="wave" className="facts__icon" />
          {words}
        </li>
      ))}
    </ul>
  );
}

/**
 * Quiet in a list, where bright buttons would leave none leading. The price is hidden from screen readers, as the
 * action says it.
 */
export function FieldAction({
  field,
  label,
  variant = "secondary",
  note = true,
  place,
}: {
  field: Field;
  label: string;
  variant?: "primary" | "secondary";
  /** The visible "Opens Gumroad in a new tab" beside it, where it is the only such action in view. */
  note?: boolean;
  place?: string;
}) {
  const price = field.price && priceInWords(field.price);
  return (
    <div className="field-action">
      {price && (
        <p className="price" aria-hidden="true">
          {price}
        </p>
      )}
      <StorefrontLink
        href={field.url}
        label={label}
        context={price ? `${field.title}, ${price}` : field.title}
        variant={variant}
        note={note}
        place={place}
      />
    </div>
  );
}
