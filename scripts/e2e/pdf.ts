import { spawnSync } from "node:child_process";

/** Poppler's pdftotext (Debian: poppler-utils), for the print tests; undefined where it is not installed. */
export const findPdftotext = () => (spawnSync("pdftotext", ["-v"]).error === undefined ? "pdftotext" : undefined);

export const PDFTOTEXT_HINT =
  "poppler's pdftotext is needed to read what a printed page says and was not found: install it with `sudo apt-get install -y poppler-utils` (Debian/Ubuntu).";

/** The text on each page of a PDF, as poppler's pdftotext reads it (a form feed ends each page). */
export function pdfPageTexts(pdf: Uint8Array): string[] {
  const run = spawnSync("pdftotext", ["-raw", "-enc", "UTF-8", "-", "-"], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr?.toString() ?? run.error?.message}`);
  return run.stdout.toString("utf8").split("\f").slice(0, -1);
}
