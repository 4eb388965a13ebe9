import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevProblem } from "../../src/client/dev-protocol";
import { copyProject } from "../test/project-copy";
import { startTypeChecker } from "./typecheck";

let copy: Awaited<ReturnType<typeof copyProject>>;
beforeAll(async () => {
  copy = await copyProject();
});
afterAll(() => copy?.remove());

describe("#23 npm run dev's type check", () => {
  it("checks the site, never the test suites: a test's missing package does not cover a page", async () => {
    // What an owner sees after `npm install` alone: the browser suite's packages (scripts/e2e/) are not there.
    await writeFile(
      join(copy.root, "scripts/e2e/engines/missing.ts"),
      'import puppeteer from "not-installed-package";\nexport const x: number = puppeteer;\n',
    );
    await writeFile(
      join(copy.root, "scripts/static-build/media/in-turn.test.ts"),
      'export const y: number = "a test\'s own error";\n',
    );
    const first = new Promise<DevProblem | undefined>((resolve) => {
      const checker = startTypeChecker((problem) => {
        resolve(problem);
        void checker.close();
      }, copy.root);
      checker.check();
    });
    expect(await first).toBeUndefined();
  });
});
