import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "./cpu-slowdown";

describe("the bench's CPU slowdown for a mid-tier phone", () => {
  it("is Lighthouse's default 4× on the fast desktop that default assumes, and its calculator's figures elsewhere", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 5);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
    expect(cpuSlowdownFor(1300)).toBeCloseTo(3, 5);
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 5);
    expect(cpuSlowdownFor(800)).toBeCloseTo(2, 5);
    expect(cpuSlowdownFor(475)).toBeCloseTo(1.5, 5);
  });

  it("never speeds the page up, and refuses what is not an index", () => {
    expect(cpuSlowdownFor(90)).toBe(1);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/not a benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/not a benchmark index/);
  });
});
