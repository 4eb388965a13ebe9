import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIELD_SETTINGS } from "../../src/content/settings";
import { ROOT } from "../paths";
import { SETTINGS_README, withSettingsTable } from "./settings-table";

describe("the settings table, from the settings themselves", () => {
  const readme = readFileSync(join(ROOT, SETTINGS_README), "utf8");

  it(`${SETTINGS_README} lists every setting as src/content/settings.ts describes it (npm run docs writes it)`, () => {
    expect(withSettingsTable(readme), "the table is out of date: run npm run docs").toBe(readme);
    for (const key of Object.keys(FIELD_SETTINGS)) expect(readme).toContain(`| \`fields[].${key}\` |`);
  });

  it("says where it cannot write the table", () => {
    expect(() => withSettingsTable("# A README with no place for it\n")).toThrow(
      `${SETTINGS_README}: no "<!-- The settings`,
    );
  });
});
