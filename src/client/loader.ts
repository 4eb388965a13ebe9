/**
 * The page's only script at load, inlined in <head> (about 1.3 kB with gzip, so it costs no request):
 *
 * 1. It marks the page as scripted before the first paint, so the phone menu folds behind its toggle only
 *    when there is JavaScript to open it.
 * 2. Once the page has loaded and painted, and the browser is idle (each waited for two seconds at most), it
 *    preloads React and the islands: they never compete with the first paint for the network.
 * 3. It runs them on the visitor's first scroll, pointer, key or focus. A page that is only read never pays
 *    for React; a page that is used gets it at once, and a button pressed in that first instant is pressed
 *    again once React has taken over. Where their code does not come (a deploy since has replaced it), the page
 *    goes back to its form without JavaScript, and a Play pressed meanwhile plays in the browser's own player.
 * 4. Once painted, it links what the page never needed to paint (the favicon, the manifest, the print and
 *    forced-colours stylesheets; see PageAssets.afterPaint in src/lib/page.ts). Without JavaScript the page's
 *    <noscript> links them instead.
 * 5. The headings' serif never holds up a first paint. A page whose visitor has it cached (an earlier page
 *    fetched it) sets it from the start. A first page paints in a system serif scaled to the brand's metrics
 *    (scripts/static-build/media/web-fonts.ts), fetches the face once it has loaded and painted, and then changes to it
 *    only if nothing in view moves: both layouts are measured in one task, before anything is painted. Each box
 *    in the stand-in keeps its height, so a heading set in a line fewer moves nothing; where the face would set a
 *    line more, or move a box (a centred title as wide as its words), in view or above it, the page keeps its
 *    stand-in (the next page has the face). Below the window, things may move: no one sees them do it.
 *    Preloading the face on every page instead was measured (Lighthouse, three rounds each): Chromium holds the
 *    first paint for a preloaded optional face, and the largest paint went from 1.09–1.17× a bare page's to
 *    1.17–1.26× over HTTP/2, and from 0.92–1.07× to 1.17–1.35× over HTTP/1.1, past the 1.10× budget on every route.
 */
declare const __ISLANDS__: {
  entry: string;
  /** What every page needs on first use: the islands entry and React. */
  modules: readonly string[];
  /** What a page needs besides, by the name of an island it has (src/islands/registry.ts). */
  byIsland: Readonly<Record<string, readonly string[]>>;
};
declare const __AFTER_PAINT__: readonly { rel: string; href: string; type?: string; media?: string }[];
/** The URL of the headings' font (its core subset; see scripts/static-build/media/web-fonts.ts). */
declare const __FONT__: string;
const FONT = __FONT__;

/** How long a page waits, at most, for each of its first paint to be reported and an idle moment (see below). */
const WAIT_AT_MOST_MS = 2000;

// A touch is a pointerdown too, in every browser the site supports (scripts/static-build/browsers.ts).
const FIRST_USE = ["pointerdown", "keydown", "focusin", "wheel", "scroll"] as const;
/** Each kind heard once: the first of any starts the islands, and the rest then do nothing. */
const listening = { capture: true, passive: true, once: true } as const;

/**
 * The root element's classes: `js`, and `font-cached` once the headings are drawn in the brand's face. Named so
 * because the build finds the classes added with `classList.add("…")` and keeps their rules.
 */
const classList = document.documentElement.classList;
classList.add("js");
// An icon that needs no request until the page has painted: a browser that finds none when the page has loaded
// asks for /favicon.ico at once, and Lighthouse counts that request against the largest paint.
/** A <link> with these attributes, added to <head>. */
const addLink = (attributes: Partial<HTMLLinkElement>) =>
  document.head.appendChild(Object.assign(document.createElement("link"), attributes));
const icon = addLink({ rel: "icon", href: "data:," });
try {
  // Kept under the face's own address: a new face (another hash) is not in the cache.
  if (localStorage[FONT]) {
    classList.add("font-cached");
    // Asked for now, from the cache, rather than once the headings' styles are worked out: a preloaded face with
    // `font-display: optional` is waited for (a moment at most) before the first layout, so it is never laid out
    // once in the stand-in and again in the face.
    addLink({ rel: "preload", as: "font", crossOrigin: "", href: FONT });
  }
} catch {
  // Storage refused (a privacy setting): the headings keep the system serif.
}

let started = false;
const earlyClicks: HTMLElement[] = [];

// A click on an island React has not taken over yet would be lost: keep it, and press it again later.
function onEarlyClick(event: MouseEvent) {
  // A click's target is an element, or the document itself (which has no closest()).
  const button = (event.target as Element).closest?.<HTMLElement>("[data-island] button");
  if (button && !button.closest("[data-island]")!.hasAttribute("data-hydrating")) earlyClicks.push(button);
}

function start() {
  if (started) return;
  started = true;
  addEventListener("click", onEarlyClick, true);
  // The whole page must be parsed before its islands are looked for: a visitor can scroll, or a page opened at
  // a #section starts, while the rest is still arriving, and modules in the cache load faster than that.
  const parsed = new Promise<void>((resolve) =>
    // Once, as the first use is heard (capturing and passive mean nothing to this event).
    document.readyState === "loading"
      ? addEventListener("DOMContentLoaded", resolve as () => void, listening)
      : resolve(),
  );
  Promise.all([import(__ISLANDS__.entry) as Promise<typeof import("./islands")>, parsed])
    .then(async ([{ hydrateIslands }]) => {
      await hydrateIslands();
      removeEventListener("click", onEarlyClick, true);
      for (const button of earlyClicks.splice(0)) if (button.isConnected) button.click();
    })
    .catch(() => {
      // The islands' code did not come: a deploy since this page opened replaced it, or the network failed. The page
      // goes back to what it is without JavaScript (the browser's own player, the menu as a list of links), and a
      // Play pressed meanwhile plays there.
      classList.remove("js");
      for (const button of earlyClicks) button.closest("[data-island]")!.querySelector("audio")?.play();
    });
}

