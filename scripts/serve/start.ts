// `npm start`: dist/ on this machine alone, with the headers `_headers` gives the hosts, so a policy mistake shows up
// here before it is published.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { commandLine } from "../static-build/command-line";
import type { SiteContent } from "../../src/content/types";
import { ownerSite } from "../static-build/owner";
import { readSiteHeaders, serveConfig } from "./host-config";
import { ROOT } from "../paths";

export type Serving = Awaited<ReturnType<typeof startServe>>;

/** Starts `serve` on a loopback port (0: any free one) for a built folder; resolves once it accepts connections. */
export async function startServe(dist: string, port: number, content: SiteContent) {
  const configDir = await mkdtemp(join(tmpdir(), "site-serve-"));
  const configFile = join(configDir, "serve.json");
  await writeFile(configFile, JSON.stringify(serveConfig(await readSiteHeaders(dist, content)), null, 2));
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/serve/build/main.js"),
      dist,
      "--listen",
      `tcp://localhost:${port}`,
      "--config",
      configFile,
      "--no-clipboard",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_UPDATE_NOTIFIER: "1" } },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = output.match(/Accepting connections at (http:\/\/\S+)/);
      if (found) resolve(found[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", () => reject(new Error(`serve stopped before it was ready:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await rm(configDir, { recursive: true, force: true });
    },
  };
}

const START_USAGE = `
Usage: npm start [-- --port N]

Builds the site, then serves dist/ on http://localhost:3000 (this machine only), with the headers the hosts send.
  --port N   another port (or PORT in the environment)`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = commandLine("npm start", START_USAGE, {
    port: { type: "string", default: process.env.PORT ?? "3000" },
  });
  const serving = await startServe(join(ROOT, "dist"), Number(values.port), (await ownerSite()).content);
  console.log(
    `Serving dist/ at ${serving.url.replace("127.0.0.1", "localhost")}, with the site's own headers (Ctrl-C to stop).`,
  );
  serving.child.stdout!.pipe(process.stdout);
  serving.child.stderr!.pipe(process.stderr);
  const stop = () => void serving.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
