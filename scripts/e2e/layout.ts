/**
 * The layout checks every engine runs on a page (layout.test.ts in Chromium with its own catalogues,
 * engines/scenarios.ts in Firefox and WebKit on every route): a function run inside the page, so it names
 * nothing outside itself.
 */
/** From the narrowest phone to a wide desktop, each side of every breakpoint (styles/media.css). */
export const WIDTHS = [320, 375, 768, 1024, 1280, 1920];

/**
 * What a designer would circle on a page at its current width: anything reaching past the screen's sides, a label
 * broken at its hyphen, a button's label on two lines or its icon on a line of its own, a row of boxes that leaves an
 * empty cell, two controls over each other, two primary actions in one screenful, cards side by side whose parts
 * are not level, an image pushed aside by its picture's other formats, headings that move what follows when held at
 * their heights. (A grid's last row holding one card alone: gridCountProblems, below, with every count that matters.)
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
  /** Elements by the row they start on. */
  const rowsOf = (elements: Iterable<Element>) => {
    const rows = new Map<number, Element[]>();
    for (const el of elements)
      rows.set(Math.round(el.getBoundingClientRect().top), [
        ...(rows.get(Math.round(el.getBoundingClientRect().top)) ?? []),
        el,
      ]);
    return [...rows.values()];
  };
  const width = document.documentElement.clientWidth;
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !clipped(el))
      problems.push(`wider than the screen: ${name(el)}`);
  }

  const controls = [...document.querySelectorAll("a, button, input, select, textarea")].filter(visible);
  /** A node's text from `from` to `to`, or all of it. */
  const rangeOf = (node: Node, from?: number, to?: number) => {
    const range = document.createRange();
    if (from === undefined) range.selectNodeContents(node);
    else range.setStart(node, from), range.setEnd(node, to!);
    return range;
  };
  const lineOf = (node: Text, at: number) => [...rangeOf(node, at, at + 1).getClientRects()].at(-1)?.top ?? NaN;
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
    // A button's label keeps to one line (its words' boxes all on the first line's).
    const label = control.matches(".button") ? control.querySelector(".button__label") : null;
    if (label && visible(label)) {
      const tops = new Set([...rangeOf(label).getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`a label on ${tops.size} lines: ${name(control)}`);
    }
    const icon = control.querySelector(":scope > svg, :scope > * > svg");
    const last = texts.filter((t) => t.data.trim()).at(-1);
    if (icon && last && visible(icon)) {
      const end = last.data.trimEnd().length - 1;
      const text = rangeOf(last, end, end + 1).getBoundingClientRect();
      if (icon.getBoundingClientRect().top >= text.bottom - 1)
        problems.push(`its icon alone on a line: ${name(control)}`);
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
  for (const cards of [...rowsOf(document.querySelectorAll(".card-grid > .field-card"))].filter((r) => r.length > 1)) {
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
    for (const row of [...rowsOf(cells)].map((cells) => cells.map((cell) => cell.getBoundingClientRect()))) {
      const left = Math.min(...row.map((r) => r.left));
      const right = Math.max(...row.map((r) => r.right));
      if (left - outer.left > 1 || outer.right - right > 1)
        problems.push(`an empty cell in a row of ${row.length}: ${name(grid)}`);
    }
  }

  return problems;
}

/**
 * Each grid of like cards the page has (`selector`), made to hold each of `counts` cards in turn (copies of its
 * first), and what is wrong with its rows at the page's present width: a card alone in the last row under fuller
 * rows, a row that leaves a hole at either side, a card wider than the grid. The grid is put back as it was.
 */
export function gridCountProblems({ selector, counts }: { selector: string; counts: number[] }): string[] {
  const problems: string[] = [];
  for (const grid of document.querySelectorAll(selector)) {
    const cards = [...grid.children];
    for (const count of counts) {
      grid.replaceChildren(...Array.from({ length: count }, (_, i) => cards[i % cards.length]!.cloneNode(true)));
      const outer = grid.getBoundingClientRect();
      const rows = new Map<number, DOMRect[]>();
      for (const card of grid.children) {
        const box = card.getBoundingClientRect();
        rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
        if (box.right > outer.right + 1 || box.left < outer.left - 1)
          problems.push(`${count} cards: one wider than the grid`);
      }
      const ordered = [...rows.keys()].sort((a, b) => a - b).map((top) => rows.get(top)!);
      const sizes = ordered.map((row) => row.length);
      if (sizes.length > 1 && sizes.at(-1) === 1 && Math.max(...sizes) > 1)
        problems.push(`${count} cards: one alone in the last row (rows of ${sizes.join(", ")})`);
      for (const row of ordered) {
        const [left, right] = [Math.min(...row.map((r) => r.left)), Math.max(...row.map((r) => r.right))];
        if (left - outer.left > 1 || outer.right - right > 1)
          problems.push(`${count} cards: a row of ${row.length} leaves a hole (rows of ${sizes.join(", ")})`);
      }
    }
    grid.replaceChildren(...cards);
  }
  return problems;
}

/**
 * What of a field's product (its page's opening) is not in the first screen: its cover (at least 60 % of a
 * phone's width, 400 px on a wider screen, and at least 60 % of it in view), its title, its player, its storefront
 * action and price where it has one, and what a buyer gets (its tuning, length, delivery and format).
 */
export function productFirstScreenProblems(): string[] {
  const problems: string[] = [];
  const product = document.querySelector(".product");
  if (!product) return ["no product on the page"];
  const inView = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  };
  const cover = product.querySelector(".product__cover");
  if (!cover) problems.push("no cover");
  else {
    const box = cover.getBoundingClientRect();
    const least = innerWidth < 640 ? 0.6 * innerWidth : 400;
    const shown = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) / box.height;
    if (box.width < least) problems.push(`the cover ${Math.round(box.width)} px wide, under ${Math.round(least)}`);
    if (shown < 0.6) problems.push(`${Math.round(shown * 100)}% of the cover in view`);
  }
  const parts: [string, string, boolean][] = [
    ["its title", "h1", true],
    ["its play button", ".player__play", false],
    ["its storefront action", ".field-action .button", true],
    ["its price", ".field-action .price", false],
    ["its tuning, length, delivery and format", ".facts li:nth-child(-n + 3)", true],
  ];
  for (const [what, selector, always] of parts) {
    const found = [...product.querySelectorAll(selector)];
    if (found.length === 0 && always) problems.push(`no ${what}`);
    if (found.some((el) => !inView(el))) problems.push(`${what} not in the first screen`);
  }
  return problems;
}

