import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject } from "../../test/project-copy";
import { codeHash, keepMadeFrom, keptIfSame, now } from "./code-hash";

describe("the hash of the code that makes a cached result", () => {
  let root: string;
  const hash = () => codeHash(["maker", "lone.ts"], root);
  const put = (path: string, text: string) => writeFile(join(root, path), text);
  const ENCODE =
    'import { rate } from "../shared/rates";\nimport { encode } from "codec";\nexport const run = () => encode(rate, 128);';

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "code-hash-"));
    await mkdir(join(root, "maker"));
    await mkdir(join(root, "shared"));
    await mkdir(join(root, "node_modules/codec"), { recursive: true });
    await put("maker/encode.ts", ENCODE);
    await put("maker/encode.test.ts", "test code");
    await put("maker/notes.md", "notes");
    await put("shared/rates.ts", "export const rate = 48000;\nexport const unused = 1;");
    await put("lone.ts", "export const x = 1;");
    // A maker names its own code through the hasher, which is left out as a package is (and is no package).
    await put(
      "maker/keyed.ts",
      'import { codeHash, keepMadeFrom, keptIfSame, now } from "./code-hash";\nexport const key = () => codeHash(["maker"]);',
    );
    await put("node_modules/codec/package.json", JSON.stringify({ name: "codec", version: "1.0.0" }));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("changes with a module of the folder, a file named alone, a module they import, or a package's version", async () => {
    const first = hash();
    expect(hash()).toBe(first);
    for (const [path, text, restore] of [
      ["maker/encode.ts", ENCODE.replace("128", "320"), ENCODE],
      ["lone.ts", "export const x = 2;", "export const x = 1;"],
      ["shared/rates.ts", "export const rate = 44100;", "export const rate = 48000;\nexport const unused = 1;"],
      ["node_modules/codec/package.json", JSON.stringify({ version: "1.0.1" }), JSON.stringify({ version: "1.0.0" })],
    ]) {
      await put(path!, text!);
      expect(hash(), path).not.toBe(first);
      await put(path!, restore!);
    }
    await put("maker/added.ts", "export const added = 1;");
    expect(hash()).not.toBe(first);
    await rm(join(root, "maker/added.ts"));
    expect(hash()).toBe(first);
  });

  it("is not changed by a comment, a type, the layout of a line, or what nothing uses: only by what the code does", async () => {
    const first = hash();
    await put("lone.ts", "// A reworded note.\nexport const x: number =\n  1;\n");
    await put("shared/rates.ts", "export const rate = 48000;\nexport const unused = 2;");
    expect(hash()).toBe(first);
    await put("lone.ts", "export const x = 1; // and a note\nexport const y = 2;");
    expect(hash()).not.toBe(first);
    await put("lone.ts", "export const x = 1;");
  });

  it("changes with the version of a package the code loads only when it needs it, when named", async () => {
    const later = () => codeHash(["lone.ts"], root, ["codec"]);
    const [first, graph] = [later(), codeHash(["lone.ts"], root)];
    expect(later()).toBe(first);
    await put("node_modules/codec/package.json", JSON.stringify({ version: "2.0.0" }));
    expect(later()).not.toBe(first);
    expect(codeHash(["lone.ts"], root)).toBe(graph);
    await put("node_modules/codec/package.json", JSON.stringify({ name: "codec", version: "1.0.0" }));
  });

  it("keeps no answer made from a file saved after the making began", async () => {
    const kept = join(root, "kept.json");
    const since = now();
    await put("lone.ts", "export const x = 3;");
    keepMadeFrom(kept, root, ["lone.ts"], ["lone.ts"], [], "made", since);
    expect(keptIfSame(kept, root, ["lone.ts"])).toBeUndefined();
    // Saved a minute before the making began: kept.
    const before = new Date(now() - 60_000);
    await utimes(join(root, "lone.ts"), before, before);
    keepMadeFrom(kept, root, ["lone.ts"], ["lone.ts"], [], "made", now());
    expect(keptIfSame(kept, root, ["lone.ts"])).toBe("made");
    await put("lone.ts", "export const x = 1;");
    expect(keptIfSame(kept, root, ["lone.ts"])).toBeUndefined();
  });

  it("takes no kept answer that does not say what it was made from", async () => {
    const kept = join(root, "kept.json");
    await writeFile(kept, JSON.stringify({ value: "from an older build" }));
    expect(keptIfSame(kept, root, ["lone.ts"])).toBeUndefined();
  });

  it("is not changed by the folder's tests or other files", async () => {
    const first = hash();
    await put("maker/encode.test.ts", "other test code");
    await put("maker/notes.md", "other notes");
    expect(hash()).toBe(first);
  });
});

describe("the code hashes of what the build makes, on a copy of the project", () => {
  it("of the previews follows what their analysis imports (a carrier's range in src/content/bands.ts), not the hasher that keeps it", async () => {
    const copy = await copyProject();
    try {
      const previews = () => codeHash(["scripts/static-build/media/audio"], copy.root);
      const before = previews();
      const bands = join(copy.root, "src/content/bands.ts");
      const text = await readFile(bands, "utf8");
      expect(text).toContain("CARRIER_HZ = { low: 40,");
      const hasher = join(copy.root, "scripts/static-build/media/code-hash.ts");
      const hashing = await readFile(hasher, "utf8");
      expect(hashing).toContain("slice(0, 16)");
      await writeFile(hasher, hashing.replace("slice(0, 16)", "slice(0, 15)"));
      expect(previews()).toBe(before);
      await writeFile(bands, text.replace("CARRIER_HZ = { low: 40,", "CARRIER_HZ = { low: 30,"));
      expect(previews()).not.toBe(before);
    } finally {
      await copy.remove();
    }
  });

  it("of the pictures (which their names carry) follows what draws them, not the content's checks or the stylesheet's code", async () => {
    const copy = await copyProject();
    const edit = async (path: string, from: string, to: string) => {
      const text = await readFile(join(copy.root, path), "utf8");
      expect(text, path).toContain(from);
      await writeFile(join(copy.root, path), text.replace(from, to));
    };
    try {
      const pictures = () =>
        ["covers.ts", "images.ts"].map((entry) => codeHash([`scripts/static-build/media/${entry}`], copy.root));
      const before = pictures();
      await edit("src/content/settings.ts", "must be the name of a JPEG", "must name a JPEG");
      await edit("src/content/validate.ts", 'what: "the site\'s content"', 'what: "the content"');
      await edit("scripts/static-build/styles.ts", "must be one colour", "must be a single colour");
      expect(pictures()).toEqual(before);
      await edit("scripts/static-build/media/drawn-cover.ts", "function hashOf", "function hashOfText");
      await edit("scripts/static-build/media/images.ts", "const MARGIN = 88;", "const MARGIN = 80;");
      const after = pictures();
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
    } finally {
      await copy.remove();
    }
  });
});
