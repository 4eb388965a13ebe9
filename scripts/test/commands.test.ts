import { spawn } from "node:child_process";
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
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("#23 every command answers --help, and refuses a wrong flag in one line", () => {
  // Every command reads its flags with commandLine (scripts/build/command-line.ts): its usage shows it does.
  it.each(COMMANDS)("%s --help prints its usage", async (name, script) => {
    const help = await run(script, ["--help"]);
    expect([help.status, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(new RegExp(`^Usage: ${name}`));
  });

  it("a wrong flag: one line, naming the flag and --help, and no stack trace", async () => {
    const wrong = await run("scripts/serve/host-config.ts", ["nginx", "--no-such-flag"]);
    expect([wrong.status, wrong.stdout]).toEqual([2, ""]);
    expect(wrong.stderr).toBe("npm run host-config: unknown option '--no-such-flag'; `npm run host-config -- --help` lists what it takes.\n");
  });
});
