import { fieldSlug } from "../../../src/content/fields";
import type { SiteContent } from "../../../src/content/types";
import { SHARE_IMAGE, type ShareImage } from "../../../src/lib/page";
import { assetPath } from "../asset-path";
import type { SiteFile } from "../write";
import type { Theme } from "../styles";
import { cache, cacheKey } from "./cache";
import { availableParallelism } from "node:os";
import { drawingCode, drawnPng, fieldShareImage } from "./images";
import { mapInOrder } from "../in-order";

/**
 * Each field page's share image by its slug, and the files. Kept in the cache by all it draws and the code that draws
 * it, a key its name carries, so a warm build draws none. The names are known at once; `draw()` makes the files, so
 * that the pages that name them are made meanwhile.
 */
export function buildFieldShareImages(
  site: SiteContent,
  covers: ReadonlyMap<string, string>,
  theme: Theme,
  cacheRoot?: string,
): { bySlug: Map<string, ShareImage>; draw(): Promise<Map<string, SiteFile>> } {
  const kept = cache("share", cacheRoot);
  // Not this module: how many are drawn at once changes no picture, nor its name.
  const code = drawingCode();
  const pictures = site.fields.map((field) => {
    const cover = covers.get(fieldSlug(field))!;
    const key = cacheKey([field.title, field.tuning, site.brand, theme], cover, code);
    return { field, cover, key, path: assetPath(`share-${fieldSlug(field)}`, "png", { key }) };
  });
  const bySlug = new Map<string, ShareImage>(
    pictures.map(({ field, path }) => [
      fieldSlug(field),
      { path, ...SHARE_IMAGE, alt: `${field.title}: ${field.tuning}, from ${site.brand}` },
    ]),
  );
  // Four a core, each laid out here, then drawn and encoded on libuv's and sharp's threads: with only one a core, the
  // cores wait on each other's steps. Left on disk, never read by a warm build: the largest files of a catalogue.
  const draw = () =>
    mapInOrder(pictures, 4 * availableParallelism(), async ({ field, cover, key, path }, i) => {
      const file = await kept.file(`${key}.png`, () => {
        const { svg, faces } = fieldShareImage(field, `fields[${i}]`, site, cover, theme);
        return drawnPng(svg, faces);
      });
      return [path.slice(1), file] as const;
    }).then((made) => new Map<string, SiteFile>(made));
  return { bySlug, draw };
}
