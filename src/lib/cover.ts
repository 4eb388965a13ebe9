/** A field's cover as pages show it: the owner's image or one the build drew, its size, and what it shows. */
export interface Cover {
  /** The image's site path ("/assets/cover-field-booster-….svg"). */
  path: string;
  width: number;
  height: number;
  alt: string;
  /** An owner's image in each format and size, best first, for <picture> (site paths with their widths). */
  sources?: { type: "image/avif" | "image/webp"; srcset: string[] }[];
  /** A drawn cover's own SVG, for the one a page shows first to carry in its HTML rather than fetch. */
  svg?: string;
  /** The same picture made small, for a list's thumbnail: AVIF and WebP, a drawn cover's too. */
  thumb?: Pick<Cover, "path" | "width" | "height" | "sources">;
}

/** Where the maker's photo (site.maker.photo) is kept among the covers a page is given: no field's URL is this. */
export const MAKER_PHOTO = "maker:photo";
