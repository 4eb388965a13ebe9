import { parentPort } from "node:worker_threads";
import { measureWindow } from "./trace";

/** A trace thread (trace-threads.ts): each message a window to measure, each reply its beats or the error's stack. */
parentPort?.on("message", async (args: Parameters<typeof measureWindow>) => {
  try {
    parentPort!.postMessage({ beats: await measureWindow(...args) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
