import { FOLD } from "../../src/lib/page";
import { attribute, parsePage, textOf, type Element } from "./html";
import { elementFacts, type PolicyFacts } from "./security";

/** Taken as a page is made, so its tree is let go rather than a catalogue's pages all held parsed until the checks. */
export interface PageFacts {
  h1s: number;
  title: string | undefined;
  description: string;
  ids: ReadonlySet<string>;
  /** Each address it points at: every href and src, and each candidate of a srcset. */
  references: readonly string[];
  /** Each {slot} left in the text a reader sees. */
  slots: readonly string[];
  policy: PolicyFacts;
  /** Where in its text its first screen ends: the end of the element marked `FOLD`, or its end where none is. */
  firstScreenEnd: number;
}

/**
 * One copy of each string a build's pages keep: a catalogue's pages name the same links, hashes and ids, and its
 * facts are kept until the checks.
 */
export type Strings = Map<string, string>;

/** `policy` and `at`: for a page made by edits to the text its elements were read from. */
export function factsOf(
  elements: readonly Element[],
  length: number,
  { policy = elementFacts(elements), at = (offset: number) => offset, strings = new Map() as Strings } = {},
): PageFacts {
  const meta = elements.find((e) => e.tagName === "meta" && attribute(e, "name") === "description");
  const title = elements.find((e) => e.tagName === "title");
  const body = elements.find((e) => e.tagName === "body");
  const fold = elements.find((e) => attribute(e, FOLD) !== undefined)?.end;
  // Cloned once: the parser's strings are slices of the page, and each would keep the whole page (60 kB) in memory.
  const kept = (text: string) => {
    let copy = strings.get(text);
    if (copy === undefined) strings.set((copy = structuredClone(text)), copy);
    return copy;
  };
  return {
    h1s: elements.filter((e) => e.tagName === "h1").length,
    title: title && kept(textOf(title)),
    description: kept((meta && attribute(meta, "content")) ?? ""),
    ids: new Set(elements.flatMap((e) => attribute(e, "id") ?? []).map(kept)),
    references: elements.flatMap(references).map(kept),
    slots: [...(body ? textOf(body) : "").matchAll(/\{\w+\}/g)].map(([slot]) => kept(slot)),
    policy: { scripts: policy.scripts.map(kept), styles: policy.styles.map(kept), forms: policy.forms.map(kept) },
    firstScreenEnd: fold === undefined ? length : at(fold),
  };
}

export const readPage = (html: string): PageFacts => factsOf(parsePage(html), html.length);

export const readPages = (pages: ReadonlyMap<string, string>): Map<string, PageFacts> =>
  new Map([...pages].map(([file, html]) => [file, readPage(html)]));

function references(element: Element): string[] {
  const srcset = attribute(element, "srcset");
  return [
    ...[attribute(element, "href"), attribute(element, "src")].filter((ref) => ref !== undefined),
    ...(srcset ? srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!) : []),
  ];
}
