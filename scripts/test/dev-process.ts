import { spawn, type ChildProcess } from "node:child_process";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DevMessage } from "../../src/client/dev-protocol";
import { copyProject } from "./project-copy";
import type { DevStats } from "../dev/index";

/**
 * `npm run dev` on a copy of the project in a temporary folder, so a test (or the bench) can edit files without
 * touching the real ones, and drive the server from outside, as a person's editor would.
 */
export interface DevProcess {
  root: string;
  url: string;
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output(): string;
  /** Resolves once the server has printed something matching. */
  printed(pattern: RegExp): Promise<string>;
  /** The server's figures; `collect` first runs a garbage collection (the process has --expose-gc). */
  stats(options?: { collect?: boolean }): Promise<DevStats>;
  /**
   * Saves a project file (relative path) and resolves with the message the server sent the pages about the build
   * it set off: a reload, a style swap, or the build's problem.
   */
  edit(file: string, change: (text: string) => string): Promise<DevMessage>;
  /** Messages the server has sent to pages, in order, from a listener connected at start. */
  messages: DevMessage[];
  /** Resolves with the first message from now on that matches. */
  next(matches: (message: DevMessage) => boolean): Promise<DevMessage>;
  stop(): Promise<number | null>;
}

export interface DevProcessOptions {
  typecheck?: boolean;
  /** Runs on the copy of the project before the server starts. */
  prepare?: (root: string) => Promise<void>;
}

/** A build's own answer to a save: what edit() waits for (the type checker speaks on its own schedule). */
const isBuildAnswer = (message: DevMessage) =>
  message.type === "reload" ||
  message.type === "css" ||
  (message.type === "problem" && message.problem.kind === "build");

export async function startDevProcess({ typecheck = false, prepare }: DevProcessOptions = {}): Promise<DevProcess> {
  const project = await copyProject();
  const { root } = project;
  await prepare?.(root);

  const args = [
    "--expose-gc",
    "--import",
    "tsx",
    "scripts/dev/index.ts",
    "--port",
    "0",
    ...(typecheck ? [] : ["--no-typecheck"]),
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const printedWaiters: (() => void)[] = [];
  const onOutput = (chunk: Buffer) => {
    output += chunk;
    for (const wake of printedWaiters.splice(0)) wake();
  };
  child.stdout!.on("data", onOutput);
  child.stderr!.on("data", onOutput);
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = output.match(pattern);
        if (found) resolve(found[0]);
        else if (child.exitCode !== null) reject(new Error(`dev server exited before printing ${pattern}:\n${output}`));
        else printedWaiters.push(check);
      };
      check();
    });
  child.once("exit", () => {
    for (const wake of printedWaiters.splice(0)) wake();
  });
  const url = (await printed(/Serving (http:\/\/\S+)/)).replace("Serving ", "");

  const messages: DevMessage[] = [];
  const messageWaiters: ((message: DevMessage) => void)[] = [];
  const events = await fetch(`${url}/__dev/events`);
  const reader = events.body!.getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = JSON.parse(buffer.slice(0, end).replace(/^data: /, "")) as DevMessage;
        buffer = buffer.slice(end + 2);
        messages.push(message);
        for (const wake of messageWaiters.splice(0)) wake(message);
      }
    }
  })();
  const next = (matches: (message: DevMessage) => boolean) =>
    new Promise<DevMessage>((resolve) => {
      const wait = (message: DevMessage) => (matches(message) ? resolve(message) : messageWaiters.push(wait));
      messageWaiters.push(wait);
    });

  let stopping: Promise<number | null> | undefined;
  return {
    root,
    url,
    child,
    output: () => output,
    printed,
    stats: async ({ collect = false } = {}) =>
      (await fetch(`${url}/__dev/stats${collect ? "?collect" : ""}`)).json() as Promise<DevStats>,
    messages,
    next,
    async edit(file, change) {
      const path = join(root, file);
      const answer = next(isBuildAnswer);
      // Saved whole, by rename, the way most editors save: a truncate-then-write can be seen half done.
      await writeFile(`${path}.saving`, change(await readFile(path, "utf8")));
      await rename(`${path}.saving`, path);
      return answer;
    },
    // Idempotent: a test may stop the server itself before the suite's own clean-up runs.
    stop() {
      stopping ??= (async () => {
        await reader.cancel().catch(() => {});
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        const code = child.exitCode ?? (await exited);
        await project.remove();
        return code;
      })();
      return stopping;
    },
  };
}
