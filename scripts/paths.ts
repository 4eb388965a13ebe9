import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** The project's root folder: every path the scripts write or read is taken from here. */
export const ROOT = join(import.meta.dirname, "..");

/** The masters folder a setting names: relative to the project, absolute, or from the home folder ("~/Audio/masters"). */
export const mastersFolder = (setting: string, root = ROOT) =>
  setting.startsWith("~/") ? join(homedir(), setting.slice(2)) : resolve(root, setting);

/** Whether `path` is `folder` or inside it: "..masters" is inside, "../masters" is not. */
export function isWithin(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}
