import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../paths";
import type { DevMessage } from "../../src/client/dev-protocol";
import type { DevStats } from "../dev";

/**
 * `npm run dev` on a copy of the project in a temporary folder, so a test (or the bench) can edit files
 * without touching the real ones, and drive the server from outside, as a person's editor would.
 */
export interface DevProcess {
  root: string;
  url: string;
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output(): string;
  stats(): Promise<DevStats>;
  /** Writes a project file (relative path) and waits until the server has built from it. */
  edit(file: string, change: (text: string) => string): Promise<DevStats>;
  /** Messages the server has sent to pages, in order, from a listener connected at start. */
  messages: DevMessage[];
  stop(): Promise<number | null>;
}

export interface DevProcessOptions {
  typecheck?: boolean;
  exposeGc?: boolean;
  /** Runs on the copy of the project before the server starts. */
  prepare?: (root: string) => Promise<void>;
}

export async function startDevProcess({ typecheck = false, exposeGc = false, prepare }: DevProcessOptions = {}): Promise<DevProcess> {
  const root = await mkdtemp(join(tmpdir(), "site-dev-"));
  for (const entry of ["src", "styles", "scripts", "package.json", "tsconfig.json"]) {
    await cp(join(ROOT, entry), join(root, entry), { recursive: true });
  }
  await symlink(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  await prepare?.(root);

  const args = [...(exposeGc ? ["--expose-gc"] : []), "--import", "tsx", "scripts/dev.ts", "--port", "0", ...(typecheck ? [] : ["--no-typecheck"])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev server did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", () => {
      const found = output.match(/Serving (http:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.on("exit", () => reject(new Error(`dev server exited:\n${output}`)));
  });

  const messages: DevMessage[] = [];
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
        messages.push(JSON.parse(buffer.slice(0, end).replace(/^data: /, "")));
        buffer = buffer.slice(end + 2);
      }
    }
  })();

  let stopping: Promise<number | null> | undefined;
  const stats = async () => (await fetch(`${url}/__dev/stats`)).json() as Promise<DevStats>;
  const problemsSoFar = () => messages.filter((m) => m.type === "problem").length;

  return {
    root,
    url,
    child,
    output: () => output,
    stats,
    messages,
    async edit(file, change) {
      const before = { stats: await stats(), problems: problemsSoFar() };
      const path = join(root, file);
      // Saved whole, by rename, the way most editors save: a truncate-then-write can be seen half done.
      await writeFile(`${path}.saving`, change(await readFile(path, "utf8")));
      await rename(`${path}.saving`, path);
      // Built (a new build counted) or refused (a new problem reported): either way the server has answered.
      for (let waited = 0; waited < 20_000; waited += 20) {
        const now = await stats();
        if (now.builds > before.stats.builds || problemsSoFar() > before.problems) return now;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no build after editing ${file}:\n${output}`);
    },
    // Idempotent: a test may stop the server itself before the suite's own clean-up runs.
    stop() {
      stopping ??= (async () => {
        await reader.cancel().catch(() => {});
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        const code = child.exitCode ?? (await exited);
        await rm(root, { recursive: true, force: true });
        return code;
      })();
      return stopping;
    },
  };
}
