import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inFeed } from "../src/content/fields";
import { contentFiles as allContentFiles } from "../src/content/index";
import type { ContentFile, SiteContent } from "../src/content/types";
import { ContentError, fieldAt, PREVIEWS_FOLDER } from "../src/content/files";
import { FEED } from "../src/lib/page";
import { createUrls, outputFileFor } from "../src/lib/routes";
import { pages as allPages, navRoutes, sitePages } from "../src/pages/index";
import type { PageModule } from "../src/pages/types";
import { buildAssets, type AssetTools } from "./static-build/assets";
import { ROOT } from "./paths";
import { checkSite } from "./static-build/check";
import { commandLine } from "./static-build/command-line";
import { buildCovers, type CoverFolders } from "./static-build/media/covers";
import { buildFieldShareImages } from "./static-build/media/field-share";
import { buildPreviews, previewTable, type PreviewFolders } from "./static-build/media/previews";
import { renderSite } from "./static-build/render";
import { allInOrder } from "./static-build/in-order";
import { headersFile, siteHeaderRules } from "./static-build/security";
import { atomFeed } from "./static-build/feed";
import { preflight } from "./static-build/preflight";
import {
  FIELDS_RECORD,
  fieldRecordFile,
  movedPage,
  readFieldRecord,
  redirectsFile,
  updateRecord,
} from "./static-build/identity";
import { ownerFolders, ownerSite } from "./static-build/owner";
import { robotsTxt, sitemapXml } from "./static-build/site-files";
import {
  KEEP_ASSETS_DAYS,
  recoverOutput,
  type SiteFile,
  SourcesWriteError,
  stageSite,
  writeSources,
} from "./static-build/write";
import { keptServedBytes, pageBudget } from "./static-build/page-budget";

// For the dev server (scripts/dev/index.ts and its stylesheets, tools.ts), from this bundle: as fresh as the rest.
export { ownerFolders, ownerMedia, ownerSite } from "./static-build/owner";
export { buildStyles, stylesheetFor } from "./static-build/styles";

interface SiteOptions {
  site: SiteContent;
  /** Where each content field came from, when not the content file (environment overrides). */
  sources?: Record<string, string>;
  contentFiles?: readonly ContentFile[];
  pages?: readonly PageModule[];
  tools?: AssetTools;
  /** A build to publish: example addresses still in the content stop it. */
  deploy?: boolean;
  /** Where the images are, and the cache of their made sizes (ownerFolders() for the owner's; none, none is read). */
  images?: CoverFolders;
  /** Where the masters, the committed previews and the cache are (ownerFolders() for the owner's; none, none). */
  previewFolders?: PreviewFolders;
  /** The fields' record's folder (identity.ts), read and kept only if given; none: each field at its title's path. */
  record?: string;
  /** Given each page as it is made, to write it (the build's staging folder): the pages are then not kept. */
  emit?: (file: string, html: string) => Promise<void>;
}

export interface BuildOptions extends Omit<SiteOptions, "emit"> {
  /** Where the site is written; `null` keeps it in memory (the dev server serves it from there). */
  outDir?: string | null;
  /** Told what the build did besides building (healing what a stopped build left behind). */
  log?: (line: string) => void;
}

/** The whole build: what it made for src/ (to commit), then the site to outDir; nothing written if any step throws. */
export async function build({ outDir = join(ROOT, "dist"), log = () => {}, ...options }: BuildOptions) {
  // First, so that even a build that fails leaves a complete site behind.
  if (outDir !== null) for (const line of await recoverOutput(outDir)) log(`Recovered: ${line}.`);
  // Each page written to the staging folder as it is made; the folder swapped in only once every check has passed.
  const staged = outDir === null ? undefined : await stageSite(outDir);
  let site: Awaited<ReturnType<typeof buildSite>>;
  try {
    site = await buildSite({ ...options, emit: staged?.put });
    await writeSources(site.commit);
  } catch (error) {
    await staged?.abort();
    throw error;
  }
  if (!staged) return site;
  const carried = await staged.finish(site.files).catch((error: Error) => {
    // Said by the command's failure message: src/ is then no longer as it was.
    throw Object.assign(error, { sourcesWritten: [...site.commit.write.keys(), ...site.commit.remove] });
  });
  if (carried.kept > 0)
    log(
      `Kept ${carried.kept} file${carried.kept === 1 ? "" : "s"} of assets/ that earlier builds made, for pages opened before this one is published (up to ${KEEP_ASSETS_DAYS} days).`,
    );
  return site;
}

