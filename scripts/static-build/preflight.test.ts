import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Field, SiteContent } from "../../src/content/types";
import { ContentError } from "../../src/content/files";
import { buildSite } from "../build";
import { writeSources } from "./write";
import { pinkNoise, render, sine, wav } from "../test/audio-corpus";
import { FIXTURE_SITE, projectFolders } from "../test/fixtures";

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "preflight-"));
});
afterAll(() => rm(parent, { recursive: true, force: true }));

const RATE = 16_000;
/** Eight seconds of a master as a studio bounces it: its beat under a bed of noise. */
const master = (leftHz: number, rightHz: number) =>
  wav(
    render({
      rate: RATE,
      seconds: 8,
      both: [pinkNoise(0.05)],
      left: [sine(RATE, leftHz, 0.3)],
      right: [sine(RATE, rightHz, 0.3)],
    }),
  );
const photo = (side: number) => sharp({ create: { width: side, height: side, channels: 3, background: "#2d3b6e" } });

/** A project with its masters, covers and cache in folders of its own, and a build of `fields` in it. */
async function project(mastersIn?: string) {
  const folders = await projectFolders(parent);
  const images = join(folders.project, "covers");
  await mkdir(images, { recursive: true });
  const build = (fields: Field[], deploy = false) =>
    buildSite({
      site: { ...FIXTURE_SITE, fields } as SiteContent,
      previewFolders: { ...folders, masters: mastersIn ? join(folders.project, mastersIn) : folders.masters },
      images: { folder: images, cache: folders.cache },
      deploy,
    });
  const refused = (fields: Field[], deploy = false) =>
    build(fields, deploy).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof ContentError) return error.problems;
        throw error;
      },
    );
  return { folders, images, build, refused };
}

const [first, second] = FIXTURE_SITE.fields as [Field, Field];

