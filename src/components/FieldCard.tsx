import { bandLabel } from "../content/bands";
import { fieldPath } from "../content/fields";
import { frame } from "../content/frame";
import { glideInWords } from "../content/glide";
import { sample } from "../content/sample";
import type { Field, SiteContent } from "../content/types";
import type { Cover } from "../lib/cover";
import { fillSlots } from "../lib/slots";
import type { Preview } from "../lib/preview";
import { escapeXml } from "../lib/xml";
import { Icon } from "./Icon";
import { Island } from "./Island";
import { StorefrontLink } from "./Links";
import { Text } from "./Text";
import { cardText } from "../lib/summary";

/** What a preview is, said plainly (frame.ts): an excerpt of the field, or only its beat. */
export const previewCaption = (preview: Preview) =>
  preview.kind === "excerpt" ? frame.fieldCard.excerpt : frame.fieldCard.beat;

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

/**
 * One field from src/content/site.ts, in one of three forms, its title a link to the field's own page. "full"
 * (Products): what it is, a preview to hear, its facts, its link to the storefront. "catalogue" (All Fields): the same
 * without the player, and a link to its page, which has one. "compact" (Home): a small cover beside its length,
 * tuning and title, the player and the link. `describe={false}`: without its description, which its page has.
 */
export function FieldCard({
  field,
  preview,
  site,
  url,
  linkLabel,
  form = "full",
  id,
  listenAt,
  cover,
  eager = false,
  first = false,
  describe = true,
}: {
  field: Field;
  preview?: Preview;
  /** Its cover: across the card's top, or beside its title on Home's compact cards. */
  cover?: Cover;
  /** Loaded with the page, for a card in the first screen; others wait until they are scrolled near. */
  eager?: boolean;
  /** The page's first card: its cover, if drawn and shown in full, comes in the page itself. */
  first?: boolean;
  site: SiteContent;
  url: (path: string) => string;
  linkLabel: string;
  form?: "full" | "catalogue" | "compact";
  /** The card's own address on its page. */
  id?: string;
  /** In a catalogue: where the field's player is (its own page's "/fields/field-booster/#hear"). */
  listenAt?: string;
  describe?: boolean;
}) {
  const minutes = { minutes: String(field.durationMinutes) };
  const compact = form === "compact";
  const label = (
    <p className="eyebrow card__label">
      {compact && (
        <>
          <Text text={frame.fieldCard.lengthShort} local={minutes} /> ·{" "}
        </>
      )}
      {field.tuning}
    </p>
  );
  const title = (
    <h3 className="card__title">
      <a className="card__title-link" href={url(fieldPath(field))}>
        {field.title}
      </a>
    </h3>
  );
  return (
    <article className={`card field-card${compact ? " field-card--compact" : ""}`} id={id}>
      {cover && !compact && (
        <CoverImage cover={cover} url={url} className="field-card__cover" eager={eager} shownAs="card" inline={first} />
      )}
      {compact ? (
        <div className="field-card__head">
          {/* Never inlined: a thumbnail is never the largest thing in view, and drawing a cover's rings in the page
              itself put Home's largest paint at 1.24× a bare page's against 1.14× fetched (Lighthouse, five rounds). */}
          {cover && <CoverImage cover={cover} url={url} className="field-card__thumb" eager={eager} shownAs="thumb" />}
          <div className="field-card__heading">
            {label}
            {title}
            {field.price && (
              <p className="price field-card__price" aria-hidden="true">
                {priceInWords(field.price)}
              </p>
            )}
          </div>
        </div>
      ) : (
        <>
          {label}
          {title}
        </>
      )}
      {!compact && describe && <p className="card__body">{cardText(field.description)}</p>}
      {preview && form !== "catalogue" && <FieldPreview field={field} preview={preview} site={site} url={url} />}
      {!compact && <FieldFacts field={field} />}
      {preview && listenAt && (
        <p className="field-card__listen">
          <a className="text-link more-link" href={url(listenAt)}>
            <Text text={frame.fieldCard.previewLink} />
            <span className="visually-hidden">: {field.title}</span>
          </a>
        </p>
      )}
      {!compact && !cover && <div className="field-card__empty" />}
      {!compact && !preview && <div className="field-card__empty" />}
      <div className="card__actions">
        <FieldAction field={field} label={linkLabel} priceCue={!compact} />
      </div>
    </article>
  );
}

/** How wide a card's cover is drawn, and a field page's: the browser picks the size of an owner's image from it. */
export const COVER_SIZES = {
  card: "(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, 100vw",
  page: "(min-width: 64rem) 26rem, (min-width: 40rem) 30vw, 100vw",
  thumb: "4.5rem",
  /** The maker's photo on About (styles/tokens.css' --photo-size). */
  photo: "5rem",
};

/**
 * A field's cover, its size given so that nothing moves when it arrives: an owner's image in AVIF or WebP at the
 * size the layout needs, or the cover the build drew.
 */