/** Every file of the site, in memory. A problem with the content names each field by its place and title. */
export async function buildSite(options: SiteOptions) {
  return makeSite(options).catch((error: unknown) => {
    throw error instanceof ContentError ? error.naming(options.site.fields) : error;
  });
}

async function makeSite({
  site,
  sources = {},
  contentFiles = allContentFiles,
  pages = allPages,
  tools,
  deploy = false,
  images,
  previewFolders,
  record: recordFolder,
  emit,
}: SiteOptions) {
  // 1. Content: every string checked, each field at the address it was first given (the record), each master and image
  //    there and fit, and for a build to publish no placeholder left. All before any audio or image work.
  const record = recordFolder ? await readFieldRecord(recordFolder) : [];
  const {
    content,
    placeholders,
    notes: checked,
  } = await preflight(site, {
    ...previewFolders,
    sources,
    files: contentFiles,
    deploy,
    record,
    images: images?.folder,
  });
  const identity = updateRecord(site, content, record);
  const urls = createUrls(content);

  // 2. Assets: stylesheet and loader to inline, hashed islands, icons, manifest; each field's preview and cover.
  const assets = await buildAssets(content, urls, tools, sources);
  const previews = await buildPreviews(content, sources, previewFolders);
  const hues = new Map(identity.record.flatMap((entry) => (entry.hue === undefined ? [] : [[entry.slug, entry.hue]])));
  const covers = await buildCovers(content, previews.measured, assets.colours, sources, images, hues);
  const shares = buildFieldShareImages(content, covers.forShare, assets.colours);

  // 3. Render: every page to HTML with its Content-Security-Policy, measured against its budgets, written as made.
  const budgets = new Map<string, string[]>();
  const made = new Map<string, string>();
  const measure = keptServedBytes();
  const render = async () => {
    const all = sitePages(content, pages, shares.bySlug);
    const { facts } = await renderSite({
      site: content,
      assets: assets.page,
      urls,
      previews: previews.bySlug,
      covers: covers.bySlug,
      pages: all,
      each: async (file, page, pageFacts) => {
        budgets.set(file, await pageBudget(file, page, pageFacts, measure));
        if (emit) await emit(file, page);
        else made.set(file, page);
      },
    });
    return { all, facts };
  };
  // The share images drawn while the pages are made, both waited for whatever fails: a problem with a picture first.
  const [shareFiles, { all, facts }] = await allInOrder([shares.draw(), render()]);
  // Kept in the order the pages were made in, not finished in.
  const html = new Map([...facts.keys()].filter((file) => made.has(file)).map((file) => [file, made.get(file)!]));

  // 4. Files for hosts, crawlers and feed readers: sitemap, robots.txt, the feed, and headers with the same policy.
  const routes = [
    ...navRoutes(pages).map((r) => r.path),
    ...all.filter((page) => !page.meta.nav && !page.meta.noindex).map((page) => page.meta.path),
  ];
  const feed = atomFeed(content, urls, { covers: covers.bySlug, shares: shares.bySlug });
  const files = new Map<string, SiteFile>([
    ...assets.files,
    ...previews.files,
    ...covers.files,
    ...shareFiles,
    ...html,
    ...(feed ? [[FEED.path.slice(1), feed] as const] : []),
    // A field's old address, where its owner moved it: a page sending the visitor on, and a 301 where hosts take one.
    ...identity.moved.map((moved) => [outputFileFor(moved.from), movedPage(moved, urls)] as const),
    ...(identity.moved.length ? [["_redirects", redirectsFile(identity.moved, urls)] as const] : []),
    ["sitemap.xml", sitemapXml(routes, urls)],
    ["robots.txt", robotsTxt(urls)],
    ["_headers", headersFile(siteHeaderRules(facts, urls))],
    // GitHub Pages runs Jekyll over a published branch unless told not to.
    [".nojekyll", ""],
  ]);

  // 5. Check: titles, headings, descriptions, links and sizes, naming the page at fault.
  checkSite(
    facts,
    files,
    content.basePath,
    [...facts.keys()].flatMap((file) => budgets.get(file) ?? []),
  );
  const notes = [...checked, ...contentNotes(content), ...identity.notes, ...previews.notes];
  // What the build made for src/ (to commit): written by build() only now that every check has passed.
  const commit = previews.commit;
  const kept = fieldRecordFile(
    identity.record.map((entry) => ({ ...entry, hue: covers.hues.get(entry.slug) ?? entry.hue })),
  );
  if (recordFolder && kept !== (await readFile(join(recordFolder, FIELDS_RECORD), "utf8").catch(() => undefined))) {
    commit.write.set(join(recordFolder, FIELDS_RECORD), kept);
    notes.push(
      `${PREVIEWS_FOLDER}/${FIELDS_RECORD}: each field's address and cover, kept whatever its title becomes; commit it`,
    );
  }
  return { pages: html, facts, files, content, placeholders, previews: previews.report, notes, commit };
}

