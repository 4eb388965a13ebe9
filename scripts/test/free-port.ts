import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The lowest port the tests choose from: above the well-known and most registered services' ports. */
const LOWEST = 10_000;

/**
 * The first port the system hands out by itself, to a server asking for port 0 and to the local end of every
 * outgoing connection: Linux's ip_local_port_range, or the dynamic range macOS and Windows use.
 */
export function handedOutFrom(): number {
  try {
    const first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    if (first > 0) return first;
  } catch {}
  return 49_152;
}

const given = new Set<number>();

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/**
 * A free loopback port for a server that is told its port on its command line (nginx, WebKitWebDriver, wrangler).
 * It must still be free when that server starts. A port the system hands out can go meanwhile to another of the
 * suite's sockets: a server on port 0 or a browser's connection (wrangler failed with "Address already in use").
 * So the port is chosen below the system's range, where nothing is handed out.
 */
export async function freePort(): Promise<number> {
  const below = Math.max(handedOutFrom(), LOWEST + 1_000);
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    // Never the same twice in a process: nginx asks for two before it takes either.
    if (!given.has(port) && (await isFree(port))) {
      given.add(port);
      return port;
    }
  }
}
