/**
 * Where Gumroad's own follow form posts (its "follow form" embed): `seller_id` and `email`, as a plain form. Gumroad
 * answers with a page of its own, confirms the address by mail and keeps the unsubscribe link.
 */
export const FOLLOW_ACTION = "https://app.gumroad.com/follow_from_embed_form";
