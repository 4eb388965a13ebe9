/**
 * The page's only script at load, inlined in <head> so it costs no request. It reads no layout, and nothing a tap
 * depends on waits for it (the menu is a native popover). It marks the page `js` before the first paint, so a preview
 * shows the site's player, not the browser's; answers a Play tapped before React arrives with the preview's own
 * <audio>; preloads the islands once the page has painted and runs them on first use; replays a preview a deploy
 * replaced; links what the first paint never needed (PageAssets.afterPaint); and fetches the headings' face for later
 * pages, which set it from the cache with `font-display: optional` (scripts/static-build/media/web-fonts.ts).
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
/** What a preview says when its file and the page have changed since the page was opened (src/content/frame.ts). */
declare const __CHANGED__: { text: string; reload: string };

const WAIT_AT_MOST_MS = 2000;

// A touch is a pointerdown too, in every browser the site supports (scripts/static-build/browsers.ts).
const FIRST_USE = ["pointerdown", "keydown", "focusin", "wheel", "scroll"] as const;
const listening = { capture: true, passive: true, once: true } as const;
const ISLAND = "[data-island]";
const PLAYER = '[data-island="PreviewPlayer"]';

const classList = document.documentElement.classList;
classList.add("js");
const addLink = (attributes: Partial<HTMLLinkElement>) =>
  document.head.appendChild(Object.assign(document.createElement("link"), attributes));
// An icon that needs no request until the page has painted: a browser that finds none when the page has loaded
// asks for /favicon.ico at once, and Lighthouse counts that request against the largest paint.
const icon = addLink({ rel: "icon", href: "data:," });
try {
  // Kept under the face's own address: a new face (another hash) is not in the cache.
  if (localStorage[__FONT__]) {
    classList.add("font-cached");
    // Asked for now, from the cache, rather than once the headings' styles are worked out: a preloaded optional face
    // is waited for (a moment at most) before the first layout, so it is never laid out in the stand-in first.
    addLink({ rel: "preload", as: "font", crossOrigin: "", href: __FONT__ });
  }
} catch {
  // Storage refused (a privacy setting): the headings keep the stand-in.
}

let started = false;
const earlyClicks: HTMLElement[] = [];

/** A click before React has taken over: a preview's Play plays its own <audio> now; other buttons, later. */
function onEarlyClick(event: MouseEvent) {
  // A click's target is an element, or the document itself (which has no closest()).
  const button = (event.target as Element).closest?.<HTMLElement>(`${ISLAND} button:not([popovertarget])`);
  const island = button?.closest<HTMLElement>(ISLAND);
  if (!button || !island || island.hasAttribute("data-hydrating")) return;
  const audio = island.matches(PLAYER) && button.matches(".player__play") && island.querySelector("audio");
  if (!audio) return void earlyClicks.push(button);
  if (audio.paused) {
    // One sound at a time, as the islands keep it; played within the tap, as browsers require.
    for (const other of document.querySelectorAll<HTMLAudioElement>(`${PLAYER} audio`)) other.pause();
    void audio.play().catch(() => {});
  } else audio.pause();
}
addEventListener("click", onEarlyClick, true);

/** Until React takes an island over, its element says whether its sound plays (player.css draws Pause from it). */
const markPlaying = (event: Event) => {
  const island = (event.target as Element).closest?.(PLAYER);
  if (island) island.toggleAttribute("data-playing", event.type === "playing");
};
// Media events do not bubble: heard on their way down.
for (const type of ["playing", "pause", "ended", "error"]) addEventListener(type, markPlaying, true);

function start() {
  if (started) return;
  started = true;
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
      // The islands' code did not come (a deploy replaced it, or the network failed): back to the page without JS.
      classList.remove("js");
      removeEventListener("click", onEarlyClick, true);
    });
}

/** A preview's file a deploy removed: plays the one the page as the host serves it now names, or says it changed. */
async function onMediaError(event: Event) {
  const audio = event.target as HTMLAudioElement;
  if (audio.tagName !== "AUDIO" || !audio.error || retried.has(audio)) return;
  retried.add(audio);
  const { status } = await fetch(audio.currentSrc, { method: "HEAD", cache: "no-store" });
  // Gone, as a host says of a file it no longer has: anything else (offline, a dropped connection) is not a deploy.
  if (status !== 404 && status !== 410) return;
  try {
    const response = await fetch(location.href, { cache: "no-store" });
    const html = response.ok ? await response.text() : "";
    const now = new DOMParser()
      .parseFromString((policy?.createHTML(html) ?? html) as string, "text/html")
      .querySelector(`audio[data-field="${CSS.escape(audio.dataset.field!)}"]`)
      ?.getAttribute("src");
    if (!now || now === audio.getAttribute("src")) return changed(audio);
    audio.src = now;
    await audio.play();
  } catch {
    changed(audio);
  }
}

/** A line under the player: the page has changed; reload it. */
function changed(audio: HTMLAudioElement) {
  const line = document.createElement("p");
  const reload = document.createElement("button");
  line.classList.add("player__changed");
  line.setAttribute("role", "status");
  reload.classList.add("text-link");
  reload.type = "button";
  reload.textContent = __CHANGED__.reload;
  reload.onclick = () => location.reload();
  line.append(`${__CHANGED__.text} `, reload);
  // After the island's element and its props (the island reads them from its next sibling).
  (audio.closest(ISLAND)?.nextElementSibling ?? audio).after(line);
}
const retried = new WeakSet<HTMLAudioElement>();
/** What the loader uses of Trusted Types (not yet in TypeScript's DOM types). */
interface TrustedTypes {
  createPolicy(name: string, rules: { createHTML(text: string): string }): { createHTML(text: string): unknown };
}
/** The one Trusted Types policy pages allow (security.ts), made before any other script: HTML read, never run. */
const policy = (window as { trustedTypes?: TrustedTypes }).trustedTypes?.createPolicy("page-now", {
  createHTML: (text) => text,
});
// Media errors do not bubble: heard on their way down.
addEventListener("error", (event) => void onMediaError(event).catch(() => {}), true);

function afterPaint() {
  for (const link of __AFTER_PAINT__) link.rel === "icon" ? Object.assign(icon, link) : addLink(link);
  const extra = Object.entries(__ISLANDS__.byIsland).flatMap(([name, modules]) =>
    document.querySelector(`[data-island="${name}"]`) ? modules : [],
  );
  // At low priority: nothing on the page waits for them (and Lighthouse counts none as a critical request).
  for (const href of new Set([...__ISLANDS__.modules, ...extra]))
    addLink({ rel: "modulepreload", href, fetchPriority: "low" });
  // A player in view is made ready before it is tapped.
  const inView = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      inView.disconnect();
      start();
    }
  });
  for (const player of document.querySelectorAll(PLAYER)) inView.observe(player);
  // The face for the next page, into the cache: fetched as fonts are (same origin, CORS), at low priority, and not
  // added to this page's faces, so this page keeps the face it painted with and waits for nothing.
  if (!classList.contains("font-cached"))
    fetch(__FONT__, { priority: "low" } as RequestInit)
      .then((response) => (response.ok ? response.blob() : Promise.reject()))
      .then(() => {
        localStorage[__FONT__] = 1;
      })
      .catch(() => {});
}

for (const type of FIRST_USE) addEventListener(type, start, listening);
// Preload only once the first paint is reported: Lighthouse counts any earlier preload against the largest paint.
// (Two animation frames after load were not enough: Chromium ran them before it reported the first paint.)
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
