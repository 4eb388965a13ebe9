import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { keptBuild } from "./assets";

it("keeps a bundle while every file it was made from and every value defined in it are the same, and makes it again when one changes", async () => {
  const root = await mkdtemp(join(tmpdir(), "kept-build-"));
  try {
    // Each file saved a minute ago: a bundle made from a file saved as it is made is not kept (code-hash.ts).
    const put = async (file: string, text: string) => {
      await writeFile(join(root, file), text);
      const before = new Date(Date.now() - 60_000);
      await utimes(join(root, file), before, before);
    };
    await put("entry.ts", 'import { word } from "./word";\nconsole.log(word, __LATER__.word);');
    await put("word.ts", 'export const word = "first";');
    const options = {
      absWorkingDir: root,
      // An object, which esbuild lists among its inputs as "<define:__LATER__>", as it does the loader's.
      define: { __LATER__: '{"word":"later"}' },
      entryPoints: ["entry.ts"],
      bundle: true,
      write: false,
      metafile: true as const,
      logLevel: "silent" as const,
    };
    const cacheRoot = join(root, "cache");
    const text = async () => (await keptBuild(options, cacheRoot)).outputs[0]!.text;
    expect(await text()).toContain('"first"');
    // What was kept is what a second build gives: it is not bundled again.
    const [entry] = await readdir(join(cacheRoot, "esbuild"));
    const keptAt = join(cacheRoot, "esbuild", entry!);
    await writeFile(keptAt, (await readFile(keptAt, "utf8")).replace('\\"first\\"', '\\"kept\\"'));
    expect(await text()).toContain('"kept"');
    // An imported file changed: bundled again, with it.
    await put("word.ts", 'export const word = "second";');
    expect(await text()).toContain('"second"');
    // A value defined otherwise: bundled with it.
    options.define.__LATER__ = '{"word":"sooner"}';
    expect(await text()).toContain('"sooner"');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
