import type { ReactNode } from "react";
import { Text } from "./Text";

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
}) {
  const className = `section section--${tone}${split ? " section--split" : ""}`;
  return (
    <section className={className} aria-labelledby={`${id}-title`} id={id}>
      <div className="container">
        <header className={titleShown ? "section__header" : "visually-hidden"}>
          {eyebrow && (
            <p className="eyebrow">
              <Text text={eyebrow} />
            </p>
          )}
          <h2 className="section__title" id={`${id}-title`}>
            <Text text={title} />
          </h2>
          {lead && (
            <p className="lead">
              <Text text={lead} />
            </p>
          )}
          {note}
        </header>
        {children && <div className="section__body">{children}</div>}
      </div>
    </section>
  );
}

/**
 * The opening of every page but Home: eyebrow, the page's one <h1>, a lead, optional actions, and optionally
 * something beside them on a wide screen (Contact's card), under them on a phone.
 */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  const words = (
    <div className="page-intro__inner">
      <p className="eyebrow">
        <Text text={eyebrow} />
      </p>
      <h1>
        <Text text={title} />
      </h1>
      <p className="lead">
        <Text text={lead} />
      </p>
      {children && <div className="actions">{children}</div>}
    </div>
  );
  return (
    <div className="page-intro">
      <div className="page-intro__glow" aria-hidden="true" />
      {aside ? (
        <div className="container page-intro__split">
          {words}
          {aside}
        </div>
      ) : (
        <div className="container">{words}</div>
      )}
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
          <p>
            <Text text={text} />
          </p>
        </div>
        <div className="actions callout__actions">{actions}</div>
      </div>
    </section>
  );
}
