import { readFile } from "node:fs/promises";
import type { SourceMap, SourceMapping } from "node:module";
import { dirname, join, relative } from "node:path";
import type * as esbuild from "esbuild";
import type { DevProblem } from "../../src/client/dev-protocol";
import type { ContentError } from "../../src/content/files";
import { ROOT } from "../paths";

/** What went wrong, where: the file and line a person should open. `bundleFile` is where the build's code ran. */
export async function describe(error: unknown, map: SourceMap | undefined, bundleFile: string): Promise<DevProblem> {
  if ((error as Error)?.name === "ContentError") {
    const first = (error as ContentError).problems[0]!;
    // A problem's source is a content file ("src/content/site.ts") or an environment variable.
    const file = first.source.startsWith("src/") ? first.source : undefined;
    const line = file ? lineOfField(await readFile(join(ROOT, file), "utf8"), first.field) : undefined;
    return { kind: "build", message: (error as Error).message, file: file ?? first.source, line };
  }
  const failure = error as esbuild.BuildFailure;
  if (Array.isArray(failure?.errors) && failure.errors[0]?.location) {
    const { text, location } = failure.errors[0];
    return {
      kind: "build",
      message: `${text}\n\n  ${location!.lineText}`,
      file: location!.file,
      line: location!.line,
      column: location!.column + 1,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const origin = map ? sourceOf(error, map, bundleFile) : undefined;
  return { kind: "build", message, ...origin };
}

/** The first frame of an error's stack (or its causes') in the project's own sources, through the source map. */
export function sourceOf(error: unknown, map: SourceMap, bundleFile: string) {
  const stacks: string[] = [];
  for (let e = error as Error | undefined; e; e = e.cause as Error | undefined) if (e.stack) stacks.push(e.stack);
  const pattern = new RegExp(`${bundleFile.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):(\\d+)`, "g");
  for (const stack of stacks.reverse()) {
    for (const [, line, column] of stack.matchAll(pattern)) {
      const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as Partial<SourceMapping>;
      if (!entry.originalSource) continue;
      const file = relative(ROOT, join(dirname(bundleFile), entry.originalSource.replace(/^file:\/\//, "")));
      if (file.startsWith("node_modules")) continue;
      return { file, line: entry.originalLine! + 1, column: entry.originalColumn! + 1 };
    }
  }
  return undefined;
}

/** The line of a content file where a field such as "fields[1].durationMinutes" or "mail.press.subject" is written. */
export function lineOfField(text: string, field: string): number | undefined {
  // A field's title, as messages name it beside its place (`fields[3] ("Rainfall Alpha").preview`), is no key.
  const parts = field
    .replace(/ \("(?:[^"\\]|\\.)*"\)/g, "")
    .split(/[.[\]]+/)
    .filter(Boolean);
  // A key as TypeScript allows it: bare, or quoted as in JSON.
  const key = (name: string) => new RegExp(`\\b${name}["']?\\s*[:=]`);
  let position = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (/^\d+$/.test(part)) {
      // The (n+1)th object of the list: its first key, the next part of the path, marks where it starts.
      const next = parts[i + 1];
      if (!next) break;
      for (let n = 0; n <= Number(part); n++) {
        const found = text.slice(position).search(key(next));
        if (found < 0) return undefined;
        position += found + (n < Number(part) ? next.length : 0);
      }
      i++;
      continue;
    }
    const found = text.slice(position).search(key(part));
    if (found < 0) return undefined;
    position += found;
  }
  return text.slice(0, position).split("\n").length;
}

/** "file(line,col): error TS…: message", or one with no place, about the configuration ("error TS5083: …"). */
export function parseTypeErrors(output: string): DevProblem | undefined {
  const match = output.match(/^(?:(.+?)\((\d+),(\d+)\): )?error (TS\d+: .+)$/m);
  if (!match) return undefined;
  if (match[1] === undefined) return { kind: "type", message: match[4]! };
  return {
    kind: "type",
    file: match[1].replace(/\\/g, "/"),
    line: Number(match[2]),
    column: Number(match[3]),
    message: match[4]!,
  };
}

export const located = (problem: DevProblem) =>
  `${problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ""}: ` : ""}${problem.message}`;
