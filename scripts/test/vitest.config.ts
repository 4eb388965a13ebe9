import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type Reporter, type TestSpecification } from "vitest/node";
import { suites, suiteSummary } from "../e2e/requirements";

/**
 * The browser files that take longest, longest first. Vitest starts the files it has timed as slowest first, but a
 * clean clone has timed nothing and it would go by size, and the other engines' files are three lines long:
 * with these first, the two workers finish together, cold or warm.
 */
const SLOWEST = ["in-webkit", "dev", "sample", "in-firefox", "access", "pages", "keyboard", "header"].map(
  (name) => `/scripts/e2e/${name}.test.ts`,
);

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => SLOWEST.findIndex((name) => file.moduleId.endsWith(name));
    return [
      ...sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b)),
      ...sorted.filter((file) => rank(file) < 0),
    ];
  }
}

/**
 * How much of a failed comparison is printed: the first lines of the difference, enough to see what is wrong. An
 * object that holds a build's files would otherwise print every byte of every MP3, a number a line.
 */
export const DIFF = { truncateThreshold: 30, expand: false } as const;

/**
 * The suites this machine can run (scripts/e2e/requirements.ts): the others' files are left out, and the run ends by
 * saying which ran and what to install for the rest. With CI set, a missing tool fails the run before any test.
 */
const plan = suites();
const skipped = plan.filter((suite) => suite.missing);
// Every suite but the unit tests is the browser project's: a run asked for the unit project alone misses nothing.
const asked = process.argv.flatMap((arg, i, all) =>
  arg === "--project" ? [all[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
if (process.env.CI && (asked.length === 0 || asked.includes("browser")) && skipped.length > 0)
  throw new Error(`CI runs every suite, and this machine cannot:\n${suiteSummary(plan)}`);
const cannotRun = skipped.flatMap((suite) => suite.files);
const summary: Reporter = { onTestRunEnd: () => void console.log(`\n${suiteSummary(plan)}\n`) };

// The site's code is tested as it ships, with React's production build (scripts/static-build/production.ts says
// why); only the islands' tests in a simulated page need the development build, for act().
const AS_SHIPPED = { NODE_ENV: "production" };
const ISLAND_TESTS = "src/islands/*.test.tsx";

export default defineConfig({
  // JSX compiled for either build of React: development JSX calls jsxDEV, which only the development build has.
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    root: join(import.meta.dirname, "../.."),
    diff: DIFF,
    reporters: ["default", summary],
    // Vitest's default on two cores is one file at a time; the browser files mostly wait on Chromium, which
    // works in processes of its own, so two run side by side (three was slower here: 81 s against 75 s).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          env: AS_SHIPPED,
          // One module graph per worker, as the browser files have: a fresh process per file cost some 6 s of CPU a run.
          isolate: false,
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,tsx}"],
          exclude: ["scripts/e2e/**", ISLAND_TESTS, "**/node_modules/**"],
          // Tests that hold memory flat measure the heap after a collection.
          execArgv: ["--expose-gc"],
          // Ceilings, not guesses: some tests, and some files' setup, run whole builds, which a busy machine makes
          // slow, not wrong (budget.test.ts's setup passed Vitest's 10 s for hooks with a third worker and two busy loops).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { extends: true, test: { name: "islands", include: [ISLAND_TESTS], isolate: false } },
      // Without Chromium, no browser file runs, and its setup (which starts one) must not either.
      ...(plan.find((suite) => suite.name === "browser suite in Chromium")!.missing
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: "browser",
                env: AS_SHIPPED,
                include: ["scripts/e2e/**/*.test.ts"],
                exclude: [...cannotRun, "**/node_modules/**"],
                globalSetup: ["scripts/e2e/setup.ts"],
                // The browser files keep their state in their own hooks, not in shared modules: a worker imports
                // playwright, puppeteer and the helpers once, not once per file.
                isolate: false,
                // Ceilings for conditions, never a wait: a slow run, not a failing one, on a busy machine.
                testTimeout: 60_000,
                hookTimeout: 60_000,
                expect: { poll: { timeout: 15_000 } },
              },
            },
          ]),
    ],
  },
});
