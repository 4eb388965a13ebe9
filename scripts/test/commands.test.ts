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
  it.each(COMMANDS)("%s", async (name, script) => {
    const [help, wrong] = await Promise.all([run(script, ["--help"]), run(script, ["--no-such-flag"])]);
    expect(help.stderr).toBe("");
    expect([help.status, help.stdout]).toEqual([0, expect.stringMatching(new RegExp(`^Usage: ${name}`))]);
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toBe(`${name}: unknown option '--no-such-flag'; \`${name} -- --help\` lists what it takes.\n`);
  });
});
