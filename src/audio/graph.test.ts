import { describe, expect, it } from "vitest";
import { volumeToGain } from "./volume";

describe("volumeToGain", () => {
  it("follows loudness (squared), is silent at 0, and is capped well below full scale", () => {
    expect(volumeToGain(0)).toBe(0);
    expect(volumeToGain(50)).toBeCloseTo(volumeToGain(100) / 4);
    expect(volumeToGain(25)).toBeLessThan(0.05);
    expect(volumeToGain(100)).toBeLessThanOrEqual(0.4);
    expect(volumeToGain(150)).toBe(volumeToGain(100));
    expect(volumeToGain(-5)).toBe(0);
  });
});
