/**
 * The layout checks every engine runs on a page (layout.test.ts in Chromium with its own catalogues,
 * engines/scenarios.ts in Firefox and WebKit on every route): a function run inside the page, so it names
 * nothing outside itself.
 */
/** From the narrowest phone to a wide desktop, each side of every breakpoint (styles/media.css). */
export const WIDTHS = [320, 375, 768, 1024, 1280, 1920];

/**
 * What a designer would circle on a page at its current width: anything reaching past the screen's sides, a label
 * broken at its hyphen, a button's icon on a line of its own, a row of boxes that leaves an empty cell,
 * two controls over each other, two primary actions in one screenful, cards side by side whose parts are not
 * level, an image pushed aside by its picture's other formats, headings that move what follows when held at their
 * heights.
 */
export function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const clipped = (el: Element) => {
    for (let p = el.parentElement; p; p = p.parentElement)
      if (/hidden|clip/.test(getComputedStyle(p).overflowX)) return true;
    return false;
  };
  const width = document.documentElement.clientWidth;
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !clipped(el))
      problems.push(`wider than the screen: ${name(el)}`);
  }

  const controls = [...document.querySelectorAll("a, button, input, select, textarea")].filter(visible);
  const lineOf = (node: Text, at: number) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    const rects = range.getClientRects();
    return rects.length ? rects[rects.length - 1]!.top : NaN;
  };
  for (const control of controls) {
    const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) if (visible(walker.currentNode.parentElement!)) texts.push(walker.currentNode as Text);
    for (const node of texts) {
      for (const match of node.data.matchAll(/[-\u2010](?=\S)/g)) {
        if (Math.abs(lineOf(node, match.index) - lineOf(node, match.index + 1)) > 2)
          problems.push(`broken at a hyphen: ${name(control)}`);
      }
    }
    const icon = control.querySelector(":scope > svg, :scope > * > svg");
    const last = texts.filter((t) => t.data.trim()).at(-1);
    if (icon && last && visible(icon)) {
      const end = last.data.trimEnd().length - 1;
      const range = document.createRange();
      range.setStart(last, end);
      range.setEnd(last, end + 1);
      const text = range.getBoundingClientRect();
      const box = icon.getBoundingClientRect();
      if (box.top >= text.bottom - 1) problems.push(`its icon alone on a line: ${name(control)}`);
    }
  }
  // Boxes only: links inside running text are laid out by the text itself, and a link's box on one line may reach
  // into the next line's by a pixel or two where the line height is tight (WebKit, Home's panel at 1280 px).
  const boxes = controls.filter((el) => getComputedStyle(el).display !== "inline");
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect();
      const q = b.getBoundingClientRect();
      const overlap =
        Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 &&
        Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
      if (overlap) problems.push(`over each other: ${name(a)} and ${name(b)}`);
    }
  }

  // One primary action per screenful: no two bright buttons closer than the screen is tall.
  const primaries = [...document.querySelectorAll(".button--primary")]
    .filter(visible)
    .map((el) => [el, el.getBoundingClientRect()] as const)
    .sort((a, b) => a[1].top - b[1].top);
  for (const [i, [el, box]] of primaries.slice(1).entries()) {
    const [before, above] = primaries[i]!;
    if (box.top - above.bottom < innerHeight)
      problems.push(`two primary actions in one screenful: ${name(before)} and ${name(el)}`);
  }

  // Field cards side by side share their lines: each one's title, player and action level with its neighbours'.
  const rowsOfCards = new Map<number, Element[]>();
  for (const card of document.querySelectorAll(".card-grid > .field-card")) {
    const top = Math.round(card.getBoundingClientRect().top);
    rowsOfCards.set(top, [...(rowsOfCards.get(top) ?? []), card]);
  }
  for (const cards of [...rowsOfCards.values()].filter((row) => row.length > 1)) {
    for (const part of [".card__title", ".field-card__preview", ".card__actions .button"]) {
      const tops = cards
        .map((card) => card.querySelector(part)?.getBoundingClientRect().top)
        .filter((top) => top !== undefined);
      if (Math.max(...tops) - Math.min(...tops) > 1)
        problems.push(`cards in a row not level at ${part}: ${name(cards[0]!)}`);
    }
  }

  // A <picture>'s <source>s say which file to load: laid out, they take a flex gap each beside the image.
  for (const source of document.querySelectorAll("picture > source")) {
    if (source.getClientRects().length > 0)
      problems.push(`an image's source laid out beside it: ${name(source.parentElement!.parentElement!)}`);
  }

  // Grids of boxes (cells with a border or a background): each row reaches both sides.
  const boxed = (el: Element) => {
    const style = getComputedStyle(el);
    return (
      parseFloat(style.borderTopWidth) > 0 ||
      style.backgroundColor !== "rgba(0, 0, 0, 0)" ||
      style.backgroundImage !== "none"
    );
  };
  for (const grid of document.querySelectorAll("*")) {
    const style = getComputedStyle(grid);
    if (style.display !== "grid" || style.gridTemplateColumns.split(" ").length < 2) continue;
    const cells = [...grid.children].filter(visible);
    if (cells.length < 2 || !cells.every(boxed)) continue;
    const outer = grid.getBoundingClientRect();
    const rows = new Map<number, DOMRect[]>();
    for (const cell of cells) {
      const r = cell.getBoundingClientRect();
      rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r]);
    }
    for (const row of rows.values()) {
      const left = Math.min(...row.map((r) => r.left));
      const right = Math.max(...row.map((r) => r.right));
      if (left - outer.left > 1 || outer.right - right > 1)
        problems.push(`an empty cell in a row of ${row.length}: ${name(grid)}`);
    }
  }

  // The loader changes a first page's headings to the brand's face only if nothing moves, holding each heading at
  // its height meanwhile (src/client/loader.ts): holding must move nothing, or the page keeps the stand-in.
  const all = [...document.body.querySelectorAll<HTMLElement>("*")];
  const corners = () =>
    all.map((el) => {
      const box = el.getBoundingClientRect();
      return `${box.x},${box.y}`;
    });
  const before = corners();
  const headings = all.filter((el) => getComputedStyle(el).fontFamily.includes("EB Garamond"));
  for (const el of headings) el.style.minBlockSize = `${el.getBoundingClientRect().height}px`;
  const moved = corners().findIndex((corner, i) => corner !== before[i]);
  for (const el of headings) el.style.minBlockSize = "";
  if (moved >= 0) problems.push(`held at their heights, the headings move ${name(all[moved]!)}`);
  return problems;
}
