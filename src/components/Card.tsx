import type { ReactNode } from "react";
import type { CardCopy } from "../content/types";
import type { IconName } from "../lib/icons";
import { Icon } from "./Icon";
import { Text } from "./Text";

export function Card({
  icon,
  title,
  eyebrow,
  children,
  actions,
  level = 3,
  closing = false,
}: {
  icon?: IconName;
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The heading level that fits the outline where the card sits. */
  level?: 2 | 3;
  /**
   * The last card of its grid, filling what the last row leaves (the stylesheet): its action beside its words
   * when that is more than one column.
   */
  closing?: boolean;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const content = (
    <>
      {icon && (
        <div className="card__icon">
          <Icon name={icon} />
        </div>
      )}
      {/* The label before its heading, in the source as on screen, as a section's eyebrow is: a label placed above
          a heading that comes before it in the source moves that heading down when it arrives after a first paint. */}
      {eyebrow && (
        <p className="eyebrow card__label">
          <Text text={eyebrow} />
        </p>
      )}
      <Heading className="card__title">
        <Text text={title} />
      </Heading>
      {children && <div className="card__body">{children}</div>}
      {actions && <div className="card__actions">{actions}</div>}
    </>
  );
  // A closing card lays out its content by its own width, which the grid decides: a box within it asks.
  return (
    <article className={closing ? "card card--closing" : "card"}>
      {closing ? <div className="card__layout">{content}</div> : content}
    </article>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 1 | 2 | 3 | 4 }) {
  return <div className={`card-grid card-grid--${columns}`}>{children}</div>;
}

/** A card's words, as content gives them. */
export type CardText = Partial<Pick<CardCopy, "icon">> & { eyebrow?: string; title: string; text: string };

/** A grid of cards from content: each its icon, eyebrow, title and text, and any actions. */
export function CardList<C extends CardText>({
  cards,
  columns,
  actions,
}: {
  cards: readonly C[];
  columns?: 2 | 3 | 4;
  actions?: (card: C) => ReactNode;
}) {
  return (
    <CardGrid columns={columns}>
      {cards.map((card) => (
        <Card key={card.title} icon={card.icon} eyebrow={card.eyebrow} title={card.title} actions={actions?.(card)}>
          <p>
            <Text text={card.text} />
          </p>
        </Card>
      ))}
    </CardGrid>
  );
}
