import type { ReactNode } from "react";
import { FOLD } from "../lib/page";
import { Paragraph, Text } from "./Text";

/** A titled band of the page. The id names the heading, so the section is a labelled region. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  tone = "plain",
  split = false,
  titleShown = true,
  note,
  fold = false,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  tone?: "plain" | "raised";
  /** On wide screens, heading on the left and content on the right: for sections that are mostly text. */
  split?: boolean;
  /** Its heading for screen readers only, where the page's own heading above already says what follows. */
  titleShown?: boolean;
  /** A line under its heading that holds for all it shows (StorefrontNote). */
  note?: ReactNode;
  /** The last part of its page a first screen shows (FOLD). */
  fold?: boolean;
}) {
  const className = `section section--${tone}${split ? " section--split" : ""}`;
  return (
    <section className={className} aria-labelledby={`${id}-title`} id={id} {...(fold && { [FOLD]: "" })}>
      <div className="container">
        <header className={titleShown ? "section__header" : "visually-hidden"}>
          {eyebrow && <Paragraph className="eyebrow" text={eyebrow} />}
          <h2 className="section__title" id={`${id}-title`}>
            <Text text={title} />
          </h2>
          {lead && <Paragraph className="lead" text={lead} />}
          {note}
        </header>
        {children && <div className="section__body">{children}</div>}
      </div>
    </section>
  );
}

/** The opening of every page but Home, with its one <h1>; an aside sits beside it when wide, under it on a phone. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  aside,
  list = false,
  note,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
  aside?: ReactNode;
  /** The intro of a list of fields: shorter, so that the first card is whole in the first screen. */
  list?: boolean;
  /** A line after the lead that holds for all the page shows (StorefrontNote). */
  note?: ReactNode;
}) {
  return (
    <div className={list ? "page-intro page-intro--list" : "page-intro"}>
      <div className="page-intro__glow" aria-hidden="true" />
      <div className={aside ? "container page-intro__split" : "container"}>
        <div className="page-intro__inner">
          <Paragraph className="eyebrow" text={eyebrow} />
          <h1>
            <Text text={title} />
          </h1>
          <Paragraph className="lead" text={lead} />
          {note}
          {children && <div className="actions">{children}</div>}
        </div>
        {aside}
      </div>
    </div>
  );
}

/** A closing prompt: a short pitch and one or two actions, on a raised panel. Its id makes it a place to link to. */
export function Callout({ id, title, text, actions }: { id: string; title: string; text: string; actions: ReactNode }) {
  return (
    <section className="container callout-wrap" id={id} aria-labelledby={`${id}-title`}>
      <div className="callout panel">
        <div className="callout__text">
          <h2 className="callout__title" id={`${id}-title`}>
            <Text text={title} />
          </h2>
          <Paragraph text={text} />
        </div>
        <div className="actions callout__actions">{actions}</div>
      </div>
    </section>
  );
}
