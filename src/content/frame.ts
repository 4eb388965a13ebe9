/**
 * The words around every page; {seconds}, {minutes} and {bands} are filled in for each card.
 * The site's own slots work too.
 */
export const frame = {
  /** The copy's language and region, for share previews (og:locale): British English. */
  locale: "en_GB",
  skipLink: "Skip to content",
  /** The picture a shared link shows: the line above the brand, drawn in capitals. */
  shareImage: { eyebrow: "Premium headphone audio" },
  menu: "Menu",
  /** Under a preview whose file a new version of the site has replaced, when the page names none to play instead. */
  pageChanged: { text: "This page has changed since you opened it.", reload: "Reload it" },
  /** The same toggle while the menu is open. */
  close: "Close",
  footer: {
    contactLabel: "Write to us",
    /** The footer's list of the site's pages, as screen readers name it among the page's landmarks. */
    pagesLabel: "Pages",
    safety: "Listen with stereo headphones at a low volume, and never while driving.",
  },
  /**
   * The form that follows the studio on Gumroad: in the footer, and under a field's product (field-page.ts).
   * `note`: in one sentence, where it leads and what happens to the address.
   */
  follow: {
    /** The address field's label in the footer. */
    title: "New fields by e-mail",
    button: "Follow",
    note: "Opens Gumroad in a new tab to confirm. Gumroad keeps your address for our news; every e-mail has a link to stop.",
  },
  /** The feed of new fields (/feed.xml): its title, after the studio's name. */
  feed: { title: "new fields" },
  /** Beside every shown e-mail address, for visitors whose mail link opens nothing (webmail). */
  copyAddress: {
    copy: "Copy address",
    copied: "Copied",
    failed: "Could not copy: select the address above",
  },
  storefrontLink: {
    /** Shown beside a storefront link, or once above a list of them. */
    note: "Opens {storefront} in a new tab",
    /** Heard inside the link by screen readers, after the label (and the field's name). */
    spoken: "on {storefront} (opens in a new tab)",
  },
  fieldCard: {
    excerpt: "Hear a {seconds}-second excerpt of the field itself.",
    beat: "Hear its beat alone: a {seconds}-second tone, not an excerpt of the field.",
    length: "{minutes}-minute audio",
    /** Home's short card: its length beside its tuning. */
    lengthShort: "{minutes} minutes",
    band: "{bands} beat",
    bands: "{bands} beats",
    /** A field whose beat moves: {beat} is "from 10 Hz (Alpha) to 6 Hz (Theta)". */
    glide: "A beat that glides {beat}",
    /** Beside the storefront action of a pay-what-you-want field: {price} is the least a buyer pays. */
    priceFrom: "From {price}",
    /** Under a card's player, where what it plays is the field's beat synthesized, not an excerpt of the field. */
    beatShort: "Beat only",
  },
};
