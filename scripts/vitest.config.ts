import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: join(import.meta.dirname, ".."),
    // Vitest's default on two cores is one file at a time; the browser files mostly wait on Chromium, which
    // works in processes of its own, so two run side by side (three was slower here: 81 s against 75 s).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,tsx}"],
          exclude: ["scripts/e2e/**"],
          // Tests that hold memory flat measure the heap after a collection.
          execArgv: ["--expose-gc"],
          // A ceiling, not a guess: some tests run whole builds, which a busy machine makes slow, not wrong.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["scripts/e2e/**/*.test.ts"],
          globalSetup: ["scripts/e2e/setup.ts"],
          // Ceilings for conditions, never a wait: a slow run, not a failing one, on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
