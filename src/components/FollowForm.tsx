import { frame } from "../content/frame";
import type { SiteContent } from "../content/types";
import { FOLLOW_ACTION } from "../lib/follow";
import { Icon } from "./Icon";
import { ButtonLabel } from "./Links";
import { Paragraph, Text } from "./Text";

/**
 * Follows the studio on Gumroad, which confirms by mail and owns the unsubscribe link. A plain form, no script: its
 * answer opens in a new tab, the one target the page's policy allows. `id`: its address field's, unique on its page.
 */
export function FollowForm({
  site,
  id,
  title,
  titleClass,
}: {
  site: SiteContent;
  id: string;
  title: string;
  /** The address field's label, drawn as its place draws a title (the footer's labels, a field page's panels). */
  titleClass: string;
}) {
  const sellerId = site.storefront.sellerId;
  if (!sellerId) return null;
  // Every byte here is on every page (the footer), each page within its first round trip: no wrapper; the note, which
  // the address field and the button name as their description, says where the form leads.
  return (
    // Where Gumroad sends a follow it refuses (the seller's own page): the page's policy allows it (security.ts).
    <form
      className="follow"
      action={FOLLOW_ACTION}
      method="post"
      target="_blank"
      rel="noopener"
      data-answers-from={new URL(site.storefront.url).origin}
    >
      <label className={titleClass} htmlFor={id}>
        <Text text={title} />
      </label>
      <input type="hidden" name="seller_id" value={sellerId} />
      <input id={id} type="email" name="email" autoComplete="email" required aria-describedby={`${id}-note`} />
      <button className="button button--secondary" type="submit" aria-describedby={`${id}-note`}>
        <ButtonLabel>{frame.follow.button}</ButtonLabel>
        <Icon name="external" className="button__icon" />
      </button>
      <Paragraph id={`${id}-note`} text={frame.follow.note} />
    </form>
  );
}
