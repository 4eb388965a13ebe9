import { Parser } from "htmlparser2";

export interface Element {
  tagName: string;
  /** Inside <svg> or <math>, whose attribute names are not HTML's to respell (the parser lowercases every name). */
  foreign: boolean;
  /** Values with entities decoded. */
  attrs: { name: string; value: string; start: number; end: number }[];
  start: number;
  end: number;
  children: (Element | Text)[];
}

/** Text as a reader (or, in a script or style, the browser) reads it, and where it is. */
export interface Text {
  text: string;
  start: number;
  end: number;
}

/** React closes every element, so one closed by implication is an error: a browser would end it elsewhere. */
export function parsePage(html: string): Element[] {
  const elements: Element[] = [];
  const open: Element[] = [];
  let attrs: Element["attrs"] = [];
  let ended = false;
  const parser = new Parser({
    onopentagname() {
      // A tag the parser drops (a form inside a form) names no element: its attributes go with it.
      attrs = [];
    },
    onattribute(name, value) {
      attrs.push({ name, value, start: parser.startIndex, end: parser.endIndex });
    },
    onopentag(tagName) {
      const parent = open.at(-1);
      const foreign = tagName === "svg" || tagName === "math" || (parent?.foreign ?? false);
      const element: Element = {
        tagName,
        foreign,
        attrs,
        start: parser.startIndex,
        end: parser.endIndex + 1,
        children: [],
      };
      attrs = [];
      parent?.children.push(element);
      elements.push(element);
      open.push(element);
    },
    ontext(text) {
      open.at(-1)?.children.push({ text, start: parser.startIndex, end: parser.endIndex + 1 });
    },
    onclosetag(_, implied) {
      const element = open.pop()!;
      // A void element closes where it opened, and one left open where the page ends.
      if (!implied || parser.startIndex === element.start) element.end = parser.endIndex + 1;
      else if (ended) element.end = html.length;
      else
        throw new Error(
          `<${element.tagName}> at ${element.start} of a page is closed by the tag at ${parser.startIndex}, not by its own end tag`,
        );
    },
  });
  parser.write(html);
  ended = true;
  parser.end();
  return elements;
}

export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

const isText = (node: Element | Text): node is Text => "text" in node;

/** What a script or style element holds, as the browser hashes it for a policy: its line breaks as \n. */
export const rawText = (element: Element) =>
  element.children
    .map((child) => (isText(child) ? child.text : ""))
    .join("")
    .replace(/\r\n?/g, "\n");

export function textOf(element: Element): string {
  if (element.tagName === "script" || element.tagName === "style") return "";
  return element.children.map((child) => (isText(child) ? child.text : textOf(child))).join("");
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Edits must not overlap. */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  let out = "";
  let at = 0;
  for (const { start, end, text } of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    out += html.slice(at, start) + text;
    at = end;
  }
  return out + html.slice(at);
}

/** Where an end in the edited text is in the text made (an insertion at that very place comes after it). */
export const shifted =
  (edits: readonly Edit[]) =>
  (end: number): number =>
    edits.reduce(
      (at, edit) => (edit.end <= end && edit.start < end ? at + edit.text.length - (edit.end - edit.start) : at),
      end,
    );
