import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SITE_SETTINGS } from "../../src/content/settings";
import { settingsTable } from "../../src/content/shape";
import { ROOT } from "../paths";

/** The README whose settings table src/content/settings.ts writes (`npm run docs`), between these two lines. */
export const SETTINGS_README = "src/content/README.md";
const START = "<!-- The settings: written by `npm run docs` from src/content/settings.ts. -->";
const END = "<!-- End of the settings. -->";

export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`${SETTINGS_README}: no "${START}" … "${END}" to write the table between`);
  const table = ["| Setting | What it is |", "| --- | --- |", ...settingsTable(SITE_SETTINGS)].join("\n");
  return `${readme.slice(0, start)}${START}\n${table}\n${readme.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const path = join(ROOT, SETTINGS_README);
  const before = readFileSync(path, "utf8");
  const after = withSettingsTable(before);
  if (after !== before) writeFileSync(path, after);
  console.log(`${SETTINGS_README}: ${after === before ? "the settings table is current" : "settings table written"}`);
}
