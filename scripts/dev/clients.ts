import type { ServerResponse } from "node:http";
import type { DevMessage } from "../../src/client/dev-protocol";
import type { Request, Response } from "../serve/static-server";

export type Clients = ReturnType<typeof eventClients>;

export function eventClients() {
  // The dev server speaks plain HTTP/1.1, so its responses are node:http's.
  const clients = new Set<ServerResponse>();
  const write = (client: ServerResponse, message: DevMessage) => client.write(`data: ${JSON.stringify(message)}\n\n`);
  return {
    /** Opens a Server-Sent Events stream to a page, starting with `first`. */
    open(request: Request, response: Response, first: DevMessage) {
      response.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      const client = response as ServerResponse;
      clients.add(client);
      request.on("close", () => clients.delete(client));
      write(client, first);
    },
    send(message: DevMessage) {
      for (const client of clients) write(client, message);
    },
    size: () => clients.size,
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
