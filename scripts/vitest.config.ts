import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: join(import.meta.dirname, ".."),
    projects: [
      {
        extends: true,
        // --expose-gc: tests that hold memory flat measure the heap after a collection.
        test: { name: "unit", include: ["src/**/*.test.{ts,tsx}", "scripts/*.test.{ts,tsx}"], execArgv: ["--expose-gc"] },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["scripts/e2e/**/*.test.ts"],
          globalSetup: ["scripts/e2e/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
