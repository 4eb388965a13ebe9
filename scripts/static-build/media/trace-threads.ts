import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Tinypool } from "tinypool";
import { ROOT } from "../../paths";
import { writeWhole } from "../write";
import { CACHE_ROOT, cacheKey } from "./cache";
import type { MeasureWindow } from "./trace";

/**
 * The worker bundled whole, so a thread needs no TypeScript loader and no node_modules beside it: it runs the same
 * under tsx, under vitest and from the dev server's bundle. Made once a process, in a file named by its contents.
 */
let made: Promise<string> | undefined;
const workerFile = () => (made ??= bundledWorker());

async function bundledWorker(): Promise<string> {
  const { build } = await import("esbuild");
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: ["scripts/static-build/media/trace-worker.ts"],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  const code = outputFiles[0]!.text;
  const file = join(CACHE_ROOT, "trace", `worker-${cacheKey(code)}.cjs`);
  await writeWhole(file, code);
  return file;
}

/** An idle thread waits this long for the next field's windows: tinypool's default ends it at once. */
const IDLE_MS = 60_000;

/**
 * One a core beside the build's: each holds some 80 MB, so not more. On two cores a second saved a 90-minute FLAC's
 * cold build a second and added 70 MB; the build's own thread taking windows saved nothing and cost 2 to 3 CPU-seconds
 * more. Threads start as windows wait, so a build with nothing to trace starts none; tinypool lets an idle thread keep
 * no process alive. A thread's error fails its window only; one in an idle thread ends that thread.
 */
export function traceThreads(size = Math.max(1, availableParallelism() - 1)) {
  let pool: Promise<Tinypool> | undefined;
  let closed = false;
  const refused = () => new Error("the trace's threads are closed");
  const measure: MeasureWindow = async (...args) => {
    if (closed) throw refused();
    pool ??= workerFile().then((filename) =>
      new Tinypool({ filename, minThreads: 0, maxThreads: size, idleTimeout: IDLE_MS }).on("error", () => {}),
    );
    return (await pool).run(args).catch((error: Error) => {
      throw closed ? refused() : error;
    });
  };
  return {
    size,
    measure,
    /** Ends the threads; a window still waiting is refused. */
    async close() {
      closed = true;
      // A pool that never started (its worker could not be made) has nothing to end.
      await pool?.then((threads) => threads.destroy()).catch(() => {});
    },
  };
}

export type TraceThreads = ReturnType<typeof traceThreads>;
