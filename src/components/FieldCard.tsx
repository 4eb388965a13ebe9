import type { Field } from "../content/types";
import { Icon } from "./Icon";
import { StorefrontLink } from "./Links";

/** One field from src/content/site.ts, with its link to the storefront. */
export function FieldCard({ field, linkLabel }: { field: Field; linkLabel: string }) {
  return (
    <article className="card field-card">
      <p className="eyebrow">{field.band}</p>
      <h3 className="card__title">{field.title}</h3>
      <p className="card__body">{field.description}</p>
      <ul className="facts">
        <li>
          <Icon name="clock" className="facts__icon" />
          {field.durationMinutes}-minute audio
        </li>
        <li>
          <Icon name="download" className="facts__icon" />
          {field.delivery}
        </li>
      </ul>
      <div className="card__actions">
        <StorefrontLink href={field.url} label={linkLabel} context={field.title} />
      </div>
    </article>
  );
}
