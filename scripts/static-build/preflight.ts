import { readdir } from "node:fs/promises";
import { distance } from "fastest-levenshtein";
import { join, relative } from "node:path";
import type { ContentFile, SiteContent } from "../../src/content/types";
import { findPlaceholders, placeholderProblems, validateContent } from "../../src/content/validate";
import {
  CONTENT_FILE,
  ContentError,
  COVERS_FOLDER,
  PREVIEWS_FOLDER,
  withTitle,
  type ContentProblem,
} from "../../src/content/files";
import { mastersFolder } from "../paths";
import { isWithin } from "../within";
import { keepAddresses, type FieldRecord } from "./identity";
import { COVER_SETTINGS, CoverError, PHOTO_SETTINGS, readOwnerImage } from "./media/covers";
import { nearestName, notThere, sameName } from "./media/names";
import { AUDIO_FILE } from "./media/preview-excerpt";
import { readShelf } from "./media/preview-store";
import { stripMetadata } from "./media/strip-metadata";
import { writeWhole } from "./write";

interface PreflightOptions {
  sources: Record<string, string>;
  files: readonly ContentFile[];
  /** A build to publish: placeholders, and a committed image that still tells where it was taken, stop it. */
  deploy: boolean;
  /** Each field is checked at the address it was first given (identity.ts). */
  record: readonly FieldRecord[];
  /** The project this build is in: its src/ holds no audio, and the masters folder is outside it. */
  project?: string;
  /** Where the masters are, and the committed previews (the project's, unless a test has its own). */
  masters?: string;
  committed?: string;
  images?: string;
}

/**
 * All that needs no audio or image work, in one pass, so that every mistake is reported at once, in seconds. A side
 * effect: an owner's image that tells where it was taken, or what took it, has that stripped from the file itself,
 * which is about to be committed; the build says so.
 */
export async function preflight(site: SiteContent, options: PreflightOptions) {
  const { sources, files, deploy } = options;
  const problems: ContentProblem[] = [];
  let content: SiteContent | undefined;
  try {
    content = validateContent(keepAddresses(site, options.record), { sources, files });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems);
  }
  // What can be looked for in content with mistakes elsewhere in it is: a field whose own values are wrong says so above.
  const fields = Array.isArray(site.fields) ? site.fields : [];
  problems.push(...(await missingMasters(site, fields, options)), ...(await audioInProject(site, options)));
  const images = await checkImages(site, fields, options);
  problems.push(...images.problems);
  const placeholders = content ? findPlaceholders(content, { sources, files }) : [];
  if (deploy) problems.push(...placeholderProblems(placeholders));
  if (problems.length > 0 || !content) throw new ContentError(problems);
  return { content, placeholders, notes: images.notes };
}

/**
 * A master must be in the masters folder or, where that folder is not on this machine, have a committed preview made
 * from it: the previews build from what is committed.
 */
async function missingMasters(site: SiteContent, fields: readonly unknown[], options: PreflightOptions) {
  const named = fields.flatMap((field, i) => {
    const file = (field as { preview?: { file?: unknown } })?.preview?.file;
    return typeof file === "string" ? [{ i, file }] : [];
  });
  if (named.length === 0) return [];
  const masters = mastersOf(site, options);
  const holds = masters && (await readdir(masters).catch(() => undefined));
  if (!holds && (!masters || !options.committed)) return [];
  const shelf = await readShelf(options.committed);
  // A half or unreadable preview may be the one a field plays: what is wrong with it is the problem to report.
  if (!holds && shelf.problems.length > 0) return shelf.problems;
  const committed = shelf.previews.map((p) => p.record.source.file);
  const notHere = (file: string) => {
    const spelt = sameName(committed, file);
    if (spelt) return `is "${file}", and its committed preview was made from "${spelt}": write it as it is there`;
    const nearest = nearestName(committed, file);
    const meant = nearest && distance(nearest, file) <= file.length / 4 ? ` (did you mean "${nearest}"?)` : "";
    return `is "${file}", which is not here (the masters folder, ${masters}, is not on this machine), and no preview of it is committed in ${PREVIEWS_FOLDER}/${meant}: put the master there, or set SITE_MASTERS to where it is, and build`;
  };
  return named
    .filter(({ file }) => !committed.includes(file) && !(holds && sameName(holds, file)))
    .map(({ i, file }) => {
      const at = `fields[${i}].preview.file`;
      return {
        source: options.sources[at] ?? CONTENT_FILE,
        field: at,
        message: holds
          ? `is "${file}", which is not in the masters folder (${masters}): ${notThere(holds, file, "no file")}`
          : notHere(file),
      };
    });
}

