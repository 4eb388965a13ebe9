import { describe, expect, it } from "vitest";
import { isWithin } from "./within";

describe("a path within a folder", () => {
  it("is the folder or below it, a name that begins with two dots included; a way out of it is not", () => {
    expect(isWithin("/studio/site", "/studio/site")).toBe(true);
    expect(isWithin("/studio/site", "/studio/site/..masters")).toBe(true);
    expect(isWithin("/studio/site", "/studio/site/src/masters")).toBe(true);
    expect(isWithin("/studio/site", "/studio/masters")).toBe(false);
    expect(isWithin("/studio/site", "/studio/site/../masters")).toBe(false);
    expect(isWithin("/studio/site", "/elsewhere")).toBe(false);
  });
});
