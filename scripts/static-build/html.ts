import { Parser } from "htmlparser2";

/** A page's element as the checks read it: where it is in the page's text, its attributes, what it holds. */
export interface Element {
  tagName: string;
  /** Inside <svg> or <math>, where attributes keep their own case. */
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
 * A built page as a browser without scripts reads it (htmlparser2, a tokenizer that knows HTML's raw text, void and
 * foreign elements): every element in document order, each with where it starts and ends in the page's text. What the
 * checks and the budgets read a page through. The pages are React's, whose elements always close; one that closes
 * by implication ends where the tag that closed it starts.
 */
export function parsePage(html: string): Element[] {
  const elements: Element[] = [];
  const open: Element[] = [];
  let attrs: Element["attrs"] = [];
  const parser = new Parser({
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
      // A void element closes where it opened; one closed by another tag, where that tag starts.
      element.end = implied && parser.startIndex !== element.start ? parser.startIndex : parser.endIndex + 1;
    },
  });
  parser.end(html);
  return elements;
}

/** An attribute's value, its entities decoded, or undefined. */
export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

const isText = (node: Element | Text): node is Text => "text" in node;

/** What a script or style element holds, as the browser hashes it for a policy. */
export const rawText = (element: Element) =>
  element.children.map((child) => (isText(child) ? child.text : "")).join("");

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
