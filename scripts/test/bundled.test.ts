import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject } from "./project-copy";

/** `npm run build` runs the build as one bundle with plain Node (scripts/bundled.mjs): these check that bundle's life. */
describe("a command run as one bundle", () => {
  let copy: Awaited<ReturnType<typeof copyProject>>;
  beforeAll(async () => {
    copy = await copyProject();
  });
  afterAll(() => copy?.remove());

  const help = () => {
    const run = spawnSync(process.execPath, ["scripts/bundled.mjs", "scripts/build.ts", "--help"], {
      cwd: copy.root,
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    return run.stdout;
  };
  /** When the bundle this copy's runs take was written (named, as scripts/bundled.mjs names it, for the copy's folder). */
  const bundleWritten = async () => {
    const project = createHash("sha256").update(copy.root).digest("hex").slice(0, 8);
    return (await stat(join(copy.root, `node_modules/.cache/site/bundles/scripts+build-${project}.mjs`))).mtimeMs;
  };

  it("is taken as it is while its files are unchanged, and made again when any of them changes", async () => {
    expect(help()).toMatch(/^Usage: npm run build/);
    const made = await bundleWritten();
    expect(help()).toMatch(/^Usage: npm run build/);
    expect(await bundleWritten()).toBe(made);

    const file = join(copy.root, "scripts/build.ts");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace("Usage: npm run build", "Usage: npm run build (edited)"),
    );
    expect(help()).toMatch(/^Usage: npm run build \(edited\)/);
  });

  it("builds the same site as the build's TypeScript run directly", async () => {
    const out = (folder: string) => join(copy.root, folder);
    const direct = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--out", out("direct")], {
      cwd: copy.root,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    expect(direct.status, direct.stderr).toBe(0);
    const bundled = spawnSync(process.execPath, ["scripts/bundled.mjs", "scripts/build.ts", "--out", out("bundled")], {
      cwd: copy.root,
      encoding: "utf8",
    });
    expect(bundled.status, bundled.stderr).toBe(0);
    const files = async (dir: string) => (await readdir(dir, { recursive: true })).sort();
    expect(await files(out("bundled"))).toEqual(await files(out("direct")));
    for (const file of await files(out("direct"))) {
      if ((await stat(join(out("direct"), file))).isDirectory()) continue;
      expect(await readFile(join(out("bundled"), file)), file).toEqual(await readFile(join(out("direct"), file)));
    }
  });

  it("built again with nothing changed, starts no esbuild: every bundle it needs is kept", async () => {
    const build = (env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ["scripts/bundled.mjs", "scripts/build.ts", "--out", join(copy.root, "warm")], {
        cwd: copy.root,
        encoding: "utf8",
        env: { ...process.env, ...env },
      });
    expect(build().status).toBe(0);
    // esbuild's binary, a program that only fails (esbuild ignores a path to nothing): bundling anything fails the build.
    const warm = build({ ESBUILD_BINARY_PATH: "/bin/false" });
    expect(warm.status, warm.stderr).toBe(0);
  });
});
