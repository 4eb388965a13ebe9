import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "../build";
import { serveStatic } from "../static-server";
import { findChromium, INSTALL_HINT } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the built site, served on loopback. */
    baseURL: string;
    /** The folder that build wrote, for tests that read files. */
    distDir: string;
  }
}

/** Builds the site once into a temporary folder and serves it for every browser test. */
export default async function setup(project: TestProject) {
  if (!findChromium()) throw new Error(INSTALL_HINT);
  const workDir = await mkdtemp(join(tmpdir(), "site-e2e-"));
  const distDir = join(workDir, "dist");
  await build({ outDir: distDir });
  // With the built `_headers` applied: every browser test runs under the exact policy a host would send.
  const server = await serveStatic(distDir, { headers: true });
  project.provide("baseURL", server.url);
  project.provide("distDir", distDir);
  return async () => {
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  };
}