/** What a build that failed left as it was, and what it had written: each file it wrote in src/ named. */
export function failedBuild(error: unknown, out: string): string {
  const named = (paths: readonly string[]) => paths.map((path) => relative(ROOT, path)).join(", ");
  if (error instanceof SourcesWriteError)
    return `Build failed writing src/: ${error.written.length > 0 ? `it wrote ${named(error.written)}, and not` : "it wrote nothing of"} ${named(error.unwritten)}; ${out} was left as it was.`;
  const written = (error as { sourcesWritten?: string[] }).sourcesWritten ?? [];
  return written.length > 0
    ? `Build failed writing ${out}, which was left as it was; it had written ${named(written)} (commit them).`
    : `Build failed; ${out} and src/ were left as they were.`;
}

/** What the owner may have forgotten, which is not wrong enough to stop a build. */
export function contentNotes(site: SiteContent, now = new Date()): string[] {
  const year = now.getFullYear();
  return [
    site.copyrightYear !== year &&
      `src/content/site.ts: copyrightYear is ${site.copyrightYear}, and it is ${year}: every footer says © ${site.copyrightYear}`,
    !site.storefront.sellerId &&
      "src/content/site.ts: storefront.sellerId is not set, so no page offers to follow the studio: set it to the seller_id in Gumroad's follow form",
    !site.fields.some(inFeed) &&
      `src/content/site.ts: no field has a released day, so there is no feed of new fields (${FEED.path}): give each field released: "YYYY-MM-DD"`,
    // Allowed (a master still being edited), but easily forgotten: nothing else on its cards and page says so.
    ...site.fields.map(
      (field, i) =>
        !field.preview &&
        `src/content/site.ts: ${fieldAt(i, field)} has no preview: its cards and page have nothing to play until its preview names an excerpt of its master`,
    ),
  ].filter((note) => note !== false);
}

const BUILD_USAGE = `
Usage: npm run build [-- [--out DIR] [--deploy]]

Builds the site into dist/ (or DIR), all at once: a build that fails leaves the folder as it was.
  --out DIR   write the site to DIR instead of dist/
  --deploy    a build to publish: stops while any placeholder (an example address, [[words still to write]]) remains
  --help      this

The environment may set SITE_ORIGIN, SITE_BASE_PATH and SITE_MASTERS (see src/content/README.md).`;

// Run as a command, not when the dev server (another script) loads its bundle of this file. No top-level
// await: that bundle is CommonJS.
if (process.argv[1] === fileURLToPath(import.meta.url)) void main();

export async function main() {
  const started = performance.now();
  const { values } = commandLine("npm run build", BUILD_USAGE, {
    out: { type: "string" },
    deploy: { type: "boolean" },
  });
  const outDir = values.out ? resolve(values.out) : join(ROOT, "dist");
  try {
    const { content, sources } = await ownerSite();
    const { facts, pages, files, placeholders, previews, notes } = await build({
      site: content,
      sources,
      outDir,
      deploy: values.deploy,
      log: console.log,
      ...ownerFolders(),
    });
    const ms = Math.round(performance.now() - started);
    console.log(
      `Built ${facts.size} pages and ${files.size - pages.size} other files into ${relative(process.cwd(), outDir) || "."}/ in ${ms} ms.`,
    );
    console.log(`\nPreviews, as measured in the MP3 each card plays:`);
    for (const line of previewTable(previews)) console.log(`  ${line}`);
    for (const note of notes) console.log(`  ${note}`);
    if (placeholders.length > 0) {
      console.log(`\nPlaceholders still in use; replace them before publishing (a build with --deploy refuses them):`);
      for (const p of placeholders) console.log(`  ${p.source}: ${p.field} = ${p.value}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`\n${failedBuild(error, `${relative(process.cwd(), outDir) || outDir}/`)}`);
    process.exitCode = 1;
  }
}
