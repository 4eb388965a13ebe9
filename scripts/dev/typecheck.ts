import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DevProblem } from "../../src/client/dev-protocol";
import { ROOT } from "../paths";
import { parseTypeErrors } from "./problems";

export interface TypeChecker {
  /** Checks the code as it is now: at once, or as soon as the check under way ends (never two at once). */
  check(): void;
  close(): Promise<void>;
}

/**
 * Type errors, found beside the build and not in its way (esbuild strips types without checking them): one
 * `tsc --build` over both projects, the site's build code (scripts/dev/tsconfig.json: not the test suites, whose
 * own packages may not be installed) and the browser code: a whole check on every save (about 2 s here). Not incremental: tsc's --build trusts file times, and a save made while a check was reading would be
 * older than the record that check then writes, so the next check would find nothing to do and miss it. A save
 * during a check queues one more rather than cutting it short, and it runs at normal priority: killed at every
 * save, or at the lowest priority, a busy machine's checker never finished. (tsc's own --watch loses a file that
 * an editor saves by rename, so it is not used.)
 * `report` hears the first error of each check of the latest code, or undefined.
 */
export function startTypeChecker(report: (problem: DevProblem | undefined) => void, root = ROOT): TypeChecker {
  // The compiler the project pins, through its package.json's "bin" (TypeScript 7 exports no bin/ path).
  const tsc = join(dirname(createRequire(join(root, "package.json")).resolve("typescript/package.json")), "bin/tsc");
  let running: ChildProcess | undefined;
  let again = false;
  let closed = false;

  const run = () => {
    again = false;
    // Its own process group: on Node 20 bin/tsc starts the native compiler as a child of its own, which
    // stopping bin/tsc alone would leave running.
    const child = spawn(process.execPath, [tsc, "--build", "--pretty", "false", "scripts/dev", "src/client"], {
      cwd: root,
      stdio: ["ignore", "pipe", "ignore"],
      detached: true,
    });
    running = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.on("close", (_code, signal) => {
      running = undefined;
      if (closed) return;
      // A save came in meanwhile: this check saw code that is already gone, so the next one speaks instead.
      if (again) run();
      else if (!signal) report(parseTypeErrors(output));
    });
  };

  return {
    check() {
      if (closed) return;
      if (running) again = true;
      else run();
    },
    async close() {
      closed = true;
      const child = running;
      if (!child) return;
      const ended = new Promise((resolve) => child.once("close", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await ended;
    },
  };
}
