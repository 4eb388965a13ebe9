import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "../build";
import { fieldSlug } from "../../src/content/fields";
import { FIELDS_RECORD, fieldRecordFile } from "../static-build/identity";
import { FIXTURE_SITE } from "../test/fixtures";
import { launchChromiumServer } from "../test/chromium";
import { serveStatic } from "../serve/static-server";
import { soundServerMissing, startSoundServer } from "./engines/sound-server";
import { ENGINES } from "./engines/engine";
import { MOVED_FROM, screenshotDir } from "./site";
import { buildCatalogue } from "./catalogue-site";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the built site (the tests' own content, scripts/test/fixtures.ts), served on loopback. */
    baseURL: string;
    /** The folder that build wrote, for tests that read files. */
    distDir: string;
    /** The same, named for tests that need its particular fields. */
    fixtureDistDir: string;
    fixtureURL: string;
    /** The tests' twelve-field catalogue, with owner covers and the maker's photo (catalogue-site.ts). */
    catalogueDistDir: string;
    /** Where the one Chromium of the run listens; each test file connects to it. */
    chromiumEndpoint: string;
    /** The suite's audio device for Firefox and WebKit (PULSE_SERVER), or why there is none. */
    sound: { address: string } | { missing: string };
  }
}

/** The tests' content, its first field's address set by its owner where the fields' record says it was MOVED_FROM. */
async function movedFixture(committed: string) {
  const [first, ...rest] = FIXTURE_SITE.fields;
  await mkdir(committed, { recursive: true });
  await writeFile(
    join(committed, FIELDS_RECORD),
    fieldRecordFile([{ url: first!.url, slug: MOVED_FROM.split("/")[2]! }]),
  );
  return { site: { ...FIXTURE_SITE, fields: [{ ...first!, slug: fieldSlug(first!) }, ...rest] }, committed };
}

/**
 * Builds the site once into a temporary folder, serves it, and starts one Chromium for every browser test, and
 * the sound server that Firefox and WebKit play to.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), "site-e2e-"));
  const distDir = join(workDir, "dist");
  const catalogueDistDir = join(workDir, "catalogue");
  const missing = soundServerMissing();
  const [chromium, , , sound] = await Promise.all([
    launchChromiumServer(),
    movedFixture(join(workDir, "record"))
      .then(({ site, committed }) => build({ site, outDir: distDir, record: committed }))
      .then(() => buildCatalogue(catalogueDistDir, join(workDir, "catalogue-images"))),
    Promise.all(ENGINES.map((engine) => mkdir(screenshotDir(engine), { recursive: true }))),
    missing ? undefined : startSoundServer(),
  ]);
  // With the built `_headers` applied: every browser test runs under the exact policy a host would send.
  const server = await serveStatic(distDir, { headers: true });
  project.provide("baseURL", server.url);
  project.provide("distDir", distDir);
  project.provide("fixtureDistDir", distDir);
  project.provide("fixtureURL", server.url);
  project.provide("catalogueDistDir", catalogueDistDir);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  project.provide("sound", sound ? { address: sound.address } : { missing: missing! });
  return async () => {
    await Promise.all([server.close(), chromium.close(), sound?.close()]);
    await rm(workDir, { recursive: true, force: true });
  };
}
