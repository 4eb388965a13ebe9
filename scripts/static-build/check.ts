import { XMLValidator } from "fast-xml-parser";
import { DESCRIPTION_LENGTH } from "../../src/lib/page";
import type { PageFacts } from "./page-facts";
import { isKept, type SiteFile } from "./write";

export class SiteCheckError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The site failed its checks:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "SiteCheckError";
  }
}

/** Before the site is swapped in. `budget`: each page's problems with it, found as it was made. */
export function checkSite(
  facts: ReadonlyMap<string, PageFacts>,
  otherFiles: ReadonlyMap<string, SiteFile>,
  basePath: string,
  budget: readonly string[],
): void {
  const problems: string[] = [...xmlProblems(otherFiles)];
  const files = new Set([...facts.keys(), ...otherFiles.keys()]);
  const titles = new Map<string, string>();
  const base = basePath.replace(/\/+$/, "");

  for (const [file, page] of facts) {
    if (page.h1s !== 1) problems.push(`${file}: has ${page.h1s} <h1> elements; a page needs exactly one`);

    const { title, description } = page;
    if (!title) problems.push(`${file}: has no <title>`);
    else if (titles.has(title)) problems.push(`${file}: repeats the <title> of ${titles.get(title)} ("${title}")`);
    else titles.set(title, file);

    if (description.length < DESCRIPTION_LENGTH.min || description.length > DESCRIPTION_LENGTH.max) {
      problems.push(
        `${file}: meta description is ${description.length} characters; keep it between ${DESCRIPTION_LENGTH.min} and ${DESCRIPTION_LENGTH.max}`,
      );
    }

    for (const ref of page.references) {
      const problem = checkReference(ref, file, base, files, facts);
      if (problem) problems.push(`${file}: ${problem}`);
    }

    // A slot its place does not fill (a card's {seconds} written in a page's text) would show as written.
    for (const slot of page.slots)
      problems.push(`${file}: shows ${slot} as written: nothing on this page fills that slot`);
  }
  problems.push(...budget);

  if (problems.length > 0) throw new SiteCheckError(problems);
}

/** Every .xml file (the sitemap) must parse: crawlers drop a sitemap that does not. */
function xmlProblems(files: ReadonlyMap<string, SiteFile>): string[] {
  const problems: string[] = [];
  for (const [file, contents] of files) {
    if (!file.endsWith(".xml") || isKept(contents)) continue;
    const result = XMLValidator.validate(typeof contents === "string" ? contents : new TextDecoder().decode(contents));
    if (result !== true)
      problems.push(
        `${file}: is not well-formed XML (line ${result.err.line}, column ${result.err.col}: ${result.err.msg})`,
      );
  }
  return problems;
}

function checkReference(
  ref: string,
  page: string,
  base: string,
  files: ReadonlySet<string>,
  facts: ReadonlyMap<string, PageFacts>,
): string | undefined {
  if (/^(https:|mailto:)/.test(ref)) return undefined;
  if (ref.startsWith("#")) {
    return facts.get(page)?.ids.has(ref.slice(1)) ? undefined : `links to "${ref}", which is not an id on the page`;
  }
  if (!ref.startsWith(`${base}/`)) return `links to "${ref}": internal links must be site-absolute under "${base}/"`;

  const [path = "", fragment] = ref.slice(base.length).split("#");
  const file = path.endsWith("/") ? `${path.slice(1)}index.html` : path.slice(1);
  if (!files.has(file)) return `links to "${ref}", but the build has no ${file}`;
  if (fragment !== undefined && !facts.get(file)?.ids.has(fragment)) {
    return `links to "${ref}", but ${file} has no element with id "${fragment}"`;
  }
  return undefined;
}
