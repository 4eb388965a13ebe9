// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { islandHtml } from "../../scripts/static-build/render";
import { hydrateIsland } from "../client/hydrate";
import { SCROLL_THRESHOLD, SiteHeader, type SiteHeaderProps } from "./SiteHeader";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const props: SiteHeaderProps = {
  brand: "Test Studio",
  homeHref: "/",
  items: [
    { label: "Home", href: "/", current: false },
    { label: "About", href: "/about/", current: true },
    { label: "Contact", href: "/contact/", current: false },
  ],
  menu: "Menu",
  close: "Close",
};

/** Puts the header's server HTML in the page, as the build writes it, and hydrates it as the browser does. */
async function hydrateServerHeader(clientProps: SiteHeaderProps = props) {
  document.body.innerHTML = `
    <div id="site-header-1" data-island="SiteHeader">${islandHtml(SiteHeader, props, "site-header-1")}</div>
    <script type="application/json">${JSON.stringify(clientProps)}</script>
    <main><a id="outside" href="#">elsewhere</a></main>`;
  const recoverable: unknown[] = [];
  await act(async () => {
    void hydrateIsland(document.getElementById("site-header-1")!, SiteHeader, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return { recoverable };
}

const header = () => document.querySelector<HTMLElement>(".site-header")!;
const toggle = () => document.querySelector<HTMLButtonElement>(".site-header__toggle")!;

async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("SiteHeader", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    window.scrollTo(0, 0);
    consoleError = vi.spyOn(console, "error");
    // Links would navigate happy-dom away; React's handlers still run before the default is prevented.
    document.addEventListener("click", preventNavigation);
  });

  afterEach(() => {
    consoleError.mockRestore();
    document.removeEventListener("click", preventNavigation);
  });

  it("hydrates the server HTML with no recoverable error and no console error", async () => {
    const { recoverable } = await hydrateServerHeader();
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(header().querySelector('[aria-current="page"]')?.textContent).toBe("About");
    expect(document.getElementById("site-header-1")!.hasAttribute("data-hydrated")).toBe(true);
  });

  it("does report a mismatch when client props differ from the server's (the check above can fail)", async () => {
    const { recoverable } = await hydrateServerHeader({ ...props, brand: "Another Studio" });
    expect(recoverable.length).toBeGreaterThan(0);
  });

  it(`is not scrolled at ${SCROLL_THRESHOLD} px and is at ${SCROLL_THRESHOLD + 1} px, and returns at the top`, async () => {
    await hydrateServerHeader();
    expect(header().hasAttribute("data-scrolled")).toBe(false);
    await scrollTo(SCROLL_THRESHOLD);
    expect(header().hasAttribute("data-scrolled")).toBe(false);
    await scrollTo(SCROLL_THRESHOLD + 1);
    expect(header().hasAttribute("data-scrolled")).toBe(true);
    await scrollTo(0);
    expect(header().hasAttribute("data-scrolled")).toBe(false);
  });

  it("reads a page that is already scrolled when it hydrates", async () => {
    window.scrollTo(0, 400);
    await hydrateServerHeader();
    expect(header().hasAttribute("data-scrolled")).toBe(true);
  });

  it("gives the toggle a name for each state and points it at the links as a native popover's invoker", async () => {
    await hydrateServerHeader();
    // The words for both states are there; the stylesheet shows one (opening and closing are the browsers' own,
    // tried in each engine: scripts/e2e/header.test.ts and engines/scenarios.ts).
    expect(toggle().querySelector(".site-header__when-closed:not(path)")?.textContent).toBe("Menu");
    expect(toggle().querySelector(".site-header__when-open:not(path)")?.textContent).toBe("Close");
    const menu = document.getElementById(toggle().getAttribute("popovertarget")!);
    expect(menu?.getAttribute("popover")).toBe("auto");
    expect(toggle().getAttribute("aria-controls")).toBe(menu?.id);
    expect(menu?.querySelectorAll("a")).toHaveLength(props.items.length);
  });
});

function preventNavigation(event: Event) {
  event.preventDefault();
}