function afterPaint() {
  for (const link of __AFTER_PAINT__) link.rel === "icon" ? Object.assign(icon, link) : addLink(link);
  const extra = Object.entries(__ISLANDS__.byIsland).flatMap(([name, modules]) =>
    document.querySelector(`[data-island="${name}"]`) ? modules : [],
  );
  for (const href of new Set([...__ISLANDS__.modules, ...extra])) addLink({ rel: "modulepreload", href });
  // The core subset fetched for the next page, as a face of its own (asked of the page's font set first, WebKit
  // under load had not answered in 15 s, twice), and added to the page's faces: the stylesheet's own, asked for
  // again below, is `optional`, and one that took more than a moment to come even from the cache (Firefox on a
  // busy machine) was given up on, and the page never changed. Then the subsets this page's words need, ready
  // before its headings change (one arriving later would move them). A page drawn in the face from the start
  // loads nothing more. A storage refused (as above) or a font that failed leaves things as they are.
  if (!classList.contains("font-cached"))
    new FontFace("EB Garamond", `url(${FONT})`, { weight: "600" })
      .load()
      .then((face) => {
        // Not chained: Firefox's add() does not return the set.
        document.fonts.add(face);
        localStorage[FONT] = 1;
        // The words of the page's main part and its title (the brand): the footer's "©" alone would fetch the 31 kB
        // subset of other Latin letters, which no heading needs. Whether the stylesheet's faces come or fail, the
        // page has the core subset (a letter it lacks is looked for in the family's other faces, then the stand-in).
        return document.fonts
          .load(`600 1em "EB Garamond"`, document.title + document.querySelector("main")!.textContent)
          .finally(useFontIfNothingMoves);
      })
      .catch(() => {});
}

/** Every element in the page's body, each mapped. */
const eachElement = <T>(map: (el: HTMLElement) => T) =>
  Array.from(document.body.getElementsByTagName("*") as HTMLCollectionOf<HTMLElement>, map);

/**
 * Where every box in view (or above it) begins, exactly as laid out. A box with no width (a closed answer's) moves
 * nothing, and one below the window moves nothing a visitor sees; one that would come into view, or leave it, counts.
 */
const corners = () =>
  eachElement((el) => {
    const box = el.getBoundingClientRect();
    return box.width && innerHeight > box.y && [box.x, box.y];
  }).join();

/** Holds each box set in the headings' serif at its present height (at least), or lets it go. */
const hold = (height: boolean) =>
  eachElement((el) => {
    if (getComputedStyle(el).fontFamily.includes("EB Garamond "))
      el.style.minBlockSize = height ? `${el.getBoundingClientRect().height}px` : "";
  });

/**
 * The headings in the brand's face, unless that would move anything a visitor sees. Each box set in the stand-in
 * keeps its height, so a heading the face sets in a line fewer leaves its space and nothing below it rises; one
 * it would set in a line more, or a box it would move, in view, keeps the stand-in on the whole page. The heights
 * are let go at the next resize, which lays the page out afresh anyway. Boxes are compared, not the text in them:
 * centred text in a box wider than its words would move unseen here, and no heading is set so (measuring the text
 * too cost 35 bytes the script budget does not have).
 */
function useFontIfNothingMoves() {
  const before = corners();
  hold(true);
  classList.add("font-cached");
  // Laid out again in the same task: nothing is painted in between, so a change undone here is never seen.
  if (corners() !== before) {
    classList.remove("font-cached");
    hold(false);
  } else addEventListener("resize", () => hold(false), { once: true });
}

for (const type of FIRST_USE) addEventListener(type, start, listening);
// The page's own first paint comes first: preload once it has loaded and painted, when the browser is idle.
// (Two animation frames after load were not enough: Chromium ran them before it reported the first paint, and
// Lighthouse then counted every preload against the largest paint.)
const loaded = new Promise((resolve) => addEventListener("load", resolve));
const painted = new Promise((resolve) => {
  // Now and then Chromium reports no first paint for a page it has drawn (and a browser without paint timing
  // reports none): by this long after loading, it has painted.
  void loaded.then(() => setTimeout(resolve, WAIT_AT_MOST_MS));
  // The first paint and the first contentful one come in one frame: the first paint waits for the page's content.
  new PerformanceObserver(resolve).observe({ type: "paint", buffered: true });
});
// A slow phone kept busy every frame (a visitor scrolling) may not be idle for a long while. Where there is no
// idle callback (WebKit), a timer: it reads the options as a delay of none.
const whenIdle = (task: () => void) =>
  (window.requestIdleCallback ?? setTimeout)(task, { timeout: WAIT_AT_MOST_MS } as never);
void Promise.all([loaded, painted]).then(() => requestAnimationFrame(() => whenIdle(afterPaint)));
// A page opened at a #section is already in use (a restored scroll position arrives as a scroll event).
if (location.hash) start();
