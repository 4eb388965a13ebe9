import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../paths";

const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;

describe("npm test needs no command but itself", () => {
  it("installs every package folder the suites use, each when it is missing, before the suite runs", () => {
    // The suites' own packages: every package.json under scripts/e2e (the browser drivers, Cloudflare's runtime).
    const folders = readdirSync(join(ROOT, "scripts/e2e"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.name === "package.json" && !entry.parentPath.includes("node_modules"))
      .map((entry) => relative(ROOT, entry.parentPath));
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders)
      expect(scripts.pretest, folder).toMatch(new RegExp(`\\|\\| npm ci --prefix ${folder.replace(/\//g, "\\/")} `));
  });
});
