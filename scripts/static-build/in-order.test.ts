import { describe, expect, it } from "vitest";
import { allInOrder } from "./in-order";

/** A task the test settles by hand, in the order it chooses. */
function task<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("allInOrder", () => {
  it("gives the values in the tasks' order, whatever order they finish in", async () => {
    const [a, b] = [task<string>(), task<string>()];
    const all = allInOrder([a.promise, b.promise]);
    b.resolve("second");
    a.resolve("first");
    expect(await all).toEqual(["first", "second"]);
  });

  it("fails with the first failure in the tasks' order, not in time, and only once every task has settled", async () => {
    const [a, b, c] = [task<number>(), task<number>(), task<number>()];
    let settled = false;
    const all = allInOrder([a.promise, b.promise, c.promise]).finally(() => {
      settled = true;
    });
    b.reject(new Error("the second field"));
    a.reject(new Error("the first field"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    c.resolve(3);
    await expect(all).rejects.toThrow("the first field");
  });
});
