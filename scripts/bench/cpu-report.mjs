// Loaded with `node --import` into a process the bench times: at its exit, the CPU it used (every thread's, in
// microseconds) is written to the file CPU_REPORT names. The same measure for this project's build and for a peer's.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.CPU_REPORT) writeFileSync(process.env.CPU_REPORT, JSON.stringify(process.cpuUsage()));
});