describe("the checks before any audio or image work", () => {
  it("report three mistakes in one run, each by the field's title, before a preview or cover is made", async () => {
    const { folders, images, refused } = await project();
    await writeFile(join(folders.masters, "Harbour Theta (master).wav"), master(200, 210));
    await writeFile(join(images, "small.jpg"), await photo(300).jpeg().toBuffer());
    const problems = await refused([
      { ...first, durationMinutes: 0, preview: { file: "Harbour Theta (master).wav", seconds: 6 } },
      { ...second, preview: { file: "Harbor Theta (master).wav" } },
      { ...second, title: "Third Field", url: "https://example.shopfront.com/l/third", cover: "small.jpg" },
    ]);
    expect(problems?.map((p) => p.field)).toEqual([
      'fields[0] ("First Fixture Field").durationMinutes',
      'fields[1] ("Second Fixture Field").preview.file',
      'fields[2] ("Third Field").cover',
    ]);
    expect(problems?.[1]?.message).toContain('the nearest it holds is "Harbour Theta (master).wav"');
    expect(problems?.[2]?.message).toContain("300×300 px");
    // No audio or image work was done: nothing made, nothing cached.
    expect(await readdir(folders.cache).catch(() => [])).toEqual([]);
    expect(await readdir(folders.committed).catch(() => [])).toEqual([]);
  });

  it("without the masters folder, report a master no committed preview was made from with the other mistakes", async () => {
    const { folders, build, refused } = await project();
    await writeFile(join(folders.masters, "Harbour Theta (master).wav"), master(200, 210));
    await writeSources(
      (await build([{ ...first, preview: { file: "Harbour Theta (master).wav", seconds: 6 } }])).commit,
    );
    // As on a machine the masters were never copied to: the previews come from what is committed.
    await rm(folders.masters, { recursive: true });
    const problems = await refused([
      { ...first, durationMinutes: 0, preview: { file: "Harbour Theta (master).wav", seconds: 6 } },
      { ...second, preview: { file: "Harbor Theta (master).wav" } },
    ]);
    expect(problems?.map((p) => p.field)).toEqual([
      'fields[0] ("First Fixture Field").durationMinutes',
      'fields[1] ("Second Fixture Field").preview.file',
    ]);
    expect(problems?.[1]?.message).toContain("is not on this machine");
    expect(problems?.[1]?.message).toContain('did you mean "Harbour Theta (master).wav"');
    // Half a committed preview may be the one a field plays: that is the problem named, not a missing master.
    const [mp3] = (await readdir(folders.committed)).filter((file) => file.endsWith(".mp3"));
    await rm(join(folders.committed, mp3!));
    const half = await refused([{ ...first, preview: { file: "Harbour Theta (master).wav", seconds: 6 } }]);
    expect(half?.map((p) => [p.source, p.field])).toEqual([[`src/content/previews/${mp3!.slice(0, -4)}`, "(file)"]]);
  });

  it("report a masters folder inside the project, and audio in its src/, with the other mistakes", async () => {
    const { folders, refused } = await project("masters");
    await mkdir(folders.committed, { recursive: true });
    await writeFile(join(folders.committed, "field.flac"), master(200, 210));
    // A committed preview is audio the project is meant to hold.
    await writeFile(join(folders.committed, "theta-flac-1s-6s.mp3"), "");
    await writeFile(join(folders.committed, "theta-flac-1s-6s.json"), "{}");
    const problems = await refused([{ ...first, durationMinutes: 0 }]);
    expect(problems?.map((p) => [p.source, p.field])).toEqual([
      ["src/content/site.ts", 'fields[0] ("First Fixture Field").durationMinutes'],
      ["src/content/site.ts", "masters"],
      ["src/content/previews/field.flac", "(file)"],
    ]);
    expect(problems?.[1]?.message).toContain("is inside the project (masters)");
  });

  it("read a relative masters setting from the project, by where it was set, and a blank one as missing only", async () => {
    const folders = await projectFolders(parent);
    const refusedWith = (masters: string, sources: Record<string, string> = {}) =>
      buildSite({
        site: { ...FIXTURE_SITE, masters },
        sources,
        previewFolders: { ...folders, masters: undefined },
      }).then(
        () => undefined,
        (error: ContentError) => error.problems,
      );
    // As SITE_MASTERS sets it: a folder inside this project, wherever the code that builds it is.
    const inside = await refusedWith("masters", { masters: "SITE_MASTERS (environment variable)" });
    expect(inside?.map((p) => [p.source, p.field])).toEqual([["SITE_MASTERS (environment variable)", "masters"]]);
    expect(inside?.[0]?.message).toContain("is inside the project (masters)");
    const blank = await refusedWith(" ");
    expect(blank?.map((p) => p.field)).toEqual(["masters"]);
    expect(blank?.[0]?.message).not.toContain("inside the project");
  });

  it("take masters named as studios name them: spaces, brackets, a plus, an accent in either Unicode form, any case", async () => {
    const { folders, build } = await project();
    await writeFile(join(folders.masters, "Harbour Theta (master).wav"), master(200, 210));
    // As macOS names a file: the accent a mark after its letter; site.ts has it as one character.
    await writeFile(join(folders.masters, "twin-beat 6+40 Forêt.wav".normalize("NFD")), master(180, 187.5));
    const made = await build([
      // As a Mac finds it: the one file whose name differs only in case.
      { ...first, preview: { file: "harbour theta (MASTER).wav", seconds: 6 } },
      { ...second, preview: { file: "twin-beat 6+40 Forêt.wav".normalize("NFC"), seconds: 6 } },
    ]);
    expect(made.previews.map((p) => p.measured.cut)).toEqual([
      expect.stringContaining("harbour theta (MASTER).wav"),
      expect.stringContaining("twin-beat 6+40 Forêt.wav"),
    ]);
  });

  it("remove a location from a cover in the source, saying so; a build to publish refuses such a cover by name", async () => {
    const { images, build, refused } = await project();
    const tagged = await photo(1250)
      .jpeg()
      .withExif({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    const withCover = [{ ...first, cover: "harbour.jpg" }, second];
    await writeFile(join(images, "harbour.jpg"), tagged);

    const problems = await refused(withCover, true);
    expect(problems?.find((p) => p.field.includes(".cover"))).toMatchObject({
      field: 'fields[0] ("First Fixture Field").cover',
      message: expect.stringContaining("holds metadata (location, camera)"),
    });
    expect(Buffer.compare(await readFile(join(images, "harbour.jpg")), tagged)).toBe(0);

    const { notes } = await build(withCover);
    expect(notes).toContainEqual(expect.stringContaining("harbour.jpg) held metadata (location, camera): removed"));
    const stripped = await readFile(join(images, "harbour.jpg"));
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    // The picture itself as it was: the same pixels.
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect(Buffer.compare(await pixels(stripped), await pixels(tagged))).toBe(0);
  });
});
