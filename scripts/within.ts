import { isAbsolute, relative, sep } from "node:path";

/**
 * Whether `path` is `folder` or inside it: "..masters" is inside, "../masters" is not. Not in paths.ts, which the
 * picture modules bundle: their files are named by their code.
 */
export function isWithin(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}
