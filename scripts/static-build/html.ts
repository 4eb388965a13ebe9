import { Parser } from "htmlparser2";

/** A page's element as the checks read it: where it is in the page's text, its attributes, what it holds. */
export interface Element {
  tagName: string;
  /** Inside <svg> or <math>, whose attributes' names are not HTML's to respell (the parser gives every name in lowercase). */
  foreign: boolean;
  /** Each attribute, its value's entities decoded, and where its name starts and the attribute ends. */
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

/**
 * A built page as htmlparser2 reads it (HTML's raw text, void and foreign elements, entities; not a browser's
 * rebuilding of misnested tags): every element in document order, each with where it starts and ends in the page's
 * text. What the checks and the budgets read a page through. React closes every element it writes, so an element
 * another tag closes by implication is an error here: its end would not be where a browser puts it.
 */
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

/** An attribute's value, its entities decoded, or undefined. */
export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

const isText = (node: Element | Text): node is Text => "text" in node;

/** What a script or style element holds, as the browser hashes it for a policy: its line breaks as \n. */
export const rawText = (element: Element) =>
  element.children
    .map((child) => (isText(child) ? child.text : ""))
    .join("")
    .replace(/\r\n?/g, "\n");

/** The text an element holds, as a reader would see it (not its scripts' or styles'). */
export function textOf(element: Element): string {
  if (element.tagName === "script" || element.tagName === "style") return "";
  return element.children.map((child) => (isText(child) ? child.text : textOf(child))).join("");
}

/** A change to a page's text: what is from `start` to `end` becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A page with edits made at the places the parser located, none overlapping: the rest of its text as it was. */
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
