import { inflateSync } from "node:zlib";

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row by row. */
  data: Uint8Array;
}

/**
 * Decodes the PNGs a browser's screenshot gives: 8 bits per channel, RGB or RGBA, not interlaced. Enough to ask
 * what colour a drawn icon is, with no image library in the project.
 */
export function decodePng(png: Uint8Array): Pixels {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (view.getUint32(0) !== 0x89504e47) throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Uint8Array[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      const header = new DataView(body.buffer, body.byteOffset, body.byteLength);
      width = header.getUint32(0);
      height = header.getUint32(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
    } else if (type === "IDAT") compressed.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels]! : 0;
      const b = up[x]!;
      const c = x >= channels ? up[x - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      out[x] = (line[x]! + predictor) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(rows.subarray(i * channels, i * channels + 3), i * 4);
    data[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255;
  }
  return { width, height, data };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
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
