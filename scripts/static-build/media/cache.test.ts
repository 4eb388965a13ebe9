import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { cache } from "./cache";

it("a cache that cannot be written (its folder is not one) still gives what was made: the build goes on", async () => {
  const parent = await mkdtemp(join(tmpdir(), "cache-"));
  try {
    const root = join(parent, "not-a-folder");
    await writeFile(root, "a file where the cache would be");
    const kept = cache("covers", root);
    expect(new TextDecoder().decode(await kept.through("entry", () => new TextEncoder().encode("made")))).toBe("made");
    expect(await kept.read("entry")).toBeUndefined();
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});

it("makes a kept value again when its entry is damaged, instead of failing every build after", async () => {
  const root = await mkdtemp(join(tmpdir(), "cache-"));
  try {
    const kept = cache("served", root);
    expect(await kept.json("entry.json", () => ({ bytes: 1 }))).toEqual({ bytes: 1 });
    expect(await kept.json("entry.json", () => ({ bytes: 2 }))).toEqual({ bytes: 1 });
    await writeFile(join(root, "served", "entry.json"), '{"bytes":');
    expect(await kept.json("entry.json", () => ({ bytes: 3 }))).toEqual({ bytes: 3 });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
