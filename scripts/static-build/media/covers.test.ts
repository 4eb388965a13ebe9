import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp, { type Sharp } from "sharp";
import { Resvg } from "@resvg/resvg-js";
import type { SiteContent } from "../../../src/content/types";
import type { Field } from "../../../src/content/types";
import { FIXTURE_SITE } from "../../test/fixtures";
import { catalogueOf, twelveFields } from "../../bench/catalogue";
import { theme } from "../styles";
import { MAKER_PHOTO } from "../../../src/lib/cover";
import { fieldSlug } from "../../../src/content/fields";
import { buildCovers, drawnCover, PHOTO_SETTINGS, widthsFor } from "./covers";
import { bytesOf } from "../write";
import { fieldLooks, naturalLook, type Look } from "./drawn-cover";

/** CIELAB (D65) of an sRGB colour: the space in which a distance says how different two colours look. */
function lab(r: number, g: number, b: number): [number, number, number] {
  const linear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const [x, y, z] = [
    (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047,
    0.2126 * R + 0.7152 * G + 0.0722 * B,
    (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883,
  ];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** A cover as a thumbnail shows it: drawn at `size` px, each pixel's colour in CIELAB. */
const thumbnail = (svg: string, size: number) => {
  const { pixels } = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render();
  return Array.from({ length: pixels.length / 4 }, (_, i) =>
    lab(pixels[4 * i]!, pixels[4 * i + 1]!, pixels[4 * i + 2]!),
  );
};

/** How different two thumbnails look: the mean, over their pixels, of the distance between the two colours (ΔE76). */
const difference = (a: [number, number, number][], b: [number, number, number][]) =>
  a.reduce((sum, [l, x, y], i) => sum + Math.hypot(l - b[i]![0], x - b[i]![1], y - b[i]![2]), 0) / a.length;

/**
 * The least difference two drawn covers of a page of the catalogue may have, side by side at thumbnail size. A
 * difference of 2.3 in a flat colour is the smallest a person notices; a cover is mostly its dark ground, which two
 * covers share, so its mean is far below its figures' own. Covers of one figure of rings in three
 * hues came to 0.8 to 1.7 apart for their closest pairs at 24 and 48 px; covers of one figure two hues apart (the
 * nearest the figures' hues are spread, below) come to about 12, and of two figures in two hues 15 and more.
 */
const AT_A_GLANCE = 10;

describe("a cover drawn from the sound, until the owner has one", () => {
  const fields = twelveFields(FIXTURE_SITE.fields[0]!);
  const byField = fieldLooks(fields, () => undefined, new Map());
  const looks = fields.map((field) => byField.get(fieldSlug(field))!);
  /** The hues a record keeps, from looks given. */
  const kept = (given: ReadonlyMap<string, Look>) => new Map([...given].map(([slug, look]) => [slug, look.hue]));

  it("is the same on every build, and different for every field", () => {
    const drawn = fields.map((f, i) => drawnCover(f, undefined, theme(), looks[i]).svg);
    expect(fields.map((f, i) => drawnCover(f, undefined, theme(), looks[i]).svg)).toEqual(drawn);
    expect(new Set(drawn).size).toBe(fields.length);
  });

  it("twelve side by side, each told apart at a glance from every other at a thumbnail's size, in hue and figure", () => {
    // Twelve fields as an owner's catalogue has them, two of them with the very same sound.
    expect(new Set(looks.map((look) => look.hue)).size).toBe(fields.length);
    for (const size of [24, 48]) {
      const drawn = fields.map((f, i) => thumbnail(drawnCover(f, undefined, theme(), looks[i]).svg, size));
      const close: string[] = [];
      for (const [i, a] of drawn.entries())
        for (const [j, b] of drawn.entries()) {
          const apart = difference(a, b);
          if (j > i && apart < AT_A_GLANCE)
            close.push(`${fields[i]!.title} and ${fields[j]!.title}: ${apart.toFixed(1)} at ${size} px`);
        }
      expect(close).toEqual([]);
    }
  });

  it("keeps every field's cover byte for byte as the catalogue grows from 2 to 12 to 500 fields, whatever their order, each with the hue it was first given", () => {
    const theFirstTwo = fieldLooks(fields.slice(0, 2), () => undefined, new Map());
    const grown = catalogueOf(500, FIXTURE_SITE.fields[0]!);
    // Built with two, then twelve, then five hundred, in another order: each build keeps what the record holds.
    const twelve = fieldLooks([...fields].reverse(), () => undefined, kept(theFirstTwo));
    const fiveHundred = fieldLooks([...grown].reverse(), () => undefined, kept(twelve));
    const svg = (field: Field, look?: Look) => drawnCover(field, undefined, theme(), look).svg;
    for (const field of fields.slice(0, 2))
      expect(svg(field, twelve.get(fieldSlug(field))), field.title).toBe(svg(field, theFirstTwo.get(fieldSlug(field))));
    for (const field of fields)
      expect(svg(field, fiveHundred.get(fieldSlug(field))), field.title).toBe(svg(field, twelve.get(fieldSlug(field))));
    // Without the record, the same: a field's cover needs nothing of the others' once it has its hue.
    expect(fiveHundred.size).toBe(500);
  });

  it("gives a field with no beat one source, not two", () => {
    const silent: Field = { ...fields[1]!, preview: undefined, bands: [] };
    expect(naturalLook(silent, undefined).figure).toBe("pulse");
    expect(naturalLook(fields[0]!, undefined).figure).toBe("rings");
    // Measured with no beat (an isochronic pulse): one source, though its recipe would beat.
    expect(naturalLook(fields[0]!, { beats: [] } as never).figure).toBe("pulse");
  });

  it("draws the measured tones, and says so in its text; a field with no beat says it has none, and nothing calls it artwork", () => {
    const field = fields[1]!;
    const measured = { beats: [{ hz: 10, leftHz: 150, rightHz: 160, db: -20 }] } as never;
    const { svg, alt } = drawnCover(field, measured, theme());
    // Rings a wavelength apart for each ear, fewer than the tones' own: 150 Hz every 160 units, 160 Hz every 150.
    expect(svg).toMatch(/a160 160 /);
    expect(svg).toMatch(/a150 150 /);
    expect(alt).toBe(
      `A pattern drawn from ${field.title}'s sound: the rings of its two tones, 150 Hz in the left ear and 160 Hz in the right, crossing as they beat 10 times a second.`,
    );
    const slow = { beats: [{ hz: 6, leftHz: 150, rightHz: 156, db: -20 }] } as never;
    expect(drawnCover(field, slow, theme()).alt).toBe(
      `A pattern drawn from ${field.title}'s sound: a flower of 6 petals for its 6 Hz beat.`,
    );
    const silent: Field = { ...field, preview: undefined, bands: [] };
    expect(drawnCover(silent, undefined, theme()).alt).toBe(
      `One set of rings drawn for ${field.title}, which has no binaural beat.`,
    );
    expect([alt, drawnCover(silent, undefined, theme()).alt].join(" ")).not.toMatch(/\bart(work)?\b/i);
  });

  it("a field keeps its drawn cover when the catalogue is reordered, another is renamed, or it is retitled with its slug kept", async () => {
    const before = await buildCovers({ ...FIXTURE_SITE, fields }, new Map(), theme());
    const [renamed, retitled, ...rest] = [...fields].reverse();
    const moved = [
      ...rest,
      { ...retitled!, title: "Глубокий сон", slug: fieldSlug(retitled!) },
      { ...renamed!, title: "A New Name" },
    ];
    const after = await buildCovers({ ...FIXTURE_SITE, fields: moved }, new Map(), theme(), {}, {}, before.hues);
    for (const field of moved.slice(0, -1)) {
      const was = fields.find((f) => f.url === field.url)!;
      expect(after.bySlug.get(fieldSlug(field))!.svg, field.title).toBe(before.bySlug.get(fieldSlug(was))!.svg);
    }
  });

  it("gives every field its cover as a file named by its content, with its size", async () => {
    const { bySlug, files } = await buildCovers({ ...FIXTURE_SITE, fields }, new Map(), theme());
    expect(bySlug.size).toBe(fields.length);
    for (const cover of bySlug.values()) {
      expect(cover).toMatchObject({
        path: expect.stringMatching(/^\/assets\/cover-[a-z0-9-]+-[a-z0-9]+\.svg$/),
        width: 1200,
        height: 1200,
      });
      expect(files.has(cover.path.slice(1))).toBe(true);
    }
  });

  it("comes as a list's thumbnail in AVIF and WebP, drawn from the same SVG: no SVG picture for the browser to build", async () => {
    const field = fields[0]!;
    const { bySlug, files } = await buildCovers({ ...FIXTURE_SITE, fields: [field] }, new Map(), theme());
    const { thumb } = bySlug.get(fieldSlug(field))!;
    expect(thumb!.sources!.map((s) => [s.type, s.srcset.map((e) => e.split(" ")[1])])).toEqual([
      ["image/avif", ["144w", "216w"]],
      ["image/webp", ["144w", "216w"]],
    ]);
    const largest = await sharp(await bytesOf(files.get(thumb!.path.slice(1))!)).stats();
    // The rings' colour is in it: the picture drawn, not a blank square.
    expect(largest.channels.some((channel) => channel.max - channel.min > 40)).toBe(true);
    expect((await sharp(await bytesOf(files.get(thumb!.path.slice(1))!)).metadata()).format).toBe("webp");
  });
});

let work: string;
let folders: { folder: string; cache: string };
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-covers-"));
  folders = { folder: join(work, "covers"), cache: join(work, "cache") };
  await mkdir(folders.folder);
});
afterAll(() => rm(work, { recursive: true, force: true }));

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a4a8c" } });
const put = async (name: string, bytes: Uint8Array | Buffer) => writeFile(join(folders.folder, name), bytes);
const withCover = (cover: string): SiteContent => ({
  ...FIXTURE_SITE,
  fields: [{ ...FIXTURE_SITE.fields[0]!, cover }],
});
const built = (cover: string) => buildCovers(withCover(cover), new Map(), theme(), {}, folders);
const refusal = (cover: string) =>
  built(cover).then(
    () => "built",
    (error: Error) => error.message,
  );

describe("an owner's cover", () => {
  it("a phone's JPEG with its GPS position: square AVIF and WebP at each width, no metadata left", async () => {
    await put(
      "phone.jpg",
      await photo(3000, 2000)
        .jpeg()
        .withExif({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
        .toBuffer(),
    );
    expect((await sharp(join(folders.folder, "phone.jpg")).metadata()).exif).toBeDefined();
    const { bySlug, files } = await built("phone.jpg");
    const cover = [...bySlug.values()][0]!;
    expect(cover).toMatchObject({ width: 1200, height: 1200, alt: `The cover of ${FIXTURE_SITE.fields[0]!.title}` });
    expect(cover.sources!.map((s) => [s.type, s.srcset.map((e) => e.split(" ")[1])])).toEqual([
      ["image/avif", ["480w", "800w", "1200w"]],
      ["image/webp", ["480w", "800w", "1200w"]],
    ]);
    for (const [path, bytes] of files) {
      const made = await sharp(await bytesOf(bytes)).metadata();
      expect([made.exif, made.xmp, made.iptc, made.width === made.height], path).toEqual([
        undefined,
        undefined,
        undefined,
        true,
      ]);
    }
  });

  it("a PNG with transparency and a CMYK JPEG come out in the screen's colours", async () => {
    await put(
      "alpha.png",
      await sharp({
        create: { width: 1400, height: 1400, channels: 4, background: { r: 200, g: 40, b: 120, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
    );
    await put("cmyk.jpg", await photo(1600, 1200).toColourspace("cmyk").jpeg().toBuffer());
    for (const name of ["alpha.png", "cmyk.jpg"]) {
      const { files } = await built(name);
      for (const bytes of files.values())
        expect((await sharp(await bytesOf(bytes)).metadata()).space, name).toBe("srgb");
    }
  });

  it.each([
    [
      "a tiny image",
      "tiny.png",
      () => photo(400, 300).png().toBuffer(),
      "is 400×300 px: a cover needs at least 600 px on its short side",
    ],
    [
      "a strip",
      "strip.jpg",
      () => photo(3000, 400).jpeg().toBuffer(),
      "is 3000×400 px, too long and thin to crop square",
    ],
    [
      "a truncated file",
      "cut.jpg",
      async () => (await photo(1600, 1600).jpeg().toBuffer()).subarray(0, 3000),
      "is damaged or cut short, and cannot be decoded",
    ],
    [
      "a text file named as an image",
      "notes.jpg",
      async () => Buffer.from("not an image at all"),
      "cannot be read as an image: it is not a JPEG, PNG, WebP or AVIF file",
    ],
  ])("refuses %s, naming the field and the file", async (_, name, make, message) => {
    await put(name, await make());
    expect(await refusal(name)).toContain(
      `src/content/site.ts: fields[0].cover (src/content/covers/${name}) ${message}`,
    );
  });
});

describe("the maker's photo, and a cover that is not there", () => {
  it("the maker's photo: made square at a portrait's small sizes, stripped as a cover is; too small, refused by name", async () => {
    // A folder of its own: the refusal below lists what the covers' folder holds.
    const photos = { ...folders, folder: join(work, "photos") };
    await mkdir(photos.folder);
    await writeFile(
      join(photos.folder, "me.jpg"),
      await photo(900, 1200)
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
        .toBuffer(),
    );
    // Long enough on its long side, but a square of 120 px: it once built with no width to give, and About failed.
    await writeFile(join(photos.folder, "me-small.jpg"), await photo(240, 120).jpeg().toBuffer());
    const withPhoto = (photo: string): SiteContent => ({
      ...FIXTURE_SITE,
      maker: { name: "Ada Field", text: "I make each field at home.", photo },
    });
    const { bySlug, files } = await buildCovers(withPhoto("me.jpg"), new Map(), theme(), {}, photos);
    const portrait = bySlug.get(MAKER_PHOTO)!;
    expect(portrait).toMatchObject({
      width: PHOTO_SETTINGS.widths.at(-1),
      height: PHOTO_SETTINGS.widths.at(-1),
      alt: "",
    });
    const made = [...files].filter(([path]) => path.startsWith("assets/maker-"));
    expect(made).toHaveLength(2 * PHOTO_SETTINGS.widths.length);
    for (const [path, bytes] of made) {
      const info = await sharp(await bytesOf(bytes)).metadata();
      expect(
        [info.exif, info.width === info.height, PHOTO_SETTINGS.widths.includes(info.width as never)],
        path,
      ).toEqual([undefined, true, true]);
    }
    const refused = await buildCovers(withPhoto("me-small.jpg"), new Map(), theme(), {}, photos).then(
      () => "built",
      (error: Error) => error.message,
    );
    expect(refused).toContain("src/content/site.ts: maker.photo (src/content/covers/me-small.jpg)");
    expect(refused).toMatch(/240×120 px.*\b160 px/);
  });

  it("refuses one that is not there, naming the file it most likely meant", async () => {
    expect(await refusal("Phnoe.jpg")).toContain(
      'fields[0].cover (src/content/covers/Phnoe.jpg) does not exist: the nearest it holds is "phone.jpg"',
    );
    // The folder's README is nearer to this name than any image, and no cover it could have meant.
    await put("README.md", Buffer.from("# Covers"));
    expect(await refusal("Readme.jpg")).toMatch(
      /Readme\.jpg\) does not exist: the nearest it holds is "[^"]+\.(jpe?g|png|webp|avif)"/,
    );
  });
});

describe("nothing an owner does with an image breaks the build", () => {
  const widths = (cover: { sources?: { srcset: string[] }[] }) =>
    cover.sources!.map((s) => s.srcset.map((e) => Number.parseInt(e.split(" ")[1]!, 10)));

  it("a 1200 × 600 cover gives each width its 600-px square reaches, and the 600 itself", async () => {
    await put("wide.jpg", await photo(1200, 600).jpeg().toBuffer());
    const cover = [...(await built("wide.jpg")).bySlug.values()][0]!;
    expect(widths(cover)).toEqual([
      [480, 600],
      [480, 600],
    ]);
    expect(cover).toMatchObject({ width: 600, height: 600 });
  });

  it("gives a square's own side only where it falls between the widths, never one past its size", () => {
    expect(widthsFor([480, 800, 1200], 600)).toEqual([480, 600]);
    expect(widthsFor([480, 800, 1200], 800)).toEqual([480, 800]);
    expect(widthsFor([480, 800, 1200], 3000)).toEqual([480, 800, 1200]);
    expect(widthsFor([160, 240], 200)).toEqual([160, 200]);
  });

  it("a maker's photo at its least builds at what it can give; a cover too small is refused naming the size it needs", async () => {
    const photos = { ...folders, folder: join(work, "least") };
    await mkdir(photos.folder);
    await writeFile(join(photos.folder, "least.jpg"), await photo(200, 300).jpeg().toBuffer());
    const { bySlug } = await buildCovers(
      { ...FIXTURE_SITE, maker: { name: "Ada Field", text: "I make each field at home.", photo: "least.jpg" } },
      new Map(),
      theme(),
      {},
      photos,
    );
    expect(widths(bySlug.get(MAKER_PHOTO)!)).toEqual([
      [160, 200],
      [160, 200],
    ]);
    await put("narrow.jpg", await photo(1100, 550).jpeg().toBuffer());
    const narrow = await refusal("narrow.jpg");
    expect(narrow).toContain("src/content/site.ts: fields[0].cover (src/content/covers/narrow.jpg)");
    expect(narrow).toMatch(/1100×550 px.*\b600 px/);
  });

  it("an encoder that fails is reported as what failed, in which format and at which width, not as a damaged file", async () => {
    await put("encoder.jpg", await photo(1300, 1300).jpeg().toBuffer());
    // An encoder sharp's own binaries lack: the image decodes, and only writing it fails.
    const avif = vi.spyOn(sharp.prototype, "avif").mockImplementation(function (this: Sharp) {
      return this.heif({ compression: "hevc" });
    });
    const message = await refusal("encoder.jpg").finally(() => avif.mockRestore());
    expect(message).toMatch(
      /fields\[0\]\.cover \(src\/content\/covers\/encoder\.jpg\) could not be made as AVIF at 480 px: \S/,
    );
    expect(message).not.toMatch(/damaged|decoded/);
  });
});

describe("a cover's weight", () => {
  it("a grainy photo, at the size a 375-px phone shows it at 2×, is at most 40 kB as AVIF", async () => {
    const work = await mkdtemp(join(tmpdir(), "site-cover-weight-"));
    try {
      // Fine detail and a camera's grain, the hardest kind of picture to make small.
      const side = 1600;
      const pixels = Buffer.alloc(side * side * 3);
      let state = 7;
      for (let i = 0; i < pixels.length; i++) {
        state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
        const x = Math.floor(i / 3) % side;
        const y = Math.floor(i / 3 / side);
        pixels[i] = Math.max(
          0,
          Math.min(255, 128 + 90 * Math.sin(x / 23 + (i % 3)) * Math.cos(y / 31) + ((state >>> 24) % 24) - 12),
        );
      }
      await mkdir(join(work, "covers"));
      await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 90 })
        .toFile(join(work, "covers/grain.jpg"));
      const { files } = await buildCovers(
        { ...FIXTURE_SITE, fields: [{ ...FIXTURE_SITE.fields[0]!, cover: "grain.jpg" }] },
        new Map(),
        theme(),
        {},
        { folder: join(work, "covers"), cache: join(work, "cache") },
      );
      const phone = [...files].find(([path]) => /-800-[^.]+\.avif$/.test(path))!;
      expect((await bytesOf(phone[1])).length).toBeLessThanOrEqual(40_000);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
