import { crc32 } from "node:zlib";

/** The EXIF tags that tell of a place, a camera or a person, by what the build's note calls them. */
const TELLING = new Map([
  [0x8825, "location"], // the GPS block
  [0x010f, "camera"], // Make
  [0x0110, "camera"], // Model
  [0x927c, "camera"], // MakerNote: the maker's own block, often with the body's serial
  [0xa431, "camera"], // BodySerialNumber
  [0xa433, "camera"], // LensMake
  [0xa434, "camera"], // LensModel
  [0xa435, "camera"], // LensSerialNumber
  [0x013b, "name"], // Artist
  [0xa430, "name"], // CameraOwnerName
]);
const ORIENTATION = 0x0112;
const EXIF_IFD = 0x8769;

/** An XMP or IPTC block may say anything, so it is named as itself. */
export function metadataHeld({ exif, xmp, iptc }: { exif?: Uint8Array; xmp?: Uint8Array; iptc?: Uint8Array }) {
  const found = new Set([...(exif ? exifTags(exif) : new Map<number, number>()).keys()].map((tag) => TELLING.get(tag)));
  return [
    ...["location", "camera", "name"].filter((what) => found.has(what)),
    ...(xmp ? ["XMP"] : []),
    ...(iptc ? ["IPTC"] : []),
  ];
}

/** Only as much of the TIFF as naming what it holds needs; a block that breaks off gives the tags read before it. */
function exifTags(exif: Uint8Array): Map<number, number> {
  const tiff = startsWith(exif, "Exif\0\0") ? exif.subarray(6) : exif;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const tags = new Map<number, number>();
  try {
    const little = view.getUint16(0) === 0x4949;
    if (view.getUint16(2, little) !== 42) return tags;
    const walk = (offset: number) => {
      for (let i = 0, count = view.getUint16(offset, little); i < count; i++) {
        const entry = offset + 2 + 12 * i;
        const type = view.getUint16(entry + 2, little);
        const value =
          type === 3
            ? view.getUint16(entry + 8, little)
            : type === 4 || type === 13
              ? view.getUint32(entry + 8, little)
              : 0;
        tags.set(view.getUint16(entry, little), value);
      }
    };
    walk(view.getUint32(4, little));
    const exifIfd = tags.get(EXIF_IFD);
    if (exifIfd) walk(exifIfd);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  return tags;
}

/** A TIFF holding one tag, the orientation: what a stripped image keeps, so that it is still shown the right way up. */
function orientationTiff(orientation: number): Uint8Array {
  const tiff = Buffer.alloc(26);
  tiff.write("II*\0", 0, "latin1");
  tiff.writeUInt32LE(8, 4); // IFD0, after the header
  tiff.writeUInt16LE(1, 8); // of one entry
  tiff.writeUInt16LE(ORIENTATION, 10);
  tiff.writeUInt16LE(3, 12); // a SHORT
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  return tiff;
}

const keptExif = (exif: Uint8Array): Uint8Array | undefined => {
  const orientation = exifTags(exif).get(ORIENTATION) ?? 1;
  return orientation === 1 ? undefined : orientationTiff(orientation);
};

const startsWith = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes.subarray(0, text.length)).toString("latin1") === text;

/**
 * Without EXIF, XMP, IPTC, or a PNG's text and time; every other byte as it was (not encoded again). An orientation
 * other than upright is kept in a minimal EXIF.
 */
export function stripMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes);
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n")) return stripPng(bytes);
  if (startsWith(bytes, "RIFF") && startsWith(bytes.subarray(8), "WEBP")) return stripWebp(bytes);
  throw new Error(
    "is not a JPEG, PNG or WebP file: export it again without its metadata (an AVIF's cannot be stripped here)",
  );
}

/** Drops APP1 (EXIF, XMP) and APP13 (IPTC) segments; JFIF, ICC, Adobe and the tables and scan are kept. */
function stripJpeg(jpeg: Uint8Array): Uint8Array {
  const parts = [jpeg.subarray(0, 2)];
  let at = 2;
  let exifSeen = false;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`is a JPEG whose segments break off at byte ${at}: export it again`);
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at++; // a fill byte
      continue;
    }
    if (marker === 0xda) break; // the scan: from here on, the picture itself
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    const body = jpeg.subarray(at + 4, end);
    const exif = marker === 0xe1 && startsWith(body, "Exif\0\0");
    if (exif && !exifSeen) {
      exifSeen = true;
      const kept = keptExif(body);
      if (kept) parts.push(jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), kept])));
    } else if (!exif && !(marker === 0xe1 && startsWith(body, "http://ns.adobe.com/")) && marker !== 0xed) {
      parts.push(jpeg.subarray(at, end));
    }
    at = end;
  }
  parts.push(jpeg.subarray(at));
  return new Uint8Array(Buffer.concat(parts));
}

function jpegSegment(marker: number, body: Uint8Array): Uint8Array {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

const PNG_DROPPED = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

/** Drops a PNG's eXIf, text (XMP among it) and time chunks. */
function stripPng(png: Uint8Array): Uint8Array {
  const buffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const parts = [png.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= png.length) {
    const type = buffer.toString("latin1", at + 4, at + 8);
    const end = at + 12 + buffer.readUInt32BE(at);
    const kept = type === "eXIf" ? keptExif(png.subarray(at + 8, end - 4)) : undefined;
    if (kept) parts.push(pngChunk("eXIf", kept));
    else if (!PNG_DROPPED.has(type)) parts.push(png.subarray(at, end));
    at = end;
  }
  parts.push(png.subarray(at));
  return new Uint8Array(Buffer.concat(parts));
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, "latin1");
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** Drops a WebP's EXIF and XMP chunks, and says so in its VP8X flags. */
function stripWebp(webp: Uint8Array): Uint8Array {
  const buffer = Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength);
  const chunks: Uint8Array[] = [];
  let vp8x: Buffer | undefined;
  let exifKept = false;
  let at = 12;
  while (at + 8 <= webp.length) {
    const type = buffer.toString("latin1", at, at + 4);
    const size = buffer.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    const kept = type === "EXIF" ? keptExif(webp.subarray(at + 8, at + 8 + size)) : undefined;
    if (kept) {
      chunks.push(riffChunk("EXIF", kept));
      exifKept = true;
    } else if (type === "VP8X") {
      vp8x = Buffer.from(webp.subarray(at, end));
      chunks.push(vp8x);
    } else if (type !== "EXIF" && type !== "XMP ") {
      chunks.push(webp.subarray(at, end));
    }
    at = end;
  }
  if (vp8x) vp8x[8] = (vp8x[8]! & ~(VP8X_EXIF | VP8X_XMP)) | (exifKept ? VP8X_EXIF : 0);
  const out = Buffer.concat([webp.subarray(0, 12), ...chunks, webp.subarray(at)]);
  out.writeUInt32LE(out.length - 8, 4);
  return new Uint8Array(out);
}

function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = Buffer.alloc(8 + data.length + (data.length % 2));
  chunk.write(type, 0, "latin1");
  chunk.writeUInt32LE(data.length, 4);
  chunk.set(data, 8);
  return chunk;
}