/** The masters folder the build is given, or the one a valid setting names (a blank one names none). */
const mastersOf = (site: SiteContent, { masters, project }: PreflightOptions) =>
  masters ??
  (typeof site.masters === "string" && site.masters.trim() ? mastersFolder(site.masters, project) : undefined);

/** Masters kept where the site's code lives would be copied by every test and, one day, committed. */
async function audioInProject(site: SiteContent, options: PreflightOptions): Promise<ContentProblem[]> {
  const { project, committed } = options;
  if (project === undefined) return [];
  const masters = mastersOf(site, options);
  const problems: ContentProblem[] = [];
  if (masters !== undefined && isWithin(project, masters))
    problems.push({
      source: options.sources.masters ?? CONTENT_FILE,
      field: "masters",
      message: `is inside the project (${relative(project, masters) || "."}): masters are large and must never enter git; name a folder outside it, like "../masters"`,
    });
  if (committed === undefined) return problems;
  const src = join(project, "src");
  const files = await readdir(src, { recursive: true }).catch(() => [] as string[]);
  for (const file of files.filter((f) => AUDIO_FILE.test(f))) {
    const path = join(src, file);
    // A committed preview, beside its record, is the one audio file the project holds.
    const preview = relative(committed, path);
    if (/^[^/\\]+\.mp3$/.test(preview) && files.includes(relative(src, path.replace(/\.mp3$/, ".json")))) continue;
    problems.push({
      source: relative(project, path),
      field: "(file)",
      message: `is audio inside the project, where git and every test copy would take it. Masters belong in the masters folder${masters === undefined ? "" : `, ${masters},`} outside the project: move it there`,
    });
  }
  return problems;
}

/**
 * Metadata is stripped in place; a build to publish, which runs on what is committed, refuses it instead, as does any
 * build for a file that cannot be stripped here.
 */
async function checkImages(site: SiteContent, fields: readonly unknown[], options: PreflightOptions) {
  const problems: ContentProblem[] = [];
  const notes: string[] = [];
  const wanted = [
    ...fields.map((field, i) => ({
      at: `fields[${i}].cover`,
      file: (field as { cover?: unknown })?.cover,
      settings: COVER_SETTINGS,
      what: "a cover",
    })),
    { at: "maker.photo", file: site.maker?.photo, settings: PHOTO_SETTINGS, what: "a photo" },
  ];
  for (const { at, file, settings, what } of wanted) {
    if (typeof file !== "string" || file === "") continue;
    const source = options.sources[at] ?? CONTENT_FILE;
    const path = `${COVERS_FOLDER}/${file}`;
    const fail = (message: string) => problems.push({ source, field: at, message: `(${path}) ${message}` });
    try {
      const { bytes, held, format } = await readOwnerImage(options.images, file, settings, what);
      if (held.length === 0) continue;
      const holds = `holds metadata (${held.join(", ")})`;
      if (options.deploy) {
        fail(`${holds}, and it is public once published: \`npm run build\` removes it from the file; commit that`);
      } else if (format === "heif") {
        fail(`${holds}, which cannot be removed from an AVIF here: export it again without it`);
      } else {
        await writeWhole(join(options.images!, file), stripMetadata(bytes));
        notes.push(
          `${source}: ${withTitle(at, fields)} (${path}) held metadata (${held.join(", ")}): removed from the file, the picture as it was; commit it`,
        );
      }
    } catch (error) {
      if (!(error instanceof CoverError)) throw error;
      fail(error.message);
    }
  }
  return { problems, notes };
}
