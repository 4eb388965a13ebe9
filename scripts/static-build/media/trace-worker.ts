import { measureWindow } from "./trace";

/** A trace thread's task (trace-threads.ts): a window to measure. */
export default ({ path, start, seconds }: { path: string; start: number; seconds: number }) =>
  measureWindow(path, start, seconds);
