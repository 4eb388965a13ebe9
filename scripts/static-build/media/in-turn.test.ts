import { describe, expect, it } from "vitest";
import { inTurn } from "./in-turn";

describe("previews are made a few at a time", () => {
  it("never has more than the limit under way, and gives the results in the items' order", async () => {
    let running = 0;
    let most = 0;
    const results = await inTurn([5, 1, 4, 2, 3, 0, 6, 2], 2, async (item, index) => {
      most = Math.max(most, ++running);
      // Each waits on a different number of turns of the event loop, so they finish out of order.
      for (let turn = 0; turn < item; turn++) await new Promise((resolve) => setImmediate(resolve));
      running--;
      return `${index}:${item}`;
    });
    expect(most).toBe(2);
    expect(results).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3", "5:0", "6:6", "7:2"]);
  });
});
