import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fieldSlug } from "../../../src/content/fields";
import type { SiteContent } from "../../../src/content/types";
import type { ShareImage } from "../../../src/lib/page";
import { ROOT } from "../../paths";
import { assetPath } from "../asset-path";
import type { Theme } from "../styles";
import { fieldShareImage, renderPng, SHARE_IMAGE } from "./images";

const CACHE = join(ROOT, "node_modules/.cache/site-share");
/** A change to how a field's share image is laid out (images.ts, fieldShareImage), so that no kept picture of the old way is used. */
const SHARE_LAYOUT_VERSION = 1;

/**
 * Each field page's share image (1200×630: its cover and its title), by the field's storefront URL, and the files.
 * A picture is kept in the cache by what it draws, so a warm build of a long catalogue renders none again.
 */
export async function buildFieldShareImages(
  site: SiteContent,
  covers: ReadonlyMap<string, string>,
  theme: Theme,
  cache = CACHE,
): Promise<{ byFieldUrl: Map<string, ShareImage>; files: Map<string, Uint8Array> }> {
  const byFieldUrl = new Map<string, ShareImage>();
  const files = new Map<string, Uint8Array>();
  for (const [i, field] of site.fields.entries()) {
    // Known by what it is drawn from, so that a kept picture costs no layout (measuring text is the slow part).
    const cover = covers.get(field.url)!;
    const key = createHash("sha256")
      .update(JSON.stringify([field.title, field.tuning, site.brand, theme, SHARE_LAYOUT_VERSION]))
      .update(cover)
      .digest("hex");
    const kept = join(cache, `${key.slice(0, 32)}.png`);
    let png: Uint8Array | undefined = await readFile(kept).then(
      (b) => new Uint8Array(b),
      () => undefined,
    );
    if (!png) {
      const { svg, faces } = fieldShareImage(field, `fields[${i}]`, site, cover, theme);
      png = renderPng(svg, undefined, faces);
      await mkdir(cache, { recursive: true });
      await writeFile(`${kept}.${process.pid}`, png);
      await rename(`${kept}.${process.pid}`, kept);
    }
    const path = assetPath(`share-${fieldSlug(field)}`, "png", png);
    files.set(path.slice(1), png);
    byFieldUrl.set(field.url, {
      path,
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
      alt: `${field.title}: ${field.tuning}, from ${site.brand}`,
    });
  }
  return { byFieldUrl, files };
}
