/** Two sentences on a card: a whole paragraph would stand far taller than the cards beside it. */
export const CARD_TEXT_MAX = 240;

/**
 * A description as its card tells it: whole, else its first sentences that fit, else its first words and "…".
 * Never a cut word.
 */
export function cardText(text: string, max = CARD_TEXT_MAX): string {
  const whole = text.trim();
  if ([...whole].length <= max) return whole;
  // A sentence ends at its stop (and any closing quote or bracket) where a capital begins the next: not after "e.g.".
  const sentences = whole.split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?\p{Lu})/u);
  let told = "";
  for (const sentence of sentences) {
    const next = told ? `${told} ${sentence}` : sentence;
    if ([...next].length > max) break;
    told = next;
  }
  if (told) return told;
  // Room for the ellipsis, and back to the end of the last whole word.
  const head = [...whole].slice(0, max - 1).join("");
  const lastWord = head.search(/\s\S*$/);
  return `${(lastWord > 0 ? head.slice(0, lastWord) : head).replace(/[\s,;:.\-–—]+$/, "")}…`;
}
