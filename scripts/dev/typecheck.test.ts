import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevProblem } from "../../src/client/dev-protocol";
import { copyProject } from "../test/project-copy";
import { startTypeChecker } from "./typecheck";

let copy: Awaited<ReturnType<typeof copyProject>>;
let work: string;
beforeAll(async () => {
  copy = await copyProject();
  work = await mkdtemp(join(tmpdir(), "typecheck-"));
});
afterAll(async () => {
  await copy?.remove();
  if (work) await rm(work, { recursive: true, force: true });
});

/** What the checker reports on one check of the project at `root` as it is now. */
const checkOnce = (root = copy.root) =>
  new Promise<DevProblem | undefined>((resolve) => {
    const checker = startTypeChecker((problem) => {
      resolve(problem);
      void checker.close();
    }, root);
    checker.check();
  });

/** A project whose TypeScript is this `bin/tsc` script (none: the package without its compiler). */
async function projectWithChecker(name: string, script?: string): Promise<string> {
  const root = join(work, name);
  const typescript = join(root, "node_modules/typescript");
  await mkdir(join(typescript, "bin"), { recursive: true });
  await writeFile(join(root, "package.json"), "{}");
  await writeFile(join(typescript, "package.json"), '{ "name": "typescript", "version": "0.0.0" }');
  if (script) await writeFile(join(typescript, "bin/tsc"), script);
  return root;
}

describe("npm run dev's type check", () => {
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
    expect(await checkOnce()).toBeUndefined();
    // The same check sees the site's code: the pass above was tsc's, not a checker that never ran.
    await writeFile(join(copy.root, "src/lib/checked.ts"), 'export const z: number = "the site\'s own error";\n');
    try {
      expect(await checkOnce()).toMatchObject({
        kind: "type",
        file: "src/lib/checked.ts",
        line: 1,
        message: expect.stringMatching(/^TS2322: /),
      });
    } finally {
      await rm(join(copy.root, "src/lib/checked.ts"));
    }
  });
});

describe("a type check that failed is reported as failed, whatever its form", () => {
  it("a configuration tsc cannot read, an error that names no file and line", async () => {
    const config = join(copy.root, "scripts/dev/tsconfig.json");
    const before = await readFile(config, "utf8");
    await writeFile(config, before.replace('"extends": "../../tsconfig.json"', '"extends": "../../no-such.json"'));
    try {
      const problem = await checkOnce();
      expect(problem).toMatchObject({ kind: "type", message: expect.stringMatching(/^TS\d+: .*no-such\.json/) });
      expect(problem?.file).toBeUndefined();
    } finally {
      await writeFile(config, before);
    }
  });

  it.each([
    [
      "words the parser does not know, and a failing exit",
      "crashed",
      'console.error("panic: runtime error: invalid memory address"); process.exit(2);',
      /^tsc exited with code 2:\npanic: runtime error: invalid memory address$/,
    ],
    ["a failing exit and nothing said", "silent", "process.exit(1);", /^tsc exited with code 1, and said nothing$/],
    [
      "a checker killed halfway",
      "killed",
      'process.kill(process.pid, "SIGKILL");',
      /^tsc was stopped by SIGKILL, and said nothing$/,
    ],
    [
      "a TypeScript package without its compiler",
      "no-compiler",
      undefined,
      /^tsc exited with code 1:\n[\s\S]*Cannot find module '.*no-compiler\/node_modules\/typescript\/bin\/tsc'/,
    ],
  ])("a checker that ends with %s", async (_, name, script, message) => {
    expect(await checkOnce(await projectWithChecker(name, script))).toMatchObject({ kind: "type", message });
  });

  it("a checker that never ran: TypeScript not installed, or the project's folder gone", async () => {
    const bare = join(work, "bare");
    await mkdir(bare);
    await writeFile(join(bare, "package.json"), "{}");
    expect(await checkOnce(bare)).toMatchObject({
      kind: "type",
      message: expect.stringMatching(/^tsc did not run: Cannot find module 'typescript\/package\.json'/),
    });
    // TypeScript is found (in the folder above), but there is no folder to run it in.
    expect(await checkOnce(join(copy.root, "gone"))).toMatchObject({
      kind: "type",
      message: expect.stringMatching(/^tsc did not run: spawn .* ENOENT$/),
    });
  });
});
