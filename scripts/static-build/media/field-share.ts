import { fieldSlug } from "../../../src/content/fields";
import type { SiteContent } from "../../../src/content/types";
import type { ShareImage } from "../../../src/lib/page";
import { assetPath } from "../asset-path";
import type { SiteFile } from "../write";
import type { Theme } from "../styles";
import { cache, cacheKey } from "./cache";
import { codeHash } from "./code-hash";
import { availableParallelism } from "node:os";
import { DRAWN_WITH, drawnPng, fieldShareImage, SHARE_IMAGE } from "./images";
import { ROOT } from "../../paths";
import { mapInOrder } from "../in-order";

/** The code that lays out and draws a share image, and the typefaces it finds (fonts.ts). */
const shareCode = () => codeHash(["scripts/static-build/media/field-share.ts"], ROOT, DRAWN_WITH);

/**
 * Each field page's share image (1200×630: its cover and its title), by the field's slug, and the files. A picture
 * is kept in the cache (cache.ts) by all it draws (the words, the cover, the theme) and the code that draws it, so a
 * warm build of a long catalogue renders none again, and a change to any of them renders it afresh; its name carries
 * that key, and the site's file is the cache's own.
 */
export async function buildFieldShareImages(
  site: SiteContent,
  covers: ReadonlyMap<string, string>,
  theme: Theme,
  cacheRoot?: string,
): Promise<{ bySlug: Map<string, ShareImage>; files: Map<string, SiteFile> }> {
  const bySlug = new Map<string, ShareImage>();
  const files = new Map<string, SiteFile>();
  const kept = cache("share", cacheRoot);
  const code = shareCode();
  // A few at a time, each drawn on a thread of its own, and each named by its key and left on disk: the largest files
  // of a catalogue, never read by a warm build. Kept in the fields' order.
  const made = await mapInOrder(site.fields, availableParallelism(), async (field, i) => {
    const cover = covers.get(fieldSlug(field))!;
    const key = cacheKey([field.title, field.tuning, site.brand, theme], cover, code);
    const file = await kept.file(`${key}.png`, () => {
      const { svg, faces } = fieldShareImage(field, `fields[${i}]`, site, cover, theme);
      return drawnPng(svg, faces);
    });
    return { field, path: assetPath(`share-${fieldSlug(field)}`, "png", { key }), file };
  });
  for (const { field, path, file } of made) {
    files.set(path.slice(1), file);
    bySlug.set(fieldSlug(field), {
      path,
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
      alt: `${field.title}: ${field.tuning}, from ${site.brand}`,
    });
  }
  return { bySlug, files };
}
