import { createHash } from "node:crypto";

/** The folder every content-hashed file is written to, and served from as immutable. */
export const ASSET_DIR = "assets";

/** A file's content hash, as its name carries it: the first 10 hex digits of its SHA-256. */
export const contentHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);

/**
 * The site path of a content-hashed file: "/assets/<name>-<hash>.<extension>". Or of a file named by the cache key of
 * all that made it (media/cache.ts), which changes whenever its contents may: a kept file, never read.
 */
export const assetPath = (name: string, extension: string, bytes: Uint8Array | { key: string }) =>
  `/${ASSET_DIR}/${name}-${"key" in bytes ? bytes.key.slice(0, 10) : contentHash(bytes)}.${extension}`;
