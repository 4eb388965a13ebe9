/** Where Gumroad's own follow form embed posts `seller_id` and `email`. */
export const FOLLOW_ACTION = "https://app.gumroad.com/follow_from_embed_form";
