import { useEffect, useRef, useState } from "react";

/** The bar turns more opaque once the page is scrolled past this many pixels (51 and up). */
export const SCROLL_THRESHOLD = 50;

export interface NavItem {
  label: string;
  href: string;
  current: boolean;
}

export interface SiteHeaderProps {
  brand: string;
  homeHref: string;
  items: readonly NavItem[];
  /** The toggle's label on a phone, and while the menu is open (src/content/frame.ts). */
  menu: string;
  close: string;
}

const NAV_ID = "site-nav";

const closeMenu = (nav: HTMLElement | null) => {
  if (nav && "popover" in nav && nav.matches(":popover-open")) nav.hidePopover();
};

/**
 * The fixed top bar. On a phone its links are a native popover: the toggle works from the first paint, with or
 * without JavaScript, and the browser closes it on Escape and tells assistive technology whether it is open.
 * Hydrated, it adds only what no tap waits for. Its first render reads nothing of the window.
 */
export function SiteHeader({ brand, homeHref, items, menu, close }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const update = () => setScrolled(scrollY > SCROLL_THRESHOLD);
    update();
    addEventListener("scroll", update, { passive: true });
    return () => removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    const nav = navRef.current!;
    // A browser without popovers shows the links in the bar, with no menu to close (styles/components/header.css).
    if (!("popover" in nav)) return;
    const hide = () => closeMenu(nav);
    // Focus moving on past the menu means the visitor has left it. WebKit does not focus a button it clicks, so a
    // menu closed by Escape would hand focus back to nothing: the toggle takes it.
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) hide();
    };
    const onToggle = (event: Event) => {
      const { newState } = event as ToggleEvent;
      if (newState === "closed" && (document.activeElement === document.body || nav.contains(document.activeElement)))
        toggleRef.current?.focus();
    };
    // A menu left open on a phone has no place in the wide layout, where the stylesheet hides the toggle
    // (styles/media.css decides where that is; the toggle's box going to nothing is how we hear of it).
    const widened = new ResizeObserver(() => {
      if (toggleRef.current?.offsetParent === null) hide();
    });
    widened.observe(toggleRef.current!);
    addEventListener("focusin", onFocus);
    nav.addEventListener("toggle", onToggle);
    return () => {
      removeEventListener("focusin", onFocus);
      nav.removeEventListener("toggle", onToggle);
      widened.disconnect();
    };
  }, []);

  return (
    <header ref={headerRef} className="site-header" data-scrolled={scrolled ? "" : undefined}>
      <div className="site-header__bar">
        <a className="site-header__brand" href={homeHref}>
          {brand}
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          popoverTarget={NAV_ID}
          aria-controls={NAV_ID}
        >
          <svg className="site-header__toggle-icon" viewBox="0 0 18 14" aria-hidden="true">
            <path className="site-header__when-closed" d="M1 1h16M1 7h16M1 13h16" />
            <path className="site-header__when-open" d="M3 1l12 12M3 13L15 1" />
          </svg>
          <span className="site-header__when-closed">{menu}</span>
          <span className="site-header__when-open">{close}</span>
        </button>
        <nav ref={navRef} id={NAV_ID} className="site-nav" aria-label="Main" popover="auto">
          <ul className="site-nav__list">
            {items.map((item) => (
              <li key={item.href}>
                <a
                  className="site-nav__link"
                  href={item.href}
                  aria-current={item.current ? "page" : undefined}
                  onClick={() => closeMenu(navRef.current)}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
