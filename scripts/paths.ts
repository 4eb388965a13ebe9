import { join } from "node:path";

/** The project's root folder: every path the scripts write or read is taken from here. */
export const ROOT = join(import.meta.dirname, "..");
