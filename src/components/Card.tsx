import type { ReactNode } from "react";
import type { CardCopy } from "../content/types";
import type { IconName } from "../lib/icons";
import { Icon } from "./Icon";
import { Paragraph, Text } from "./Text";

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
  /** A card on a row of its own after a grid, laid out by its own width: its action beside its words if wide enough. */
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
      {eyebrow && <Paragraph className="eyebrow card__label" text={eyebrow} />}
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

/** A grid of like cards, never with a card alone in a row beside fuller ones (styles/components/cards.css). */
export function CardGrid({
  children,
  layout = "three",
}: {
  children: ReactNode;
  layout?: "three" | "two" | "fields" | "rows";
}) {
  return <div className={`card-grid card-grid--${layout}`}>{children}</div>;
}

/** Whether a card in a "fields" grid is ever laid out wide (cards.css): only such a card shows its description. */
export function wideInFields(index: number, count: number): boolean {
  const first = (per: number, wide: number) => count % per === wide && index < (wide === 1 ? 1 : 2);
  return count === 1 || (count % 2 === 1 && index === 0) || first(3, 1) || first(3, 2) || first(4, 1) || first(4, 2);
}

export type CardText = Partial<Pick<CardCopy, "icon">> & { eyebrow?: string; title: string; text: string };

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
          <Paragraph text={card.text} />
        </Card>
      ))}
    </CardGrid>
  );
}
