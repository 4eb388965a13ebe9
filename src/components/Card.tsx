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
  closing = false,
}: {
  icon?: IconName;
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /**
   * A card on a row of its own after a grid (All Fields' storefront card), laid out by the width it has: its action
   * beside its words where that is wide enough.
   */
  closing?: boolean;
}) {
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
      <h3 className="card__title">
        <Text text={title} />
      </h3>
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

/**
 * A grid of like cards (styles/components/cards.css), never with a card alone in a row beside fuller ones. "three"
 * and "two" cards of words to a row on a wide screen, a short last row shared out; "fields": field cards, three or
 * four to a row, what a count leaves over shown first and wide; "rows": field cards each a row of their own.
 */
export function CardGrid({
  children,
  layout = "three",
}: {
  children: ReactNode;
  layout?: "three" | "two" | "fields" | "rows";
}) {
  return <div className={`card-grid card-grid--${layout}`}>{children}</div>;
}

/**
 * Whether the card at `index` of `count` in a "fields" grid is ever laid out wide, at some screen's width (what
 * styles/components/cards.css shares out first, and wide): only such a card shows its description.
 */
export function wideInFields(index: number, count: number): boolean {
  const first = (per: number, wide: number) => count % per === wide && index < (wide === 1 ? 1 : 2);
  return count === 1 || (count % 2 === 1 && index === 0) || first(3, 1) || first(3, 2) || first(4, 1) || first(4, 2);
}

/** A card's words, as content gives them. */
export type CardText = Partial<Pick<CardCopy, "icon">> & { eyebrow?: string; title: string; text: string };

/** A grid of cards from content: each its icon, eyebrow, title and text, and any actions. */
export function CardList<C extends CardText>({
  cards,
  layout,
  actions,
}: {
  cards: readonly C[];
  layout?: "three" | "two";
  actions?: (card: C) => ReactNode;
}) {
  return (
    <CardGrid layout={layout}>
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
