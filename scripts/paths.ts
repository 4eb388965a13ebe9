import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The project's root folder: every path the scripts write or read is taken from here. */
export const ROOT = join(import.meta.dirname, "..");

/** The masters folder a setting names: relative to the project, absolute, or from the home folder ("~/Audio/masters"). */
export const mastersFolder = (setting: string, root = ROOT) =>
  setting.startsWith("~/") ? join(homedir(), setting.slice(2)) : resolve(root, setting);
