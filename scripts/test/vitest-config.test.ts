import { printDiffOrStringify } from "@vitest/utils/diff";
import { describe, expect, it } from "vitest";
import { DIFF } from "./vitest.config";

describe("#20 a failing assertion is readable", () => {
  it("prints a few dozen lines of a difference, even between objects that hold a build's files", () => {
    const built = { files: new Map([["assets/preview.mp3", new Uint8Array(50_000)]]), pages: new Map([["index.html", "<p>page</p>"]]) };
    const printed = printDiffOrStringify({ message: "rejected promise" }, built, DIFF)!;
    expect(printed.split("\n").length).toBeLessThanOrEqual(40);
    expect(printed).toContain("Diff result is truncated");
    // The same comparison as vitest prints it without the setting: one line a byte.
    expect(printDiffOrStringify({ message: "rejected promise" }, built)!.split("\n").length).toBeGreaterThan(50_000);
  });
});
