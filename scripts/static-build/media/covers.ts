import { fieldSlug } from "../../../src/content/fields";
import type { Field, SiteContent } from "../../../src/content/types";
import { MAKER_PHOTO, type Cover } from "../../../src/lib/cover";
import { SHARE_IMAGE } from "../../../src/lib/page";
// A static import: the dev server runs the build as a CommonJS bundle in a context where import() has no loader.
import { readdir, readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { CONTENT_FILE, ContentError, COVERS_FOLDER, type ContentProblem, IMAGE_FILE } from "../../../src/content/files";
import { assetPath } from "../asset-path";
import { cache as diskCache, cacheKey, type Cache } from "./cache";
import { codeHash } from "./code-hash";
import type { Theme } from "../styles";
import type { Measured } from "./previews";
import { COVER_SIZE, drawnCover, fieldLooks } from "./drawn-cover";
import { metadataHeld } from "./strip-metadata";
import { notThere } from "./names";
import { mapInOrder } from "../in-order";
import { bytesOf, type SiteFile } from "../write";

export { drawnCover };

/**
 * What an owner's cover is made into: square, at the widths pages ask for. 800 is a 375-px phone's full width at 2×:
 * a grainy photo comes to 34 kB there as AVIF (measured), within the 40 kB a cover above a phone's fold may weigh.
 * At least 600 on the short side, as an earlier rule let in 1200 × 600. AVIF at effort 1: against 2, a photo's
 * encodes took a third less CPU and a drawn thumbnail's a seventh, for the same quality and bytes within 1 %.
 */
export const COVER_SETTINGS = {
  widths: [480, 800, 1200],
  avifQuality: 50,
  avifEffort: 1,
  webpQuality: 78,
  shortSideAtLeast: 600,
  widestShape: 2,
} as const;

/**
 * A list's thumbnail (FieldCard's COVER_SIZES.thumb: 72 px at 1×) at 2× and 3×, a drawn cover's too, not its SVG:
 * Chromium builds a document for each SVG picture on the main thread (5 to 13 ms before Home's first paint, traced).
 */
export const THUMB_SETTINGS = { ...COVER_SETTINGS, widths: [144, 216] } as const;

/** The maker's photo: 5rem round on About, so 160 px at 2×, 240 at 3×; at least 160, as every phone is 2× or more. */
export const PHOTO_SETTINGS = { ...COVER_SETTINGS, widths: [160, 240], shortSideAtLeast: 160 } as const;

export interface CoverFolders {
  /** Where the owner's images are (src/content/covers/). */
  folder?: string;
  /** The cache's root (cache.ts), where made sizes are kept between builds. */
  cache?: string;
}

/**
 * Every field's cover by its slug, the maker's photo, and the files. An owner's image is cropped square, stripped of
 * all metadata (a phone's photo carries where it was taken) and made as AVIF and WebP at each width; a field without
 * a `cover` gets one drawn from its sound, in the hue `hues` kept for it, or a new one.
 */
export async function buildCovers(
  site: SiteContent,
  measured: ReadonlyMap<string, Measured>,
  theme: Theme,
  sources: Record<string, string> = {},
  { folder, cache: cacheRoot }: CoverFolders = {},
  hues: ReadonlyMap<string, number> = new Map(),
): Promise<{
  bySlug: Map<string, Cover>;
  files: Map<string, SiteFile>;
  forShare: Map<string, string>;
  /** Each field's hue, kept or newly given: what the record keeps (scripts/static-build/identity.ts). */
  hues: Map<string, number>;
}> {
  const bySlug = new Map<string, Cover>();
  const files = new Map<string, SiteFile>();
  const cache = diskCache("covers", cacheRoot);
  // The code that makes an image's sizes: this module, and sharp. Read once a build, not once an image.
  const code = codeHash(["scripts/static-build/media/covers.ts"]);
  const forShare = new Map<string, string>();
  const problems: ContentProblem[] = [];
  /**
   * The owner's image named at `at`, its files' names starting `name`, `what` it is as its errors say it ("a cover"),
   * and how to make its other sizes; a problem with it is kept, to report with the rest.
   */
  const owners = async (
    at: string,
    file: string,
    name: string,
    settings: ImageSettings,
    what: string,
    { into = files, found = problems } = {},
  ) => {
    try {
      const { bytes, side } = await readOwnerImage(folder, file, settings, what);
      const make = maker(async () => bytes, cacheKey(bytes, settings, code), settings, cache);
      return { image: await sized(name, widthsFor(settings.widths, side), make, into), make };
    } catch (error) {
      if (!(error instanceof CoverError)) throw error;
      found.push({
        source: sources[at] ?? CONTENT_FILE,
        field: at,
        message: `(${COVERS_FOLDER}/${file}) ${error.message}`,
      });
      return undefined;
    }
  };
  // Each field's hue kept from when it was first built (fields.json): a field added, renamed or moved changes no other.
  const looks = fieldLooks(site.fields, (field) => measured.get(fieldSlug(field)), hues);
  /** One field's cover, its files and what its share image draws; undefined where its image has a problem. */
  const coverOf = async (field: Field, i: number, own: Map<string, SiteFile>, found: ContentProblem[]) => {
    const slug = fieldSlug(field);
    if (field.cover) {
      const made = await owners(`fields[${i}].cover`, field.cover, `cover-${slug}`, COVER_SETTINGS, "a cover", {
        into: own,
        found,
      });
      if (!made) return undefined;
      const thumb = await sized(`cover-${slug}`, THUMB_SETTINGS.widths, made.make, own);
      const share = await bytesOf((await made.make("png", SHARE_IMAGE.height)).file);
      return {
        cover: { ...made.image, alt: `The cover of ${field.title}`, thumb },
        share: `data:image/png;base64,${Buffer.from(share).toString("base64")}`,
      };
    }
    const { svg, alt } = drawnCover(field, measured.get(slug), theme, looks.get(slug));
    const bytes = new TextEncoder().encode(svg);
    const path = assetPath(`cover-${slug}`, "svg", bytes);
    own.set(path.slice(1), bytes);
    // Rasterised once, at the largest thumbnail's size (sharp reads an SVG at 72 dpi: its own 1200 px).
    const largest = THUMB_SETTINGS.widths.at(-1)!;
    const raster = async () =>
      (await sharpImages())(bytes, { density: (72 * largest) / COVER_SIZE })
        .png()
        .toBuffer();
    const make = maker(raster, cacheKey(bytes, THUMB_SETTINGS, code), THUMB_SETTINGS, cache);
    const thumb = await sized(`cover-${slug}`, THUMB_SETTINGS.widths, make, own);
    return {
      cover: { path, width: COVER_SIZE, height: COVER_SIZE, alt, svg, thumb },
      share: `data:image/svg+xml;base64,${Buffer.from(bytes).toString("base64")}`,
    };
  };
  // Two fields a core, so that a catalogue's new covers keep every core encoding (a cover's own sizes are made one
  // after another: 1,000 new covers took 36.6 s one a core, 32.1 s two, 31.9 s four); kept in the fields' order.
  const made = await mapInOrder(site.fields, 2 * availableParallelism(), async (field, i) => {
    const own = new Map<string, SiteFile>();
    const found: ContentProblem[] = [];
    return { slug: fieldSlug(field), own, found, made: await coverOf(field, i, own, found) };
  });
  for (const { slug, own, found, made: one } of made) {
    for (const [file, bytes] of own) files.set(file, bytes);
    problems.push(...found);
    if (!one) continue;
    bySlug.set(slug, one.cover);
    forShare.set(slug, one.share);
  }
  if (site.maker?.photo) {
    const made = await owners("maker.photo", site.maker.photo, "maker", PHOTO_SETTINGS, "a photo");
    // Beside the maker's name, which says who it shows.
    if (made) bySlug.set(MAKER_PHOTO, { ...made.image, alt: "" });
  }
  if (problems.length > 0) throw new ContentError(problems);
  return { bySlug, files, forShare, hues: new Map([...looks].map(([slug, look]) => [slug, look.hue])) };
}

/** An image that cannot be used: the message completes "fields[i].cover (file) …". */
export class CoverError extends Error {}

const FORMATS: Record<string, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heif: "AVIF" };

