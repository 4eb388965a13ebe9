import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, handedOutFrom } from "./free-port";

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe("a port for a server told its port on its command line", () => {
  it("is free, and outside the range the system hands out, which a server asking for port 0 is given from", async () => {
    const anyPort = await listen(0);
    const given = (anyPort.address() as { port: number }).port;
    await close(anyPort);
    expect(given).toBeGreaterThanOrEqual(handedOutFrom());

    const port = await freePort();
    expect(port).toBeLessThan(handedOutFrom());
    await close(await listen(port));
  });

  it("is never the same twice in a process", async () => {
    // A thousand from some twenty thousand: without the rule, two alike all but certainly.
    const ports = [];
    for (let n = 0; n < 1_000; n++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
