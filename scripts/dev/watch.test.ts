import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { batcher, watchTree } from "./watch";

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
