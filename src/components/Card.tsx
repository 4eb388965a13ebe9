import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon";

export function Card({
  icon,
  title,
  eyebrow,
  children,
  actions,
  level = 3,
}: {
  icon?: IconName;
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The heading level that fits the outline where the card sits. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="card">
      {icon && (
        <div className="card__icon">
          <Icon name={icon} />
        </div>
      )}
      {eyebrow && <p className="card__eyebrow">{eyebrow}</p>}
      <Heading className="card__title">{title}</Heading>
      {children && <div className="card__body">{children}</div>}
      {actions && <div className="card__actions">{actions}</div>}
    </article>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return <div className={`card-grid card-grid--${columns}`}>{children}</div>;
}
