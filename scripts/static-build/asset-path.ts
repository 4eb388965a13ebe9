import { createHash } from "node:crypto";

export const ASSET_DIR = "assets";

/** `{ key }`: a kept file, never read, named by the cache key of all that made it, which changes with its contents. */
export const assetPath = (name: string, extension: string, bytes: Uint8Array | { key: string }) =>
  `/${ASSET_DIR}/${name}-${("key" in bytes ? bytes.key : createHash("sha256").update(bytes).digest("hex")).slice(0, 10)}.${extension}`;
