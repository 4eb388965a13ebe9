import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { metadataHeld, pngChunk, stripMetadata } from "./strip-metadata";

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Leeds"/>' +
  "</rdf:RDF></x:xmpmeta>";
const PHONE = {
  IFD0: { Make: "Phone", Model: "Phone 15" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
};

/** A small picture with detail in it, and a phone's metadata: where, with what, and held on its side (orientation 6). */
function phonePicture(format: "jpeg" | "png" | "webp", orientation = 6) {
  const [width, height] = [48, 32];
  const pixels = Buffer.alloc(width * height * 3, 0).map((_, i) => (i * 37 + (i >> 5) * 11) % 256);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif(PHONE)
    .withMetadata({ orientation })
    .withXmp(XMP);
  return (format === "jpeg" ? image.jpeg() : format === "png" ? image.png() : image.webp()).toBuffer();
}

const pixelsOf = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

/** An APP13 segment holding an IPTC city, as Photoshop writes it, put after a JPEG's start. */
function withIptc(jpeg: Buffer): Buffer {
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 90, 0, 5]), Buffer.from("Leeds")]);
  const resource = Buffer.concat([Buffer.from("8BIM\x04\x04\0\0", "latin1"), Buffer.alloc(4), record, Buffer.alloc(1)]);
  resource.writeUInt32BE(record.length, 8);
  const body = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]);
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/** A PNG with a text chunk (an author) and a time chunk after its header. */
function withPngText(png: Buffer): Buffer {
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk("tEXt", Buffer.from("Author\0Ada Field", "latin1")),
    pngChunk("tIME", Buffer.from([0x07, 0xea, 11, 28, 12, 0, 0])),
    png.subarray(afterHeader),
  ]);
}

const pngChunkTypes = (png: Uint8Array) => {
  const buffer = Buffer.from(png);
  const types: string[] = [];
  for (let at = 8; at + 12 <= buffer.length; at += 12 + buffer.readUInt32BE(at))
    types.push(buffer.toString("latin1", at + 4, at + 8));
  return types;
};

describe("what an owner's image says of them, and the command that strips it from the file", () => {
  it("names a location and a camera in EXIF, and XMP and IPTC as themselves; an orientation alone says nothing", async () => {
    const phone = await sharp(withIptc(await phonePicture("jpeg"))).metadata();
    expect(metadataHeld(phone)).toEqual(["location", "camera", "XMP", "IPTC"]);
    const turned = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .withMetadata({ orientation: 3 })
      .toBuffer();
    expect(metadataHeld(await sharp(turned).metadata())).toEqual([]);
    // Cut after IFD0's first entry (Make): what was read before the break is named, and the build goes on.
    expect(metadataHeld({ exif: phone.exif!.subarray(0, 6 + 8 + 2 + 12) })).toEqual(["camera"]);
  });

  it.each(["jpeg", "png", "webp"] as const)(
    "a %s: location, camera, XMP and text removed, its orientation kept, the same pixels decoded",
    async (format) => {
      const original = await phonePicture(format);
      const image = format === "jpeg" ? withIptc(original) : format === "png" ? withPngText(original) : original;
      const before = await sharp(image).metadata();
      expect([metadataHeld(before), before.orientation]).toEqual([
        ["location", "camera", "XMP", ...(format === "jpeg" ? ["IPTC"] : [])],
        6,
      ]);
      const stripped = stripMetadata(image);
      const after = await sharp(stripped).metadata();
      expect([metadataHeld(after), after.orientation, after.xmp, after.iptc, after.width, after.height]).toEqual([
        [],
        6,
        undefined,
        undefined,
        before.width,
        before.height,
      ]);
      expect(stripped.length).toBeLessThan(image.length);
      expect(Buffer.compare(await pixelsOf(stripped), await pixelsOf(image))).toBe(0);
      // Every other chunk kept in its place; eXIf, holding only the orientation now, among them.
      if (format === "png")
        expect(pngChunkTypes(stripped)).toEqual(
          pngChunkTypes(image).filter((type) => !/^(tEXt|zTXt|iTXt|tIME)$/.test(type)),
        );
    },
  );

  it.each(["jpeg", "png", "webp"] as const)("an upright %s keeps no EXIF at all", async (format) => {
    const image = await phonePicture(format, 1);
    const stripped = stripMetadata(image);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(Buffer.compare(await pixelsOf(stripped), await pixelsOf(image))).toBe(0);
  });

  it("keeps a JPEG's colour profile, and refuses a file it cannot rewrite, saying what to do", async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3a4a8c" } })
      .jpeg()
      .withIccProfile("p3")
      .withExif(PHONE)
      .toBuffer();
    expect((await sharp(stripMetadata(jpeg)).metadata()).icc).toEqual((await sharp(jpeg).metadata()).icc);
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3a4a8c" } })
      .avif()
      .toBuffer();
    expect(() => stripMetadata(avif)).toThrow("is not a JPEG, PNG or WebP file: export it again without its metadata");
  });
});
