import { checkSite } from "../static-build/check";
import { mapInOrder } from "../static-build/in-order";
import { pageBudget } from "../static-build/page-budget";
import { readPages, type PageFacts } from "../static-build/page-facts";
import { stageSite, type SiteFile } from "../static-build/write";

/** Every page's problems with its budgets, as the build finds them page by page, for pages given as text. */
export async function budgetProblems(
  pages: ReadonlyMap<string, string>,
  facts: ReadonlyMap<string, PageFacts> = readPages(pages),
): Promise<string[]> {
  return (await mapInOrder([...pages], 4, ([file, html]) => pageBudget(file, html, facts.get(file)!))).flat();
}

/** The build's checks of pages given as text, each read and measured now. */
export async function checkPages(
  pages: ReadonlyMap<string, string>,
  otherFiles: ReadonlyMap<string, SiteFile>,
  basePath: string,
): Promise<void> {
  const facts = readPages(pages);
  checkSite(facts, otherFiles, basePath, await budgetProblems(pages, facts));
}

/** A whole site written at once, as the build's staging folder writes it. */
export const writeSite = async (outDir: string, files: ReadonlyMap<string, SiteFile>, now = Date.now()) =>
  (await stageSite(outDir, now)).finish(files);
