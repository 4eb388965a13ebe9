import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../paths";

/** Each command npm runs, as package.json runs it (without its pre-step), and its name as the owner types it. */
const COMMANDS: [name: string, script: string][] = [
  ["npm run build", "scripts/build.ts"],
  ["npm start", "scripts/serve/start.ts"],
  ["npm run dev", "scripts/dev/index.ts"],
  ["npm run host-config", "scripts/serve/host-config.ts"],
  ["npm run bench", "scripts/bench/index.ts"],
];

function run(script: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("every command answers --help, and refuses a wrong flag or word in one line", () => {
  // Every command reads its flags with commandLine (scripts/static-build/command-line.ts): its usage shows it does.
  it.each(COMMANDS)("%s --help prints its usage", async (name, script) => {
    const help = await run(script, ["--help"]);
    expect([help.status, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(new RegExp(`^Usage: ${name}`));
  });

  it("a wrong flag: one line, naming the flag and --help, and no stack trace", async () => {
    const wrong = await run("scripts/serve/host-config.ts", ["nginx", "--no-such-flag"]);
    expect([wrong.status, wrong.stdout]).toEqual([2, ""]);
    expect(wrong.stderr).toBe(
      "npm run host-config: unknown option '--no-such-flag'; `npm run host-config -- --help` lists what it takes.\n",
    );
  });

  it("a word a command does not take is named, and the host a command takes is read as one", async () => {
    const stray = await run("scripts/build.ts", ["fast"]);
    expect([stray.status, stray.stdout]).toEqual([2, ""]);
    expect(stray.stderr).toMatch(/^npm run build: it takes no fast; .*--help/);
    const host = await run("scripts/serve/host-config.ts", ["nowhere"]);
    expect(host.status).toBe(2);
    expect(host.stderr).toMatch(/^npm run host-config: it knows nginx and cloudfront, not nowhere;/);
  });
});

describe("the owner's repository on GitHub", () => {
  /** Each job of the workflow, by name, with its lines (two-space jobs under `jobs:`, as the file is written). */
  const jobs = (text: string) => {
    const parts = text.slice(text.indexOf("\njobs:\n") + 7).split(/^ {2}(\w+):\n/m);
    return new Map(Array.from({ length: (parts.length - 1) / 2 }, (_, i) => [parts[2 * i + 1]!, parts[2 * i + 2]!]));
  };

  it("tests every push and pull request as CI does (.ci/run), and deploys from main only what passed", async () => {
    const text = await readFile(join(ROOT, ".github/workflows/pages.yml"), "utf8");
    const on = text.slice(text.indexOf("\non:\n"), text.indexOf("\npermissions:"));
    expect(on).toMatch(/\n {2}push:\n {4}branches: \[main\]/);
    expect(on).toMatch(/\n {2}pull_request:/);
    const job = jobs(text);
    expect([...job.keys()]).toEqual(["test", "build", "deploy"]);
    expect(job.get("test")).toMatch(/\n\s+- run: bash \.ci\/run\n/);
    expect(job.get("build")).toMatch(/^ {4}needs: test\n {4}if: github\.event_name != 'pull_request'\n/);
    expect(job.get("deploy")).toMatch(/^ {4}needs: build\n/);
  });
});
