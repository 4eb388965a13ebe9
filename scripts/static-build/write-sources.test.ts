import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { failedBuild } from "../build";
import { SourcesWriteError, writeSources } from "./write";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "write-sources-"));
});

const changes = () => ({
  write: new Map<string, string | Uint8Array>([
    [join(folder, "a.mp3"), "first preview"],
    [join(folder, "b.mp3"), "second preview, the longer one"],
  ]),
  remove: [] as string[],
});

const failure = (work: Promise<void>) =>
  work.then(
    () => {
      throw new Error("written");
    },
    (error: unknown) => error as SourcesWriteError,
  );

describe("what the build writes to src/: each file whole, or none, and a message that says which", () => {
  it("a full disk leaves no temporary file, writes nothing, and says so", async () => {
    // The first file's temporary name leads to Linux's full device: every write there fails with ENOSPC.
    await symlink("/dev/full", `${join(folder, "a.mp3")}.${process.pid}.part`);
    const error = await failure(writeSources(changes()));
    expect((error.cause as NodeJS.ErrnoException).code).toBe("ENOSPC");
    expect(error).toBeInstanceOf(SourcesWriteError);
    expect(await readdir(folder)).toEqual([]);
    expect(failedBuild(error, "dist/")).toMatch(
      /^Build failed writing src\/: it wrote nothing of \S*a\.mp3, \S*b\.mp3; dist\/ was left as it was\.$/,
    );
    await rm(folder, { recursive: true });
  });

  it("a file that cannot take its place after another has is named as not written, the other as written", async () => {
    // Where the second file goes, a folder with something in it: nothing renames over that.
    await mkdir(join(folder, "b.mp3"));
    await writeFile(join(folder, "b.mp3", "kept"), "");
    const error = await failure(writeSources(changes()));
    expect(await readFile(join(folder, "a.mp3"), "utf8")).toBe("first preview");
    expect((await readdir(folder)).sort()).toEqual(["a.mp3", "b.mp3"]);
    expect(error.written).toEqual([join(folder, "a.mp3")]);
    expect(error.unwritten).toEqual([join(folder, "b.mp3")]);
    expect(failedBuild(error, "dist/")).toMatch(/it wrote \S*a\.mp3, and not \S*b\.mp3; dist\/ was left as it was\.$/);
    await rm(folder, { recursive: true });
  });
});
