import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevMessage } from "../../src/client/dev-protocol";
import { COVERS_FOLDER } from "../../src/content/files";
import { render, sine, wav } from "../test/audio-corpus";
import { startDevProcess, type DevProcess } from "../test/dev-process";
import { pollUntil } from "../test/poll";
import { FIXTURE_SITE, siteModule } from "../test/fixtures";

const RATE = 16_000;
/** A master whose ears' carriers beat at `beatHz`. */
const master = (beatHz: number) =>
  wav(render({ rate: RATE, seconds: 6, left: [sine(RATE, 180, 0.3)], right: [sine(RATE, 180 + beatHz, 0.3)] }));
/** A plain square picture of one colour. */
const picture = (side: number, background: string) =>
  sharp({ create: { width: side, height: side, channels: 3, background } })
    .png()
    .toBuffer();

// One dev server on a copy of the project with the tests' own content: a cover, a maker's photo, and a preview from
// a master in a masters folder outside the project, as an owner's are.
let dev: DevProcess;
let masters: string;
beforeAll(async () => {
  masters = await mkdtemp(join(tmpdir(), "dev-masters-"));
  await writeFile(join(masters, "second.wav"), master(7.5));
  dev = await startDevProcess({
    prepare: async (root) => {
      const [first, second] = FIXTURE_SITE.fields;
      const content = {
        ...FIXTURE_SITE,
        masters,
        maker: { name: "Fixture Maker", text: "Makes the fixtures.", photo: "maker.png" },
        fields: [
          { ...first!, cover: "first.png" },
          { ...second!, preview: { file: "second.wav" } },
        ],
      };
      await writeFile(join(root, "src/content/site.ts"), siteModule(content));
      await writeFile(join(root, COVERS_FOLDER, "first.png"), await picture(1200, "#3a4a8c"));
      await writeFile(join(root, COVERS_FOLDER, "maker.png"), await picture(480, "#8c4a3a"));
    },
  });
});
afterAll(async () => {
  await dev?.stop();
  if (masters) await rm(masters, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${dev.url}${path}`);
/** The assets of a page whose paths match, as the page now names them. */
const assetsOn = async (page: string, pattern: RegExp) => [
  ...new Set([...(await (await get(page)).text()).matchAll(pattern)].map((m) => m[0])),
];

/** Saves a file whole, by rename, as editors and audio editors save, and resolves with the build's answer to it. */
async function save(path: string, bytes: Uint8Array): Promise<DevMessage> {
  const from = dev.messages.length;
  await writeFile(`${path}.saving`, bytes);
  await rename(`${path}.saving`, path);
  let answer: DevMessage | undefined;
  await pollUntil(`a build after saving ${path}`, () => {
    answer = dev.messages.slice(from).find((m) => m.type === "reload" || m.type === "problem");
    return answer !== undefined;
  });
  return answer!;
}

/**
 * Saves an owner's image and resolves with what the page now names in its place: other files (the image's new sizes),
 * as many as before, after a reload of the page.
 */
async function replacedAssets(page: string, pattern: RegExp, file: string, bytes: Uint8Array): Promise<string[]> {
  const before = await assetsOn(page, pattern);
  expect(before.length).toBeGreaterThan(0);
  const answer = await save(join(dev.root, COVERS_FOLDER, file), bytes);
  expect(answer).toMatchObject({ type: "reload", paths: expect.arrayContaining([page]) });
  const after = await assetsOn(page, pattern);
  expect(after.length).toBe(before.length);
  expect(after.filter((path) => before.includes(path))).toEqual([]);
  return after;
}

describe("npm run dev rebuilds what the owner's images and masters make", () => {
  it("a saved cover: the pages showing it reload with its new sizes, each served as its type", async () => {
    const covers = /\/assets\/cover-first-fixture-field-[\w-]+\.(avif|webp)/g;
    const after = await replacedAssets("/products/", covers, "first.png", await picture(1200, "#c8b040"));
    for (const path of after) {
      const served = await get(path);
      expect(served.status, path).toBe(200);
      expect(served.headers.get("content-type"), path).toBe(path.endsWith(".avif") ? "image/avif" : "image/webp");
    }
    await dev.printed(/✓ Rebuilt in \d+ ms \(src\/content\/covers\/first\.png\)/);
  });

  it("a saved maker's photo: About reloads with it", async () => {
    const photos = /\/assets\/maker-[\w-]+\.(avif|webp)/g;
    await replacedAssets("/about/", photos, "maker.png", await picture(480, "#40c8b0"));
  });

  it("a saved master, outside the project: its field's preview is made again from it", async () => {
    const page = "/fields/second-fixture-field/";
    const previews = /\/assets\/preview-[\w-]+\.mp3/g;
    const before = await assetsOn(page, previews);
    expect(before.length).toBeGreaterThan(0);
    const answer = await save(join(masters, "second.wav"), master(6));
    expect(answer).toMatchObject({ type: "reload", paths: expect.arrayContaining([page]) });
    const made = (await assetsOn(page, previews)).filter((path) => !before.includes(path));
    expect(made.length).toBe(1);
    expect((await get(made[0]!)).headers.get("content-type")).toBe("audio/mpeg");
    expect(dev.output()).toContain(`(${masters}/second.wav)`);
  });
});
