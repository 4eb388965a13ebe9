import type { ReactNode } from "react";
import type { IconName } from "../lib/icons";
import type { Slots } from "../lib/slots";
import { ContentText } from "./ContentText";
import { Icon } from "./Icon";

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
      {/* The label follows the heading it belongs to, as a screen reader reads it; the stylesheet shows it above. */}
      <Heading className="card__title">{title}</Heading>
      {eyebrow && <p className="eyebrow card__label">{eyebrow}</p>}
      {children && <div className="card__body">{children}</div>}
      {actions && <div className="card__actions">{actions}</div>}
    </article>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return <div className={`card-grid card-grid--${columns}`}>{children}</div>;
}

/** A card's words, as content gives them. */
export interface CardText {
  icon?: IconName;
  eyebrow?: string;
  title: string;
  text: string;
}

/** A grid of cards from content: each its icon, eyebrow, title and text (slots filled, see ContentText), and any actions. */
export function CardList<C extends CardText>({
  cards,
  columns,
  slots,
  actions,
}: {
  cards: readonly C[];
  columns?: 2 | 3 | 4;
  slots: Slots;
  actions?: (card: C) => ReactNode;
}) {
  return (
    <CardGrid columns={columns}>
      {cards.map((card) => (
        <Card key={card.title} icon={card.icon} eyebrow={card.eyebrow} title={card.title} actions={actions?.(card)}>
          <p>
            <ContentText text={card.text} slots={slots} />
          </p>
        </Card>
      ))}
    </CardGrid>
  );
}
