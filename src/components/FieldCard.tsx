import { bandLabel } from "../content/bands";
import { sample } from "../content/sample";
import type { Field, SiteContent } from "../content/types";
import type { Preview } from "../lib/preview";
import { Icon } from "./Icon";
import { Island } from "./Island";
import { StorefrontLink } from "./Links";

const wholeSeconds = (seconds: number) => `${Math.round(seconds)}-second`;

/** What a preview is, said plainly: an excerpt of the field, or only its beat. */
export const previewCaption = (preview: Preview) =>
  preview.kind === "excerpt"
    ? `Hear an excerpt: ${wholeSeconds(preview.seconds)} of the field itself.`
    : `Hear its beat: a ${wholeSeconds(preview.seconds)} tone made from the field's beat, not an excerpt of the field.`;

export const formatPrice = ({ amount, currency }: NonNullable<Field["price"]>) =>
  new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);

/**
 * One field from src/content/site.ts: what it is, a preview to hear, its facts, and its link to the storefront.
 * Compact (Home's list of fields): its length and tuning in one line in place of the description and facts.
 */
export function FieldCard({
  field,
  preview,
  site,
  url,
  linkLabel,
  compact = false,
}: {
  field: Field;
  preview?: Preview;
  site: SiteContent;
  url: (path: string) => string;
  linkLabel: string;
  compact?: boolean;
}) {
  return (
    <article className={`card field-card${compact ? " field-card--compact" : ""}`}>
      <h3 className="card__title">{field.title}</h3>
      <p className="eyebrow card__label">{compact ? `${field.durationMinutes} minutes · ${field.tuning}` : field.tuning}</p>
      {!compact && <p className="card__body">{field.description}</p>}
      {preview && (
        <figure className="field-card__preview">
          <Island
            name="PreviewPlayer"
            props={{
              title: field.title,
              studio: site.brand,
              src: url(preview.path),
              seconds: preview.seconds,
              peaks: preview.peaks,
              artwork: url("/icon-512.png"),
              startVolume: sample.startVolume,
            }}
          />
          <figcaption className="field-card__caption">{previewCaption(preview)} Use stereo headphones, at a low volume.</figcaption>
        </figure>
      )}
      {!compact && (
        <ul className="facts">
          <li>
            <Icon name="clock" className="facts__icon" />
            {field.durationMinutes}-minute audio
          </li>
          <li>
            <Icon name="download" className="facts__icon" />
            {field.delivery}, {field.format}
          </li>
          {field.bands && field.bands.length > 0 && (
            <li>
              <Icon name="wave" className="facts__icon" />
              {field.bands.map(bandLabel).join(" and ")} {field.bands.length > 1 ? "beats" : "beat"}
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
      <div className="card__actions">
        <StorefrontLink href={field.url} label={linkLabel} storefront={site.storefront.name} context={field.title} />
      </div>
    </article>
  );
}

