import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "../build";
import { launchChromiumServer } from "../chromium";
import { serveStatic } from "../static-server";
import { SCREENSHOT_DIR } from "./site";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the built site, served on loopback. */
    baseURL: string;
    /** The folder that build wrote, for tests that read files. */
    distDir: string;
    /** Where the one Chromium of the run listens; each test file connects to it. */
    chromiumEndpoint: string;
  }
}

/** Builds the site once into a temporary folder, serves it, and starts one Chromium for every browser test. */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), "site-e2e-"));
  const distDir = join(workDir, "dist");
  const [chromium] = await Promise.all([launchChromiumServer(), build({ outDir: distDir }), mkdir(SCREENSHOT_DIR, { recursive: true })]);
  // With the built `_headers` applied: every browser test runs under the exact policy a host would send.
  const server = await serveStatic(distDir, { headers: true });
  project.provide("baseURL", server.url);
  project.provide("distDir", distDir);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  return async () => {
    await Promise.all([server.close(), chromium.close()]);
    await rm(workDir, { recursive: true, force: true });
  };
}
