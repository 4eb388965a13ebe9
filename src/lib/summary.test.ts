import { describe, expect, it } from "vitest";
import { CARD_TEXT_MAX, cardText } from "./summary";

describe("a description as its card tells it", () => {
  const sentence = (n: number) => `Sentence ${n} tells of the harbour at night, the rigging, and the slow tide.`;

  it("is the whole description where it is short enough, trimmed", () => {
    expect(cardText(`  ${sentence(1)} ${sentence(2)} `)).toBe(`${sentence(1)} ${sentence(2)}`);
  });

  it("is its first whole sentences where the rest would make it long", () => {
    const long = [1, 2, 3, 4, 5].map(sentence).join(" ");
    const told = cardText(long);
    expect(told).toBe([1, 2, 3].map(sentence).join(" "));
    expect(told.length).toBeLessThanOrEqual(CARD_TEXT_MAX);
  });

  it("keeps a sentence's closing quote or bracket with it", () => {
    const quoted = `She called it “the quiet hour.” ${"Then the tide came in over the stones. ".repeat(8)}`;
    expect(cardText(quoted, 75)).toBe("She called it “the quiet hour.” Then the tide came in over the stones.");
  });

  it("does not end a sentence at an abbreviation", () => {
    const text = `Rain and rigging, e.g. the marina at night, under a slow beat. ${sentence(2)} ${sentence(3)} ${sentence(4)}`;
    expect(cardText(text, 80)).toBe("Rain and rigging, e.g. the marina at night, under a slow beat.");
    // Where that sentence is too long, its first words: never "Rain and rigging, e.g." as if it were one.
    expect(cardText(text, 50)).toBe("Rain and rigging, e.g. the marina at night…");
  });

  it("is its first words with an ellipsis where the first sentence alone is too long, never a cut word", () => {
    const one = `${"a slow wave over the breakwater, ".repeat(12)}and then silence.`;
    const told = cardText(one);
    expect(told.endsWith("…")).toBe(true);
    expect([...told].length).toBeLessThanOrEqual(CARD_TEXT_MAX);
    expect(one.startsWith(told.slice(0, -1))).toBe(true);
    // It ends where a word of the description ends, with no comma before the ellipsis.
    expect(one[told.length - 1]).toMatch(/[\s,]/);
    expect(told).not.toMatch(/,…$/);
  });
});
