/**
 * The owner's files as every message names them (site.ts, and the folders of images and previews beside it), and the
 * error that lists what is wrong in them. It imports nothing: the code that draws a picture names its problems from
 * here without taking validation into the code its pictures are named by (scripts/static-build/media/code-hash.ts).
 */

/** Where the previews made from masters are committed (the masters themselves live outside the project). */
export const PREVIEWS_FOLDER = "src/content/previews";
/** Where the owner's images are (the fields' covers, the maker's photo), committed with the site (an image is small; the build makes its sizes). */
export const COVERS_FOLDER = "src/content/covers";
/** The names of the owner's images the build takes. */
export const IMAGE_FILE = /\.(jpe?g|png|webp|avif)$/i;

/** The file the owner edits; every content error names it. */
export const CONTENT_FILE = "src/content/site.ts";

export interface ContentProblem {
  field: string;
  message: string;
  /** Where the value came from: a content file, or an environment variable that overrode it. */
  source: string;
}

export class ContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Invalid site content:\n${problems.map((p) => `  ${p.source}: ${p.field} ${p.message}`).join("\n")}`);
    this.name = "ContentError";
  }

  /** The same problems, each of a field named by its title too: `fields[3] ("Rainfall Alpha").preview.file`. */
  naming(fields: readonly unknown[] | undefined): ContentError {
    return new ContentError(
      this.problems.map((problem) => ({
        ...problem,
        field: withTitle(problem.field, fields),
      })),
    );
  }
}

/** A field as a message names it: its place in site.ts and, where it has one, its title. */
export const fieldAt = (i: number, field?: unknown) => {
  const title = (field as { title?: unknown } | undefined)?.title;
  return typeof title === "string" && title.trim() !== "" ? `fields[${i}] (${JSON.stringify(title)})` : `fields[${i}]`;
};

/** A path in the content as messages give it: a field's by its place and title, `fields[3] ("Rainfall Alpha").cover`. */
export const withTitle = (path: string, fields: readonly unknown[] | undefined) =>
  path.replace(/^fields\[(\d+)\](?! \()/, (_, i: string) => fieldAt(Number(i), fields?.[Number(i)]));
