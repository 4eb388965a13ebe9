import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { ROOT } from "../../paths";
import type { MeasureWindow } from "./trace";

export interface TraceThreads {
  size: number;
  measure: MeasureWindow;
  /** Ends the threads; a window still waiting is refused. */
  close(): Promise<void>;
}

interface Job {
  args: Parameters<MeasureWindow>;
  resolve(beats: number[] | undefined): void;
  reject(error: Error): void;
}

// Bundled whole, so a thread needs no TypeScript loader and no node_modules beside it: it runs the same under tsx,
// under vitest and from the dev server's bundle.
let code: Promise<string> | undefined;
const workerCode = () =>
  (code ??= import("esbuild")
    .then(({ build }) =>
      build({
        absWorkingDir: ROOT,
        entryPoints: ["scripts/static-build/media/trace-worker.ts"],
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        write: false,
        logLevel: "silent",
      }),
    )
    .then((result) => result.outputFiles[0]!.text));

/**
 * One a core beside the build's: each holds some 80 MB, so not more. On two cores a second saved a 90-minute FLAC's
 * cold build a second and added 70 MB; the build's own thread taking windows saved nothing and cost 2 to 3 CPU-seconds
 * more. Workers start at the first window, so a build with nothing to trace starts none; an idle one never keeps the
 * process alive.
 */
export function traceThreads(size = Math.max(1, availableParallelism() - 1)): TraceThreads {
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let starting = 0;
  let closed = false;

  const run = (worker: Worker, job: Job) => {
    busy.set(worker, job);
    worker.ref();
    worker.postMessage(job.args);
  };
  const next = (worker: Worker) => {
    const job = queue.shift();
    if (job) return run(worker, job);
    worker.unref();
    idle.push(worker);
  };
  const spawn = (source: string) => {
    const worker = new Worker(source, { eval: true });
    worker.on("message", (reply: { beats?: number[]; error?: string }) => {
      const job = busy.get(worker)!;
      busy.delete(worker);
      if (reply.error === undefined) job.resolve(reply.beats);
      else job.reject(new Error(reply.error));
      next(worker);
    });
    // A thread that dies is a fault in the build's code (a decoder's, say): its window and those waiting fail with it.
    worker.on("error", (error) => lost(worker, error));
    worker.on("exit", (status) => lost(worker, new Error(`a trace thread stopped (exit code ${status})`)));
    next(worker);
  };
  const lost = (worker: Worker, error: Error) => {
    busy.get(worker)?.reject(error);
    busy.delete(worker);
    if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
    worker.removeAllListeners();
    void worker.terminate();
    for (const job of queue.splice(0)) job.reject(error);
  };
  const more = () => {
    if (closed || queue.length === 0) return;
    const worker = idle.pop();
    if (worker) return run(worker, queue.shift()!);
    if (busy.size + starting >= size) return;
    starting++;
    workerCode().then(
      (source) => {
        starting--;
        if (!closed) spawn(source);
      },
      (error: Error) => {
        starting--;
        for (const job of queue.splice(0)) job.reject(error);
      },
    );
  };
  const refused = () => new Error("the trace's threads are closed");
  return {
    size,
    measure: (...args) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(refused());
        queue.push({ args, resolve, reject });
        more();
      }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(refused());
      const threads = [...idle.splice(0), ...busy.keys()];
      for (const [, job] of busy) job.reject(refused());
      busy.clear();
      await Promise.all(threads.map((worker) => (worker.removeAllListeners(), worker.terminate())));
    },
  };
}