export function CoverImage({
  cover,
  url,
  className,
  eager = false,
  largest = false,
  shownAs,
  inline = false,
}: {
  cover: Cover;
  url: (path: string) => string;
  className: string;
  eager?: boolean;
  /**
   * The largest thing on its page (a field's own page), fetched first. Any other cover in the first screen is
   * fetched with the page but after what its first paint needs: a list's covers, asked for at once (preloaded, or
   * raised to High as they came into view), now and then arrived before its text had painted, and Lighthouse's
   * largest paint then waited for them (Home, twelve fields: 950 ms in one round of seven, 719 to 792 in the rest).
   */
  largest?: boolean;
  /** Where the layout shows it, and so the sizes it asks for; a thumbnail takes the cover's own small picture. */
  shownAs: keyof typeof COVER_SIZES;
  inline?: boolean;
}) {
  const sizes = COVER_SIZES[shownAs];
  const shown = shownAs === "thumb" && cover.thumb ? { ...cover, ...cover.thumb } : cover;
  // The first cover a list shows, when the build drew it: painted with the page, no request of its own (on a phone it
  // is the largest thing in the first view, and a fetched picture would paint a round trip after the text).
  if (inline && cover.svg) {
    const svg = cover.svg
      .replace(/ id="(\w+)"/g, ' id="$1-first-cover"')
      .replace(/url\(#(\w+)\)/g, "url(#$1-first-cover)")
      .replace(
        / width="\d+" height="\d+">/,
        ` preserveAspectRatio="xMidYMid slice" class="${className}" role="img" aria-label="${escapeXml(cover.alt)}">`,
      );
    return <span className="cover-inline" dangerouslySetInnerHTML={{ __html: svg }} />;
  }
  const img = (
    <img
      className={className}
      src={url(shown.path)}
      alt={cover.alt}
      width={shown.width}
      height={shown.height}
      loading={eager ? undefined : "lazy"}
      fetchPriority={eager && !largest ? "low" : undefined}
      decoding="async"
    />
  );
  if (!shown.sources) return img;
  return (
    <picture>
      {shown.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcset.map((entry) => `${url(entry.split(" ")[0]!)} ${entry.split(" ")[1]}`).join(", ")}
          sizes={sizes}
        />
      ))}
      {img}
    </picture>
  );
}

/** The field's player, and what it plays said plainly beneath it. */
export function FieldPreview({
  field,
  preview,
  site,
  url,
}: {
  field: Field;
  preview: Preview;
  site: SiteContent;
  url: (path: string) => string;
}) {
  return (
    <figure className="field-card__preview">
      <Island
        name="PreviewPlayer"
        props={{
          title: field.title,
          studio: site.brand,
          src: url(preview.path),
          seconds: preview.seconds,
          wave: preview.wave,
          artwork: url("/icon-512.png"),
          startVolume: sample.startVolume,
        }}
      />
      <figcaption className="field-card__caption">
        <Text text={previewCaption(preview)} local={{ seconds: String(Math.round(preview.seconds)) }} />{" "}
        <Text text={frame.fieldCard.listening} />
      </figcaption>
    </figure>
  );
}

/** "320\u00a0kbps": a number kept on the line of its unit ("MP3, 320 / kbps" read as two facts). */
const numbersWithUnits = (text: string) => text.replace(/(\d) (?=\p{L})/gu, "$1\u00a0");

/** What a buyer gets: length, delivery and format, the beats it declares, how its beat moves. */
export function FieldFacts({ field }: { field: Field }) {
  return (
    <ul className="facts">
      <li>
        <Icon name="clock" className="facts__icon" />
        <Text text={frame.fieldCard.length} local={{ minutes: String(field.durationMinutes) }} />
      </li>
      <li>
        <Icon name="download" className="facts__icon" />
        {field.delivery}, {numbersWithUnits(field.format)}
      </li>
      {field.bands && field.bands.length > 0 && (
        <li>
          <Icon name="wave" className="facts__icon" />
          <Text
            text={field.bands.length > 1 ? frame.fieldCard.bands : frame.fieldCard.band}
            local={{ bands: field.bands.map(bandLabel).join(" and ") }}
          />
        </li>
      )}
      {field.glide && (
        <li>
          <Icon name="wave" className="facts__icon" />
          <Text text={frame.fieldCard.glide} local={{ beat: glideInWords(field.glide) }} />
        </li>
      )}
    </ul>
  );
}

/**
 * The storefront action, the field's price beside it where the owner set one (a cue, not a new label; on Home's
 * compact cards it is beside the title, in the first screen, and the action still says it to screen readers). Quiet in a
 * list of cards, where a row of bright buttons would leave none leading; the field's own page makes it its one
 * primary action.
 */
export function FieldAction({
  field,
  label,
  variant = "secondary",
  priceCue = true,
}: {
  field: Field;
  label: string;
  variant?: "primary" | "secondary";
  priceCue?: boolean;
}) {
  const price = field.price && priceInWords(field.price);
  const cue = priceCue && price;
  return (
    <div className="field-action">
      {cue && (
        <p className="price" aria-hidden="true">
          {price}
        </p>
      )}
      <StorefrontLink
        href={field.url}
        label={label}
        context={price ? `${field.title}, ${price}` : field.title}
        variant={variant}
      />
    </div>
  );
}
