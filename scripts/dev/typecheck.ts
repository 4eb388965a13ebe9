import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DevProblem } from "../../src/client/dev-protocol";
import { ROOT } from "../paths";
import { parseTypeErrors } from "./problems";

/**
 * Beside the build, not in its way (esbuild strips types unchecked): a whole check on every save, about 2 s, of
 * scripts/dev/tsconfig.json (not the test suites, whose own packages may not be installed) and the browser code.
 * Not incremental: --build trusts file times, and a save made while a check was reading would look older than its
 * record, so the next check would find nothing to do and miss it. A save during a check queues one more rather than
 * killing it, at normal priority: killed at every save, or at the lowest priority, a busy machine's checker never
 * finished. (tsc's --watch loses a file saved by rename.)
 * `report` hears undefined only when tsc ran and passed: a checker that could not start or crashed is a problem.
 */
export function startTypeChecker(report: (problem: DevProblem | undefined) => void, root = ROOT) {
  let running: ChildProcess | undefined;
  let again = false;
  let closed = false;

  const run = () => {
    again = false;
    let tsc: string;
    try {
      // The compiler the project pins, through its package.json's "bin" (TypeScript 7 exports no bin/ path).
      tsc = join(dirname(createRequire(join(root, "package.json")).resolve("typescript/package.json")), "bin/tsc");
    } catch (error) {
      return report(checkerFailure(`did not run: ${(error as Error).message}`));
    }
    // Its own process group: on Node 20 bin/tsc starts the native compiler as a child of its own, which
    // stopping bin/tsc alone would leave running.
    const child = spawn(process.execPath, [tsc, "--build", "--pretty", "false", "scripts/dev", "src/client"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    let ended = false;
    const end = (problem: () => DevProblem | undefined) => {
      if (ended) return;
      ended = true;
      running = undefined;
      if (closed) return;
      // A save came in meanwhile: this check saw code that is already gone, so the next one speaks instead.
      if (again) run();
      else report(problem());
    };
    // A checker that could not start (the project's folder gone) gives "error", and maybe "close" after it.
    child.on("error", (error) => end(() => checkerFailure(`did not run: ${error.message}`)));
    child.on("close", (code, signal) =>
      end(() => {
        const found = parseTypeErrors(output);
        if (found || code === 0) return found;
        const words = output.trim() ? `:\n${output.trim()}` : ", and said nothing";
        return checkerFailure(`${signal ? `was stopped by ${signal}` : `exited with code ${code}`}${words}`);
      }),
    );
  };

  return {
    /** Checks the code as it is now: at once, or as soon as the check under way ends (never two at once). */
    check() {
      if (closed) return;
      if (running) again = true;
      else run();
    },
    async close() {
      closed = true;
      const child = running;
      // No pid: it never started, and has nothing to stop.
      if (!child?.pid) return;
      const ended = new Promise((resolve) => child.once("close", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await ended;
    },
  };
}

/** The check as failed, in the checker's own words: never a pass that tsc did not give. */
const checkerFailure = (what: string): DevProblem => ({ kind: "type", message: `tsc ${what}` });