type ImageSettings = typeof COVER_SETTINGS | typeof PHOTO_SETTINGS | typeof THUMB_SETTINGS;

/** An owner's image checked from its header alone (there, a picture, big enough): quick, before any image work. */
export async function readOwnerImage(folder: string | undefined, file: string, settings: ImageSettings, what: string) {
  if (folder === undefined) throw new CoverError("cannot be read: this build was given no folder of images");
  const bytes = await readFile(join(folder, file)).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw new CoverError(`cannot be read: ${error.message}`);
    // The nearest image it holds: not its README.
    const there = (await readdir(folder).catch(() => [] as string[])).filter((f) => IMAGE_FILE.test(f));
    throw new CoverError(`does not exist: ${notThere(there, file, "no image")}`);
  });
  const info = await (await sharpImages())(bytes)
    .metadata()
    .catch(() => {
      throw new CoverError(
        "cannot be read as an image: it is not a JPEG, PNG, WebP or AVIF file. Export it again as one of these",
      );
    });
  if (!info.format || !(info.format in FORMATS))
    throw new CoverError(`is a ${info.format ?? "kind of"} image: ${what} is a JPEG, PNG, WebP or AVIF file`);
  const [width, height] = (info.orientation ?? 1) >= 5 ? [info.height!, info.width!] : [info.width!, info.height!];
  const side = Math.min(width, height);
  if (Math.max(width, height) / side > settings.widestShape) {
    throw new CoverError(
      `is ${width}×${height} px, too long and thin to crop square: ${what} is at most twice as long as it is wide`,
    );
  }
  if (side < settings.shortSideAtLeast) {
    throw new CoverError(
      `is ${width}×${height} px: ${what} needs at least ${settings.shortSideAtLeast} px on its short side (it is cut square there), to stay sharp on a phone's screen`,
    );
  }
  return { bytes, side, held: metadataHeld(info), format: info.format };
}

