import { join } from "node:path";
import { BANDS, inBand, type Band } from "../../../src/content/bands";
import { fieldSlug } from "../../../src/content/fields";
import type { PreviewSource, SiteContent } from "../../../src/content/types";
import { CONTENT_FILE, ContentError, type ContentProblem } from "../../../src/content/files";
import { waveOf, type Preview } from "../../../src/lib/preview";
import { mastersFolder } from "../../paths";
import { assetPath } from "../asset-path";
import type { SourceChanges } from "../write";
import { makePreview, PREVIEW_SETTINGS, previewCode, type Measured } from "./audio/preview";
import { clock, SourceError } from "./audio/source";
import { synthesize } from "./audio/synth";
import { cache as diskCache, cacheKey, type Cache } from "./cache";
import { claimProblem, hz, traceProblem, undeclaredNote } from "./preview-claims";
import { fieldBands } from "../../../src/content/purposes";
import { fromMaster, type Folders, type Made } from "./preview-excerpt";
import { identity, PreviewError, readShelf, unusedPreviews, wantedOf } from "./preview-store";
import pLimit from "p-limit";
import { traceThreads } from "./trace-threads";

export { PREVIEW_SETTINGS, type Measured };

/**
 * Each holds its excerpt (up to 46 MB) and traces use the threads, so a second at once added memory, not speed: 40
 * fields of 60-second previews took 211 s and 560 MB at two, 195 s and 497 MB at one (the bench, on two cores).
 */
const AT_ONCE = 1;

interface PreviewReport {
  field: string;
  declared: readonly Band[];
  measured: Measured;
}

export interface PreviewFolders {
  /** The project this build is in: a relative masters setting is read from there. */
  project?: string;
  masters?: string;
  committed?: string;
  cache?: string;
}

/** A committed preview of a master is used as it is; only one whose master, excerpt or settings changed is remade. */
export async function buildPreviews(
  site: SiteContent,
  sources: Record<string, string> = {},
  folders: PreviewFolders = {},
) {
  const { project, committed } = folders;
  const masters = folders.masters ?? mastersFolder(site.masters, project);
  const cache = diskCache("previews", folders.cache);
  const code = previewCode();
  const problems: ContentProblem[] = [];
  const notes: string[] = [];
  const shelf = await readShelf(committed);
  if (shelf.problems.length > 0 && site.fields.some((f) => f.preview && "file" in f.preview))
    throw new ContentError(shelf.problems);
  // Written into src/content/previews/ only once all the build's checks pass.
  const commit: SourceChanges = { write: new Map(), remove: [] };
  const threads = traceThreads();
  const limit = pLimit(AT_ONCE);
  // Fields that play one excerpt or one recipe share its preview, made (or found) once; the first field's note says it.
  const taken = new Map<string, Promise<Made>>();
  const excerpts: Folders = { masters, shelf, commit, cache, code, threads };
  const made = await Promise.all(
    site.fields.map((field, i) =>
      limit(async () => {
        const preview = field.preview;
        if (!preview) return undefined;
        const at = `fields[${i}].preview`;
        const from = "file" in preview ? `(${join(masters, preview.file)})` : "(its recipe)";
        const fail = (message: string) =>
          problems.push({ source: sources[at] ?? CONTENT_FILE, field: at, message: `${from} ${message}` });
        try {
          const id = "file" in preview ? identity(preview.file, wantedOf(preview)) : JSON.stringify(preview.recipe);
          const first = !taken.has(id);
          if (first)
            taken.set(id, "file" in preview ? fromMaster(field, preview, excerpts) : fromRecipe(preview, cache, code));
          const { mp3, measured, note, trace, name } = await taken.get(id)!;
          if (first && note) notes.push(note);
          const problem = claimProblem(field, measured) ?? (trace && traceProblem(field, trace));
          if (problem) return void fail(problem);
          const declared = fieldBands(field);
          const undeclared = measured.beats.filter((beat) => !declared.some((band) => inBand(beat.hz, band)));
          if (undeclared.length > 0 && !field.glide) notes.push(undeclaredNote(field, i, undeclared));
          return { field, mp3, measured, name, trace: trace && { seconds: trace.seconds, points: trace.points } };
        } catch (error) {
          if (error instanceof PreviewError || error instanceof SourceError) return void fail(error.message);
          throw error;
        }
      }),
    ),
  ).finally(() => threads.close());
  if (problems.length > 0) throw new ContentError(problems.sort((a, b) => a.field.localeCompare(b.field)));
  notes.push(...unusedPreviews(shelf, site.fields, commit));

  const built = made.filter((preview) => preview !== undefined);
  const bySlug = new Map<string, Preview>();
  const files = new Map<string, Uint8Array>();
  for (const { field, mp3, measured, trace, name } of built) {
    const path = assetPath(name ? `preview-${name}` : "preview-beat", "mp3", mp3);
    files.set(path.slice(1), mp3);
    bySlug.set(fieldSlug(field), {
      path,
      seconds: measured.seconds,
      wave: waveOf(measured.peaks),
      kind: "file" in field.preview! ? "excerpt" : "beat",
      beats: measured.beats.map((beat) => Math.round(beat.hz * 100) / 100),
      ...(measured.pulseHz !== undefined && { pulse: measured.pulseHz }),
      ...(trace && { trace }),
    });
  }
  const report = built.map(({ field, measured }) => ({ field: field.title, declared: fieldBands(field), measured }));
  const measured = new Map(built.map(({ field, measured }) => [fieldSlug(field), measured] as const));
  return { bySlug, files, report, measured, notes, commit };
}

async function fromRecipe(preview: Extract<PreviewSource, { recipe: unknown }>, cache: Cache, code: string) {
  const recipe = { noise: 0.3, ...preview.recipe };
  const key = cacheKey("recipe", PREVIEW_SETTINGS, code, recipe);
  const [mp3, measured] = await Promise.all([cache.read(`${key}.mp3`), cache.read(`${key}.json`)]);
  if (mp3 && measured) return { mp3, measured: JSON.parse(Buffer.from(measured).toString("utf8")) as Measured };
  const made = await makePreview(synthesize(recipe), `its beat, synthesized (${clock(recipe.seconds)})`);
  await cache.write(`${key}.mp3`, made.mp3);
  await cache.write(`${key}.json`, JSON.stringify(made.measured));
  return made;
}

export function previewTable(report: readonly PreviewReport[]): string[] {
  const rows = report.flatMap(({ field, declared, measured }) => {
    const first = [`${measured.lufs.toFixed(1)} LUFS`, `${measured.truePeakDbtp.toFixed(1)} dBTP`, measured.cut];
    if (measured.beats.length === 0) return [[field, "no beat", "", "", ...first]];
    return measured.beats.map((beat, b) => {
      const band = declared.find((d) => inBand(beat.hz, d));
      return [
        b === 0 ? field : "",
        hz(beat.hz),
        band ? `${BANDS[band].name} ✓` : "not declared",
        `${beat.leftHz.toFixed(1)} | ${beat.rightHz.toFixed(1)} Hz`,
        ...(b === 0 ? first : ["", "", ""]),
      ];
    });
  });
  const head = ["Preview", "Beat", "Band", "Carriers L | R", "Loudness", "True peak", "From"];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  return [head, ...rows].map((row) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd(),
  );
}
