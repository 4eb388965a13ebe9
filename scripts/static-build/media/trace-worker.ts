import { measureWindow } from "./trace";

/** A trace thread's task (trace-threads.ts): a window to measure, as measureWindow takes it. */
export default (args: Parameters<typeof measureWindow>) => measureWindow(...args);