/**
 * The widths a square of this side honestly gives: each of `widths` it reaches, and its own side where that falls short
 * of the largest (a 600-px square gives 480 and 600); never one it must be enlarged to, nor any past the largest.
 */
export function widthsFor(widths: readonly number[], side: number): number[] {
  const reached = widths.filter((w) => w <= side);
  return side < widths.at(-1)! && side > (reached.at(-1) ?? 0) ? [...reached, side] : reached;
}

/** An image at a size and in a format: the file the cache keeps (cache.ts), named by all that made it. */
type Make = (format: "avif" | "webp" | "png", size: number) => Promise<{ key: string; file: SiteFile }>;

/** sharp, loaded when an image is made or read: a build whose images are all in the cache never loads it. */
const sharpImages = async () => (await import("sharp")).default;

/** Makes a size, kept in the cache: the image's bytes are read only for a size not already there. */
function maker(source: () => Promise<Uint8Array>, key: string, settings: ImageSettings, kept: Cache): Make {
  let bytes: Promise<Uint8Array> | undefined;
  return async (format, size) => ({
    key,
    file: await kept.file(`${key}-${size}.${format}`, async () => {
      bytes ??= source();
      // rotate(): as the camera held it; sharp writes no metadata unless asked, so none of the original's goes out.
      const sharp = await sharpImages();
      const image = sharp(await bytes, { failOn: "truncated" })
        .rotate()
        .resize(size, size, { fit: "cover", position: "attention" });
      const encoded =
        format === "avif"
          ? image.avif({ quality: settings.avifQuality, effort: settings.avifEffort })
          : format === "webp"
            ? image.webp({ quality: settings.webpQuality })
            : image.png();
      const out = await encoded.toBuffer().catch(async (error: Error) => {
        // Only a file that will not decode is the owner's to export again; anything else is the encoder's to report.
        const decodes = await sharp(await bytes!, { failOn: "truncated" })
          .raw()
          .toBuffer()
          .then(
            () => true,
            () => false,
          );
        throw new CoverError(
          decodes
            ? `could not be made as ${{ avif: "AVIF", webp: "WebP", png: "PNG" }[format]} at ${size} px: ${error.message}`
            : `is damaged or cut short, and cannot be decoded (${error.message}). Export it again`,
        );
      });
      return new Uint8Array(out);
    }),
  });
}

/** An image at each width, AVIF and WebP, written among the files, and the picture that names them. */
async function sized(
  name: string,
  widths: readonly number[],
  make: Make,
  files: Map<string, SiteFile>,
): Promise<NonNullable<Cover["thumb"]>> {
  const sources: NonNullable<Cover["sources"]> = [];
  let largest = "";
  for (const format of ["avif", "webp"] as const) {
    const set: string[] = [];
    for (const size of widths) {
      const { key, file } = await make(format, size);
      const path = assetPath(`${name}-${size}`, format, { key });
      files.set(path.slice(1), file);
      set.push(`${path} ${size}w`);
      if (format === "webp") largest = path;
    }
    sources.push({ type: `image/${format}`, srcset: set });
  }
  const top = widths.at(-1)!;
  return { path: largest, width: top, height: top, sources };
}
