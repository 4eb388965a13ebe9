import { join } from "node:path";
import { withEnvironment } from "../../src/content/validate";
import { COVERS_FOLDER, PREVIEWS_FOLDER } from "../../src/content/files";
import { ROOT } from "../paths";

/** Read by the commands' main() and the dev server alone, and passed down: nothing below them reads it. */
export async function ownerSite() {
  const { site } = await import("../../src/content/site");
  return withEnvironment(site);
}

export const ownerFolders = () => ({
  previewFolders: { project: ROOT, committed: join(ROOT, PREVIEWS_FOLDER) },
  images: { folder: join(ROOT, COVERS_FOLDER) },
  record: join(ROOT, PREVIEWS_FOLDER),
});

/** Without the fields' record: a catalogue not the owner's (the bench's) must never be recorded as the owner's. */
export function ownerMedia() {
  const { record: _record, ...media } = ownerFolders();
  return media;
}
