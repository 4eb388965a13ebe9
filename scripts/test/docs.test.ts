import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../paths";

/** Every README of the project (not its packages'), by its path from the root. */
const readmes = readdirSync(ROOT, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name === "README.md")
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
  .filter((path) => !/(^|\/)(node_modules|dist|\.artifacts)\//.test(path));

describe("the READMEs", () => {
  it("say what is true now in at most 6,000 words together, so that a newcomer reads them", () => {
    const words = readmes.map((path) => readFileSync(join(ROOT, path), "utf8").split(/\s+/).filter(Boolean).length);
    expect(readmes).toContain("README.md");
    expect(words.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6_000);
  });

  it("link only to files and folders that are there", () => {
    const broken = readmes.flatMap((path) =>
      [...readFileSync(join(ROOT, path), "utf8").matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("/"))
        .filter((target) => !existsSync(join(ROOT, dirname(path), target)))
        .map((target) => `${path} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
