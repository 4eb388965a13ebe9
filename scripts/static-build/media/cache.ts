import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../paths";
import { type KeptFile, writeWhole } from "../write";

/** Under node_modules so a clean install starts afresh. Keys name all that goes in: nothing is invalidated by hand. */
export const CACHE_ROOT = join(ROOT, "node_modules/.cache/site");

type CacheKind = "previews" | "covers" | "share" | "fonts" | "served" | "styles";

/** A key from what goes into a result: strings, bytes and JSON values, each told apart from the next. */
export function cacheKey(...parts: readonly unknown[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    const bytes =
      part instanceof Uint8Array ? part : Buffer.from(typeof part === "string" ? part : JSON.stringify(part));
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest("hex").slice(0, 32);
}

export interface Cache {
  read(name: string): Promise<Uint8Array | undefined>;
  /** The same, at once: for a caller that cannot wait (a page's stylesheet, as the page is put together). */
  readNow(name: string): Uint8Array | undefined;
  /** Written aside, then renamed: no build reads half an entry. A failure (a full disk) only means making it again. */
  write(name: string, contents: Uint8Array | string): Promise<boolean>;
  through(name: string, make: () => Promise<Uint8Array> | Uint8Array): Promise<Uint8Array>;
  /** An entry that does not parse (damaged) is made again. */
  json<T>(name: string, make: () => Promise<T> | T): Promise<T>;
  /** Its bytes only where it could not be kept. */
  file(name: string, make: () => Promise<Uint8Array> | Uint8Array): Promise<KeptFile | Uint8Array>;
}

export function cache(kind: CacheKind, root = CACHE_ROOT): Cache {
  const folder = join(root, kind);
  const self: Cache = {
    // Read at once: a catalogue's thousands of small entries each cost a trip through libuv's threads otherwise.
    read: async (name) => self.readNow(name),
    readNow(name) {
      try {
        return new Uint8Array(readFileSync(join(folder, name)));
      } catch {
        return undefined;
      }
    },
    write: (name, contents) =>
      writeWhole(join(folder, name), contents).then(
        () => true,
        () => false,
      ),
    async through(name, make) {
      const kept = await self.read(name);
      if (kept) return kept;
      const made = await make();
      await self.write(name, made);
      return made;
    },
    async json(name, make) {
      try {
        const kept = self.readNow(name);
        if (kept) return JSON.parse(new TextDecoder().decode(kept));
      } catch {}
      const made = await make();
      await self.write(name, JSON.stringify(made));
      return made;
    },
    async file(name, make) {
      const kept = { kept: join(folder, name) };
      if (statSync(kept.kept, { throwIfNoEntry: false })?.isFile()) return kept;
      const made = await make();
      return (await self.write(name, made)) ? kept : made;
    },
  };
  return self;
}
