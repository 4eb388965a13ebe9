import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { site as ownerContent } from "../src/content/site";
import type { SiteContent } from "../src/content/types";
import { validateContent, withEnvironment } from "../src/content/validate";
import { createUrls } from "../src/lib/routes";
import { pages as allPages } from "../src/pages/index";
import type { PageModule } from "../src/pages/types";
import { buildAssets, ROOT, type AssetTools } from "./assets";
import { checkSite } from "./check";
import { navRoutes, renderSite } from "./render";
import { headersFile } from "./security";
import { robotsTxt, sitemapXml } from "./site-files";
import { writeSite } from "./write";

export { ownerContent, withEnvironment };

export interface SiteOptions {
  site?: SiteContent;
  /** Where each content field came from, when not the content file (environment overrides). */
  sources?: Record<string, string>;
  pages?: readonly PageModule[];
  tools?: AssetTools;
}

export interface BuildOptions extends SiteOptions {
  outDir?: string;
}

/** The whole build, written to outDir at once; nothing is written if any step throws. */
export async function build({ outDir = join(ROOT, "dist"), ...options }: BuildOptions = {}) {
  const site = await buildSite(options);
  await writeSite(outDir, site.files);
  return site;
}

/** Every file of the site, in memory, in order: content, assets, pages, files for hosts, checks. */
export async function buildSite({ site = ownerContent, sources = {}, pages = allPages, tools }: SiteOptions = {}) {
  // 1. Content: the owner's data, checked field by field.
  const content = validateContent(site, sources);
  const urls = createUrls(content);

  // 2. Assets: stylesheet and loader to inline, the hashed islands, icons, manifest and share image.
  const assets = await buildAssets(content, urls, tools);

  // 3. Render: every page to HTML, in memory, each with the site's Content-Security-Policy.
  const html = renderSite({ site: content, assets: assets.page, urls, pages });

  // 4. Files for hosts and crawlers: the sitemap and robots.txt, and headers with the same policy.
  const routes = navRoutes(pages).map((r) => r.path);
  const files = new Map<string, string | Uint8Array>([
    ...assets.files,
    ...html,
    ["sitemap.xml", sitemapXml(routes, urls)],
    ["robots.txt", robotsTxt(urls)],
    ["_headers", headersFile(html, [...routes, "/404.html"], urls.path)],
    // GitHub Pages runs Jekyll over a published branch unless told not to.
    [".nojekyll", ""],
  ]);

  // 5. Check: titles, headings, descriptions and links, naming the page at fault.
  checkSite(html, files.keys(), content.basePath);
  return { pages: html, files, content };
}

// Run as a command, not when the dev server (another script) loads its bundle of this file. No top-level
// await: that bundle is CommonJS.
if (process.argv[1] === fileURLToPath(import.meta.url)) void main();

async function main() {
  const started = performance.now();
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const outDir = values.out ? resolve(values.out) : join(ROOT, "dist");
  try {
    const { content, sources } = withEnvironment(ownerContent);
    const { pages, files } = await build({ site: content, sources, outDir });
    const ms = Math.round(performance.now() - started);
    console.log(`Built ${pages.size} pages and ${files.size - pages.size} other files into ${relative(process.cwd(), outDir) || "."}/ in ${ms} ms.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`\nBuild failed; ${relative(process.cwd(), outDir) || outDir}/ was left as it was.`);
    process.exitCode = 1;
  }
}
