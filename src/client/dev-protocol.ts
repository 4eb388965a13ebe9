/** What the dev server (scripts/dev.ts) tells the pages it serves (src/client/dev-client.ts). */
export interface DevProblem {
  kind: "build" | "type";
  message: string;
  /** Where to look, relative to the project: "src/content/site.ts". */
  file?: string;
  line?: number;
  column?: number;
}

/** The page paths whose HTML changed; the 404 page, served at any address, is NOT_FOUND. */
export const NOT_FOUND = "404";

export type DevMessage =
  | { type: "reload"; paths: string[] }
  | { type: "css"; css: string }
  | { type: "problem"; problem: DevProblem }
  | { type: "ok" };
