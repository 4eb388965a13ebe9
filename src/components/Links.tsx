import type { ReactNode } from "react";
import { mailtoHref, type MailPreset } from "../lib/mailto";
import { Icon } from "./Icon";

type Variant = "primary" | "secondary";

const buttonClass = (variant: Variant) => `button button--${variant}`;

/** A link to another page of this site, drawn as a button. */
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
      {children}
      {context && <span className="visually-hidden"> {context}</span>}
      <Icon name="arrow" className="button__icon" />
    </a>
  );
}

/**
 * A storefront link. It opens a new tab, so it says so to screen readers, and names what it leads to when
 * the visible label ("Access the Morphic Field") repeats across cards. rel="noopener" without
 * "noreferrer": the storefront's statistics should still see which site sent the visitor.
 */
export function StorefrontLink({
  href,
  label,
  context,
  variant = "primary",
}: {
  href: string;
  label: string;
  context?: string;
  variant?: Variant;
}) {
  return (
    <a className={buttonClass(variant)} href={href} target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden">
        {context ? `: ${context}` : ""} (opens in a new tab)
      </span>
      <Icon name="external" className="button__icon" />
    </a>
  );
}

/** Opens the visitor's mail client with a preset subject and body. */
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
    <a className={variant ? buttonClass(variant) : "text-link"} href={mailtoHref(email, preset)}>
      {children}
      {variant && <Icon name="mail" className="button__icon" />}
    </a>
  );
}
