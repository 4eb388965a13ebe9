import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_SITE } from "../../test/fixtures";
import { fieldSlug } from "../../../src/content/fields";
import { theme } from "../styles";
import { buildCovers } from "./covers";
import { bytesOf } from "../write";
import { buildFieldShareImages } from "./field-share";
import { fieldShareImage } from "./images";

let cache: string;
beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), "site-share-"));
});
afterAll(() => rm(cache, { recursive: true, force: true }));

describe("a field page's share image", () => {
  it("is a 1200×630 PNG of the field's cover and its title, made once and then taken from the cache", async () => {
    const covers = await buildCovers(FIXTURE_SITE, new Map(), theme());
    const first = buildFieldShareImages(FIXTURE_SITE, covers.forShare, theme(), cache);
    const [field] = FIXTURE_SITE.fields;
    const image = first.bySlug.get(fieldSlug(field!))!;
    expect(image).toMatchObject({
      width: 1200,
      height: 630,
      alt: `${field!.title}: ${field!.tuning}, from ${FIXTURE_SITE.brand}`,
    });
    expect(await sharp(await bytesOf((await first.draw()).get(image.path.slice(1))!)).metadata()).toMatchObject({
      format: "png",
      width: 1200,
      height: 630,
    });
    // A second build takes each picture from the cache: stand a marker in for every kept file.
    const kept = join(cache, "share");
    for (const file of await readdir(kept)) await writeFile(join(kept, file), "kept");
    const again = buildFieldShareImages(FIXTURE_SITE, covers.forShare, theme(), cache);
    const texts = async (built: typeof again) =>
      Promise.all(
        [...(await built.draw()).values()].map(async (file) => new TextDecoder().decode(await bytesOf(file))),
      );
    expect(await texts(again)).toEqual(FIXTURE_SITE.fields.map(() => "kept"));
    // Any word it draws changed (as an owner's edit under `npm run dev`): that picture is drawn afresh.
    const retuned = {
      ...FIXTURE_SITE,
      fields: [{ ...field!, tuning: "Theta, retuned" }, ...FIXTURE_SITE.fields.slice(1)],
    };
    const afresh = buildFieldShareImages(retuned, covers.forShare, theme(), cache);
    expect((await texts(afresh))[0]).not.toBe("kept");
    expect((await texts(afresh)).slice(1)).toEqual(FIXTURE_SITE.fields.slice(1).map(() => "kept"));
  });

  it("sets a long title smaller and over more lines, every word kept; one too long to fit stops the build, naming it", () => {
    const lines = (title: string) =>
      [
        ...fieldShareImage({ title, tuning: "Theta" }, "fields[0]", FIXTURE_SITE, "data:,", theme()).svg.matchAll(
          /font-size="(\d+)" fill="#eef0fb"[^>]*>(.*?)<\/text>/g,
        ),
      ].map((m) => ({ size: Number(m[1]), text: m[2]!.replace(/<[^>]+>/g, "") }));
    const short = lines("Rain");
    expect(short).toEqual([{ size: 80, text: "Rain" }]);
    const long = lines("A Very Long Evening Of Slow Rain Over Distant Harbour Water");
    expect(long.length).toBeGreaterThan(1);
    expect(long[0]!.size).toBeLessThan(80);
    expect(long.map((l) => l.text).join(" ")).toBe("A Very Long Evening Of Slow Rain Over Distant Harbour Water");
    expect(() =>
      fieldShareImage({ title: "Rain ".repeat(60), tuning: "Theta" }, "fields[3]", FIXTURE_SITE, "data:,", theme()),
    ).toThrow("src/content/site.ts: fields[3].title is too long for its page's share image");
  });
});
