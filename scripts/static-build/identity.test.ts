import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldPath, fieldSlug } from "../../src/content/fields";
import type { SiteContent } from "../../src/content/types";
import { ContentError } from "../../src/content/files";
import { outputFileFor } from "../../src/lib/routes";
import { buildSite } from "../build";
import { isKept, writeSources } from "./write";
import { FIXTURE_SITE, projectFolders } from "../test/fixtures";
import { FIELDS_RECORD, type FieldRecord } from "./identity";

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "identity-"));
});
afterAll(() => rm(parent, { recursive: true, force: true }));

/** A build of `site` that keeps the fields' record in its own project, as `npm run build` keeps the owner's. */
async function built(site: SiteContent, folders: Awaited<ReturnType<typeof projectFolders>>) {
  const made = await buildSite({ site, previewFolders: folders, record: folders.committed });
  await writeSources(made.commit);
  const text = (path: string) => {
    const file = made.files.get(path) ?? "";
    if (isKept(file)) throw new Error(`${path} is a file of the cache, not text the build made`);
    return typeof file === "string" ? file : new TextDecoder().decode(file);
  };
  const coverOf = (slug: string) => {
    const cover = [...made.files.keys()].find(
      (path) => path.startsWith(`assets/cover-${slug}-`) && path.endsWith(".svg"),
    );
    return cover && made.files.get(cover);
  };
  const feedIds = [...text("feed.xml").matchAll(/<entry>[\s\S]*?<id>([^<]+)<\/id>/g)].map((m) => m[1]);
  return { ...made, text, coverOf, feedIds };
}

const record = async (folder: string): Promise<FieldRecord[]> =>
  JSON.parse(await readFile(join(folder, FIELDS_RECORD), "utf8")).fields;

describe("a field's identity: its address, kept in the record beside the previews", () => {
  it("a renamed title keeps its address, its cover's bytes and its feed id, and the build says so", async () => {
    const folders = await projectFolders(parent);
    const before = await built(FIXTURE_SITE, folders);
    const first = FIXTURE_SITE.fields[0]!;
    const slug = fieldSlug(first);
    expect((await record(folders.committed)).map((entry) => entry.slug)).toEqual(FIXTURE_SITE.fields.map(fieldSlug));

    const renamed = {
      ...FIXTURE_SITE,
      fields: [{ ...first, title: "First Field at Dawn" }, ...FIXTURE_SITE.fields.slice(1)],
    };
    const after = await built(renamed, folders);
    expect(after.pages.has(outputFileFor(fieldPath(first)))).toBe(true);
    expect(after.text(outputFileFor(fieldPath(first)))).toContain("First Field at Dawn");
    expect(after.coverOf(slug)).toEqual(before.coverOf(slug));
    expect(after.feedIds).toEqual(before.feedIds);
    expect(after.notes.find((note) => note.includes("First Field at Dawn"))).toContain(`/fields/${slug}/`);
  });

  it("a slug the owner changes leaves a page at the old address, a 301 for hosts that take one, and a line saying so", async () => {
    const folders = await projectFolders(parent);
    await built(FIXTURE_SITE, folders);
    const first = FIXTURE_SITE.fields[0]!;
    const old = `/fields/${fieldSlug(first)}/`;
    const moved = { ...FIXTURE_SITE, fields: [{ ...first, slug: "first-light" }, ...FIXTURE_SITE.fields.slice(1)] };
    const after = await built(moved, folders);

    const page = after.text(outputFileFor(old));
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/fields/first-light/"/>');
    expect(page).toContain(`<link rel="canonical" href="${FIXTURE_SITE.origin}/fields/first-light/"/>`);
    expect(after.text("_redirects").trim().split("\n")).toEqual([
      `${old} /fields/first-light/ 301`,
      `${old.slice(0, -1)} /fields/first-light/ 301`,
    ]);
    expect(after.notes).toContainEqual(expect.stringContaining(`${old} redirects to /fields/first-light/`));
    // The record remembers: the build after, with the same content, still redirects.
    expect((await record(folders.committed))[0]).toMatchObject({ slug: "first-light", formerly: [fieldSlug(first)] });
    expect((await built(moved, folders)).text("_redirects")).toContain(old);
  });

  it("a field taken out and put back has its address and cover as they were", async () => {
    const folders = await projectFolders(parent);
    const before = await built(FIXTURE_SITE, folders);
    const [first, second] = FIXTURE_SITE.fields;
    await built({ ...FIXTURE_SITE, fields: [second!] }, folders);
    const back = await built({ ...FIXTURE_SITE, fields: [second!, { ...first!, title: "Back Again" }] }, folders);
    expect(back.coverOf(fieldSlug(first!))).toEqual(before.coverOf(fieldSlug(first!)));
  });

  it("a record that cannot be read stops the build, naming the file", async () => {
    const folders = await projectFolders(parent);
    await built(FIXTURE_SITE, folders);
    await writeFile(join(folders.committed, FIELDS_RECORD), "{ not json");
    const refused = await buildSite({ site: FIXTURE_SITE, record: folders.committed }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems[0]!.source).toBe(`src/content/previews/${FIELDS_RECORD}`);
  });
});