/**
 * What a list of fields' cards lack: every card its cover, title, storefront action, Play (where `played`) and price
 * (on the cards of `priced` titles, and only there); and the first screen a whole card, or on Home a card's Play and
 * action. Run in the page.
 */
export function catalogueCardProblems({ played, priced }: { played: boolean; priced?: string[] }): string[] {
  const problems: string[] = [];
  const cards = [...document.querySelectorAll(".field-card")];
  if (cards.length === 0) return ["no field cards"];
  const inView = (el: Element | null) => {
    const box = el?.getBoundingClientRect();
    return !!box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
  };
  for (const card of cards) {
    const title = card.querySelector(".card__title")?.textContent ?? "a card without a title";
    const parts: [string, string][] = [
      ["cover", ".field-card__cover"],
      ["title", ".card__title a"],
      ["storefront action", ".card__actions .button"],
      ...(played ? ([["Play", ".player__play"]] as [string, string][]) : []),
    ];
    for (const [what, selector] of parts)
      if (!card.querySelector(selector)?.getBoundingClientRect().height) problems.push(`${title}: no ${what} shown`);
    if (priced && priced.includes(title) !== !!card.querySelector(".card__actions .price"))
      problems.push(`${title}: ${priced.includes(title) ? "no price" : "a price it was not given"}`);
  }
  const home = !!document.querySelector(".hero");
  const offered = home
    ? cards.some(
        (card) =>
          inView(card.querySelector(".card__actions .button")) &&
          (!played || inView(card.querySelector(".player__play"))),
      )
    : cards.some(inView);
  if (!offered)
    problems.push(home ? "no card's Play and action in the first screen" : "no whole card in the first screen");
  return problems;
}

/**
 * What the first screen shows past the end of what its page marks as the last thing there (`data-fold`: its bytes up
 * to there are what the first round trip must carry). Something that begins in the last 3 rem of the screen shows no
 * more than its border and padding there: not content. Run in the page.
 */
export function foldProblems(): string[] {
  const fold = document.querySelector("[data-fold]");
  if (!fold) return [];
  const after: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = fold;
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (fold.contains(node) || getComputedStyle(node).position === "fixed" || node.closest(".site-header")) continue;
    const box = node.getBoundingClientRect();
    const edge = 3 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    if (box.height > 0 && box.width > 0 && box.top < innerHeight - edge)
      after.push(`${node.tagName.toLowerCase()}.${[...node.classList].join(".")} at ${Math.round(box.top)} px`);
  }
  return after.slice(0, 3).map((what) => `${what}, after the fold, in the first screen`);
}
