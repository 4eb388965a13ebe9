import pLimit from "p-limit";

/**
 * Tasks, waited for to the last: their values in order, or the first failure in their order, not in time. So a build
 * stopped by two fields names the first of them every time, and nothing it started still runs when it says so.
 */
export async function allInOrder<T extends readonly unknown[]>(tasks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Each item's task, `atOnce` at a time, waited for as allInOrder waits. */
export const mapInOrder = <T, R>(items: readonly T[], atOnce: number, task: (item: T, i: number) => Promise<R>) => {
  const limit = pLimit(atOnce);
  return allInOrder(items.map((item, i) => limit(() => task(item, i))));
};
