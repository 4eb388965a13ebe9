import { parse, type DefaultTreeAdapterTypes } from "parse5";

export type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/**
 * A built page as a browser reads it (parse5, the WHATWG parser): every element in document order, each with where it
 * starts and ends in the page's text. What the checks and the budgets read a page through.
 */
export function parsePage(html: string): Element[] {
  const elements: Element[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node) elements.push(node);
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
    if ("content" in node) visit(node.content);
  };
  // Read as a browser without scripts reads it: what <noscript> holds is elements (links to check), not text.
  visit(parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false }));
  return elements;
}

/** An attribute's value, its entities decoded, or undefined. */
export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** What a script or style element holds, as the browser hashes it for a policy. */
export const rawText = (element: Element) =>
  element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");

/** The text an element holds, as a reader would see it (not its scripts' or styles'). */
export function textOf(element: Element): string {
  if (element.tagName === "script" || element.tagName === "style") return "";
  return element.childNodes
    .map((child) =>
      "value" in child && child.nodeName === "#text" ? child.value : "tagName" in child ? textOf(child) : "",
    )
    .join("");
}

/** A change to a page's text: what is from `start` to `end` becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A page with edits made at the places parse5 located, none overlapping: the rest of its text as it was. */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  let out = "";
  let at = 0;
  for (const { start, end, text } of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    out += html.slice(at, start) + text;
    at = end;
  }
  return out + html.slice(at);
}

/**
 * Where the end of a stretch of the text edited is in the text made: moved by the edits before it (an insertion at
 * that very place comes after what ends there).
 */
export const shifted =
  (edits: readonly Edit[]) =>
  (end: number): number =>
    edits.reduce(
      (at, edit) => (edit.end <= end && edit.start < end ? at + edit.text.length - (edit.end - edit.start) : at),
      end,
    );
