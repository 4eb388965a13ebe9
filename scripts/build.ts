import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { site as ownerContent } from "../src/content/site";
import type { SiteContent } from "../src/content/types";
import { validateContent } from "../src/content/validate";
import { createUrl } from "../src/lib/routes";
import { buildAssets, ROOT } from "./assets";
import { checkSite } from "./check";
import { renderSite } from "./render";
import { writeSite } from "./write";

export interface BuildOptions {
  site?: SiteContent;
  outDir?: string;
}

/** The whole build, in order. Any step that throws stops it before anything is written. */
export async function build({ site = ownerContent, outDir = join(ROOT, "dist") }: BuildOptions = {}) {
  // 1. Content: the owner's data, checked field by field.
  const content = validateContent(site);
  const basePath = "/";
  const url = createUrl(basePath);

  // 2. Assets: stylesheet and client script, content-hashed.
  const assets = await buildAssets(url);

  // 3. Render: every page to HTML, in memory.
  const pages = renderSite({ site: content, assets: assets.page, url });

  // 4. Check: titles, headings, descriptions and links, naming the page at fault.
  checkSite(pages, assets.files.keys(), basePath);

  // 5. Write: all at once, or not at all.
  await writeSite(outDir, new Map<string, string | Uint8Array>([...assets.files, ...pages]));
  return { pages, assets };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outDir = join(ROOT, "dist");
  try {
    const { pages, assets } = await build({ outDir });
    const ms = Math.round(performance.now() - started);
    console.log(`Built ${pages.size} pages and ${assets.files.size} assets into ${relative(process.cwd(), outDir) || "."}/ in ${ms} ms.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`\nBuild failed; ${relative(process.cwd(), outDir)}/ was left as it was.`);
    process.exitCode = 1;
  }
}
