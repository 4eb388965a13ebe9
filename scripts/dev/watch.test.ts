import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { batcher, watchMasters, watchTree } from "./watch";

describe("batcher", () => {
  afterEach(() => vi.useRealTimers());

  it("gathers the saves of one moment into one batch, sorted, once they stop", async () => {
    vi.useFakeTimers();
    const batches: string[][] = [];
    const saves = batcher(30, async (files) => void batches.push(files));
    saves.add("src/b.ts");
    await vi.advanceTimersByTimeAsync(20);
    saves.add("src/a.ts");
    saves.add("src/b.ts");
    await vi.advanceTimersByTimeAsync(20);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(batches).toEqual([["src/a.ts", "src/b.ts"]]);
  });

  it("never handles a batch while the last is still being handled, and says what waits meanwhile", async () => {
    vi.useFakeTimers();
    const handled: string[][] = [];
    let finish!: () => void;
    const saves = batcher(10, (files) => {
      handled.push(files);
      return handled.length === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
    });
    saves.add("one.ts");
    await vi.advanceTimersByTimeAsync(10);
    saves.add("two.ts");
    await vi.advanceTimersByTimeAsync(50);
    expect(handled).toEqual([["one.ts"]]);
    expect(saves.waiting()).toBe(1);
    finish();
    await saves.idle();
    await vi.advanceTimersByTimeAsync(0);
    expect(handled).toEqual([["one.ts"], ["two.ts"]]);
    expect(saves.waiting()).toBe(0);
  });
});

describe("watchTree", () => {
  it("hears a file saved by rename, as editors save, and a file in a folder made after it started", async () => {
    const root = await mkdtemp(join(tmpdir(), "watch-tree-"));
    await writeFile(join(root, "page.tsx"), "one");
    const heard: string[] = [];
    let wake = () => {};
    const tree = watchTree([root], (path) => {
      heard.push(path);
      wake();
    });
    const hear = (path: string) => new Promise<void>((resolve) => (wake = () => heard.includes(path) && resolve()));
    try {
      for (const round of [1, 2]) {
        const saved = hear(join(root, "page.tsx"));
        await writeFile(join(root, "page.tsx.saving"), `edit ${round}`);
        await rename(join(root, "page.tsx.saving"), join(root, "page.tsx"));
        await saved;
        heard.length = 0;
      }
      await mkdir(join(root, "new"));
      await expect.poll(() => tree.size()).toBe(2);
      const added = hear(join(root, "new", "card.tsx"));
      await writeFile(join(root, "new", "card.tsx"), "new");
      await added;
    } finally {
      tree.close();
      await rm(root, { recursive: true, force: true });
    }
    expect(tree.size()).toBe(0);
  });
});

describe("watchMasters", () => {
  it("hears a master saved in the folder the setting names, outside the project, and nothing else there", async () => {
    const work = await mkdtemp(join(tmpdir(), "watch-masters-"));
    const root = join(work, "project");
    await mkdir(join(root, "masters"), { recursive: true });
    await mkdir(join(work, "masters/sessions"), { recursive: true });
    const heard: string[] = [];
    let wake = () => {};
    const masters = watchMasters((file) => {
      heard.push(file);
      wake();
    }, root);
    const hear = (file: string) => new Promise<void>((resolve) => (wake = () => heard.includes(file) && resolve()));
    try {
      // A folder inside the project is never watched (the build refuses it), nor is one not there yet.
      masters.follow("masters");
      expect(masters.size()).toBe(0);
      masters.follow("../later");
      expect(masters.size()).toBe(0);
      // The folder alone, not the folders in it (an audio editor's sessions).
      masters.follow("../masters/");
      expect(masters.size()).toBe(1);
      for (const round of [1, 2]) {
        // Saved before the master, in the same folder or below it: heard first, if heard at all.
        await writeFile(join(work, "masters/sessions/take.wav"), `take ${round}`);
        await writeFile(join(work, "masters/notes.txt"), `notes ${round}`);
        const saved = hear("../masters/field.flac");
        await writeFile(join(work, "masters/field.flac.saving"), `master ${round}`);
        await rename(join(work, "masters/field.flac.saving"), join(work, "masters/field.flac"));
        await saved;
        expect(new Set(heard)).toEqual(new Set(["../masters/field.flac"]));
        heard.length = 0;
      }
      // Another setting: the first folder is no longer watched, and a folder made since is.
      await mkdir(join(work, "later"));
      masters.follow("../later");
      expect(masters.size()).toBe(1);
      await writeFile(join(work, "masters/field.flac"), "no longer watched");
      const later = hear("../later/field.wav");
      await writeFile(join(work, "later/field.wav"), "master");
      await later;
      expect(heard).not.toContain("../masters/field.flac");
    } finally {
      masters.close();
      await rm(work, { recursive: true, force: true });
    }
    expect(masters.size()).toBe(0);
  });
});
