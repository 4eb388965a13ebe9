import sharp from "sharp";

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row by row. */
  data: Uint8Array;
}

/** A browser's screenshot as pixels, decoded by sharp. */
export async function decodePng(png: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * The colour farthest from the image's corner pixel (its background) among the columns from `from` to `to`, as
 * shares of its width: what a stroke there is drawn in.
 */
export function strongestInk({ data, width, height }: Pixels, from: number, to: number): string {
  const background = data.subarray(0, 3);
  let best = [...background];
  let distance = -1;
  for (let y = 0; y < height; y++)
    for (let x = Math.floor(from * width); x < Math.ceil(to * width); x++) {
      const i = (y * width + x) * 4;
      const d = [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[i + c]! - background[c]!), 0);
      if (d > distance) [distance, best] = [d, [data[i]!, data[i + 1]!, data[i + 2]!]];
    }
  return best.join(",");
}

/** The share of pixels that differ clearly (by more than `tolerance` in some channel) from the image's corner pixel. */
export function inkShare({ data, width, height }: Pixels, tolerance = 48): number {
  const background = data.subarray(0, 3);
  let ink = 0;
  for (let i = 0; i < width * height; i++) {
    if ([0, 1, 2].some((c) => Math.abs(data[i * 4 + c]! - background[c]!) > tolerance)) ink++;
  }
  return ink / (width * height);
}
