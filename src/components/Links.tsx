import { createContext, useContext, type ReactNode } from "react";
import { frame } from "../content/frame";
import { mailtoHref, type MailPreset } from "../lib/mailto";
import { withClickedFrom } from "../lib/routes";
import { Icon } from "./Icon";
import { Text, usePlain } from "./Text";

type Variant = "primary" | "secondary";

const buttonClass = (variant: Variant) => `button button--${variant}`;

/** A button's words, one box beside its icon, hyphenated words kept whole (src/components/Text.tsx). */
export const ButtonLabel = ({ children }: { children: ReactNode }) => (
  <span className="button__label">{typeof children === "string" ? <Text text={children} label /> : children}</span>
);

export function ButtonLink({
  href,
  variant = "primary",
  children,
  context,
}: {
  href: string;
  variant?: Variant;
  children: ReactNode;
  /** Read after the label by screen readers (and search engines) where the label alone is vague. */
  context?: string;
}) {
  return (
    <a className={buttonClass(variant)} href={href}>
      <ButtonLabel>{children}</ButtonLabel>
      {context && <span className="visually-hidden"> {context}</span>}
      <Icon name="arrow" className="button__icon" />
    </a>
  );
}

/** The page being rendered, for its storefront links' `?from=`; `undefined` leaves them bare. */
export const StorefrontSource = createContext<string | undefined>(undefined);

/**
 * A storefront link and its visible "new tab" note, which screen readers hear inside the link instead. "noopener"
 * without "noreferrer": the storefront's statistics should still see which site sent the visitor.
 */
export function StorefrontLink({
  href,
  label,
  context,
  variant = "primary",
  note = true,
  place,
}: {
  href: string;
  label: string;
  context?: string;
  variant?: Variant;
  /** The visible note beside it; left out where a list says it once for all its links (StorefrontNote). */
  note?: boolean;
  /** Where on its page it is ("card", "store"), for a page with more than one kind: said in its `?from=`. */
  place?: string;
}) {
  const plain = usePlain();
  const page = useContext(StorefrontSource);
  return (
    <span className="leaves">
      <a
        className={buttonClass(variant)}
        href={page === undefined ? href : withClickedFrom(href, page, place)}
        target="_blank"
        rel="noopener"
      >
        <ButtonLabel>{label}</ButtonLabel>
        <span className="visually-hidden">
          {context ? `: ${context}` : ""}, {plain(frame.storefrontLink.spoken)}
        </span>
        <Icon name="external" className="button__icon" />
      </a>
      {note && (
        <span className="leaves__note" aria-hidden="true">
          <Text text={frame.storefrontLink.note} />
        </span>
      )}
    </span>
  );
}

/** Opens the visitor's mail client with a preset subject and body. A printed page shows the address after it. */
export function MailLink({
  email,
  preset,
  children,
  variant,
}: {
  email: string;
  preset: MailPreset;
  children: ReactNode;
  /** Drawn as a button when given, otherwise an inline text link. */
  variant?: Variant;
}) {
  return (
    <a
      className={variant ? buttonClass(variant) : "text-link"}
      href={mailtoHref(email, preset)}
      data-print-target={children === email ? undefined : email}
    >
      {variant ? (
        <ButtonLabel>{children}</ButtonLabel>
      ) : typeof children === "string" && children !== email ? (
        <Text text={children} />
      ) : (
        children
      )}
      {variant && <Icon name="mail" className="button__icon" />}
    </a>
  );
}
