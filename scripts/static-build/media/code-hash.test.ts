import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeHash } from "./code-hash";

describe("#26 the hash of the code that makes a cached result", () => {
  let root: string;
  const hash = () => codeHash(["maker", "lone.ts"], ["codec"], root);
  const put = (path: string, text: string) => writeFile(join(root, path), text);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "code-hash-"));
    await mkdir(join(root, "maker"));
    await mkdir(join(root, "node_modules/codec"), { recursive: true });
    await put("maker/encode.ts", "export const bitrate = 128;");
    await put("maker/encode.test.ts", "test code");
    await put("maker/notes.md", "notes");
    await put("lone.ts", "export const x = 1;");
    await put("node_modules/codec/package.json", JSON.stringify({ name: "codec", version: "1.0.0" }));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("changes with a module of the folder, a file named alone, or a package's version", async () => {
    const first = hash();
    expect(hash()).toBe(first);
    for (const [path, text, restore] of [
      ["maker/encode.ts", "export const bitrate = 320;", "export const bitrate = 128;"],
      ["lone.ts", "export const x = 2;", "export const x = 1;"],
      ["node_modules/codec/package.json", JSON.stringify({ version: "1.0.1" }), JSON.stringify({ version: "1.0.0" })],
    ]) {
      await put(path!, text!);
      expect(hash(), path).not.toBe(first);
      await put(path!, restore!);
    }
    await put("maker/added.ts", "export {};");
    expect(hash()).not.toBe(first);
    await rm(join(root, "maker/added.ts"));
    expect(hash()).toBe(first);
  });

  it("#56 is not changed by a comment, a type or the layout of a line: only by what the code does", async () => {
    const first = hash();
    await put("maker/encode.ts", "// The bitrate, in kbps: a reworded note.\nexport const bitrate: number =\n  128;\n");
    expect(hash()).toBe(first);
    await put("maker/encode.ts", "export const bitrate = 128; // and a note\nexport const rate = 48000;");
    expect(hash()).not.toBe(first);
    await put("maker/encode.ts", "export const bitrate = 128;");
  });

  it("is not changed by the folder's tests or other files", async () => {
    const first = hash();
    await put("maker/encode.test.ts", "other test code");
    await put("maker/notes.md", "other notes");
    expect(hash()).toBe(first);
  });
});
