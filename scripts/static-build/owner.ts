import { join } from "node:path";
import { COVERS_FOLDER, PREVIEWS_FOLDER, withEnvironment } from "../../src/content/validate";
import { ROOT } from "../paths";

/**
 * The owner's settings (src/content/site.ts, with the environment's overrides) and where each came from: read by the
 * commands' main() and the dev server alone, and passed down. Nothing below them reads it.
 */
export async function ownerSite() {
  const { site } = await import("../../src/content/site");
  return withEnvironment(site);
}

/** Where the owner's files are: the committed previews and the fields' record, the images. What main() passes down. */
export const ownerFolders = () => ({
  previewFolders: { project: ROOT, committed: join(ROOT, PREVIEWS_FOLDER) },
  images: { folder: join(ROOT, COVERS_FOLDER) },
  record: join(ROOT, PREVIEWS_FOLDER),
});

/**
 * The owner's previews and images without the fields' record: for a catalogue that is not the owner's (the bench's
 * grown ones), whose fields must never be recorded as the owner's.
 */
export function ownerMedia() {
  const { record: _record, ...media } = ownerFolders();
  return media;
}
