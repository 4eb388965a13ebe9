/**
 * Asks `check` again every `every` ms until it says true. `check` may throw to give up at once (a process that
 * died); the ceiling only bounds a condition that never comes, it is not a guess at how long it takes.
 */
export async function pollUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { ceiling = 15_000, every = 50 } = {},
): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((resolve) => setTimeout(resolve, every))) {
    if (Date.now() - started > ceiling) throw new Error(`waited ${ceiling / 1000} s for ${what}`);
  }
}
