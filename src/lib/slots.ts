/** "{name}" in a content text: a slot the page fills in when it renders (e.g. the storefront's name). */
export const SLOT_PATTERN = /\{(\w+)\}/g;

/** The slots content may use, and what fills them. The content check refuses any other. */
export interface Slots {
  storefront: string;
}

export function fillSlots(text: string, slots: Slots): string {
  return text.replace(SLOT_PATTERN, (whole, name: string) => (name in slots ? slots[name as keyof Slots] : whole));
}
