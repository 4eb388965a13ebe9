import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { printDiffOrStringify } from "@vitest/utils/diff";
import { describe, expect, it } from "vitest";
import { ROOT } from "../paths";
import { DIFF } from "./vitest.config";

describe("a failing assertion is readable", () => {
  it("prints a few dozen lines of a difference, even between objects that hold a build's files", () => {
    const built = {
      files: new Map([["assets/preview.mp3", new Uint8Array(50_000)]]),
      pages: new Map([["index.html", "<p>page</p>"]]),
    };
    const printed = printDiffOrStringify({ message: "rejected promise" }, built, DIFF)!;
    expect(printed.split("\n").length).toBeLessThanOrEqual(40);
    expect(printed).toContain("Diff result is truncated");
    // The same comparison as vitest prints it without the setting: one line a byte.
    expect(printDiffOrStringify({ message: "rejected promise" }, built)!.split("\n").length).toBeGreaterThan(50_000);
  });
});

describe("npm test on a machine that lacks a tool", () => {
  const vitest = (env: Record<string, string>, ...projects: string[]) =>
    spawnSync(
      process.execPath,
      [
        join(ROOT, "node_modules/vitest/vitest.mjs"),
        "run",
        "--configLoader",
        "runner",
        "--config",
        "scripts/test/vitest.config.ts",
        ...projects.flatMap((name) => ["--project", name]),
        "src/lib/mailto.test.ts",
      ],
      {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: "1", ...env },
        encoding: "utf8",
      },
    );

  it("runs what it can and ends by naming what it skipped and what to install; with CI set, fails before any test", () => {
    // A machine without Chromium, whatever this one has: the browser suite, and the engines' and hosts' with it, left out.
    const here = vitest({ CI: "", CHROME_PATH: "/nowhere/chromium" });
    expect(here.status, here.stderr).toBe(0);
    // The one file asked for ran, and every test in it passed, however many it holds.
    expect(here.stdout).toContain("Test Files  1 passed (1)");
    expect(here.stdout).not.toMatch(/Tests .*failed/);
    expect(here.stdout).toContain("  included unit tests");
    expect(here.stdout).toContain(
      "  skipped  browser suite in Chromium: Chromium is needed for the browser tests and was not found: install it with",
    );
    expect(here.stdout).toContain("  skipped  Firefox: runs with the browser suite, which needs Chromium (above)");
    const ci = vitest({ CI: "true", CHROME_PATH: "/nowhere/chromium" });
    expect(ci.status).not.toBe(0);
    expect(`${ci.stdout}${ci.stderr}`).toContain("CI runs every suite, and this machine cannot:");
    expect(`${ci.stdout}${ci.stderr}`).not.toContain("Test Files");
    // A run of the unit tests alone needs none of it, in CI too (the owner's scenario runs some in its copy).
    const unitOnly = vitest({ CI: "true", CHROME_PATH: "/nowhere/chromium" }, "unit");
    expect(unitOnly.status, unitOnly.stderr).toBe(0);
    expect(unitOnly.stdout).toContain("Test Files  1 passed (1)");
  });
});
