import { bandLabel } from "../content/bands";
import { frame } from "../content/frame";
import { sample } from "../content/sample";
import type { Field, SiteContent } from "../content/types";
import { glideInWords } from "../content/glide";
import type { Preview } from "../lib/preview";
import { Icon } from "./Icon";
import { Island } from "./Island";
import { StorefrontLink } from "./Links";
import { Text } from "./Text";

/** What a preview is, said plainly (frame.ts): an excerpt of the field, or only its beat. */
export const previewCaption = (preview: Preview) => (preview.kind === "excerpt" ? frame.fieldCard.excerpt : frame.fieldCard.beat);

export const formatPrice = ({ amount, currency }: NonNullable<Field["price"]>) =>
  new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);

/**
 * One field from src/content/site.ts, in one of three forms. "full" (Products): what it is, a preview to hear, its
 * facts, its link to the storefront. "catalogue" (All Fields): the same without the player, and a link to its card
 * on Products, which has one. "compact" (Home): its length and tuning in one line, the player and the link.
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
}: {
  field: Field;
  preview?: Preview;
  site: SiteContent;
  url: (path: string) => string;
  linkLabel: string;
  form?: "full" | "catalogue" | "compact";
  /** The card's own address on its page. */
  id?: string;
  /** In a catalogue: the path of the field's card that has its player ("/products/#field-booster"). */
  listenAt?: string;
}) {
  const minutes = { minutes: String(field.durationMinutes) };
  const compact = form === "compact";
  return (
    <article className={`card field-card${compact ? " field-card--compact" : ""}`} id={id}>
      <p className="eyebrow card__label">
        {compact && (
          <>
            <Text text={frame.fieldCard.lengthShort} local={minutes} /> ·{" "}
          </>
        )}
        {field.tuning}
      </p>
      <h3 className="card__title">{field.title}</h3>
      {!compact && <p className="card__body">{field.description}</p>}
      {preview && form !== "catalogue" && (
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
            <Text text={previewCaption(preview)} local={{ seconds: String(Math.round(preview.seconds)) }} /> <Text text={frame.fieldCard.listening} />
          </figcaption>
        </figure>
      )}
      {!compact && (
        <ul className="facts">
          <li>
            <Icon name="clock" className="facts__icon" />
            <Text text={frame.fieldCard.length} local={minutes} />
          </li>
          <li>
            <Icon name="download" className="facts__icon" />
            {field.delivery}, {field.format}
          </li>
          {field.bands && field.bands.length > 0 && (
            <li>
              <Icon name="wave" className="facts__icon" />
              <Text text={field.bands.length > 1 ? frame.fieldCard.bands : frame.fieldCard.band} local={{ bands: field.bands.map(bandLabel).join(" and ") }} />
            </li>
          )}
          {field.glide && (
            <li>
              <Icon name="wave" className="facts__icon" />
              <Text text={frame.fieldCard.glide} local={{ beat: glideInWords(field.glide) }} />
            </li>
          )}
          {field.price && (
            <li>
              <Icon name="gem" className="facts__icon" />
              {formatPrice(field.price)}
            </li>
          )}
        </ul>
      )}
      {preview && listenAt && (
        <p className="field-card__listen">
          <a className="text-link more-link" href={url(listenAt)}>
            <Text text={frame.fieldCard.previewLink} />
            <span className="visually-hidden">: {field.title}</span>
          </a>
        </p>
      )}
      <div className="card__actions">
        <StorefrontLink href={field.url} label={linkLabel} context={field.title} />
      </div>
    </article>
  );
}
