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

/** The menu's id, which its toggle controls. */
const NAV_ID = "site-nav";

/**
 * The fixed top bar. Rendered to HTML at build time and hydrated in the browser with the same props, so
 * its first render must not read the window: scroll position and media queries are read in effects.
 */
export function SiteHeader({ brand, homeHref, items, menu, close }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => setScrolled(scrollY > SCROLL_THRESHOLD);
    update();
    addEventListener("scroll", update, { passive: true });
    return () => removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    // Focus or a tap landing outside the bar means the visitor has moved on: fold the menu away.
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setOpen(false);
    };
    // A menu left open on a phone has no place in the wide layout, where the stylesheet hides the toggle
    // (styles/media.css decides where that is; the toggle's box going to nothing is how we hear of it).
    const hidden = new ResizeObserver(() => {
      if (toggleRef.current?.offsetParent === null) setOpen(false);
    });
    if (toggleRef.current) hidden.observe(toggleRef.current);
    addEventListener("keydown", onKeyDown);
    addEventListener("focusin", onOutside);
    addEventListener("pointerdown", onOutside);
    return () => {
      removeEventListener("keydown", onKeyDown);
      removeEventListener("focusin", onOutside);
      removeEventListener("pointerdown", onOutside);
      hidden.disconnect();
    };
  }, [open]);

  return (
    <header
      ref={headerRef}
      className="site-header"
      data-scrolled={scrolled ? "" : undefined}
      data-open={open ? "" : undefined}
    >
      <div className="site-header__bar">
        <a className="site-header__brand" href={homeHref}>
          {brand}
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={NAV_ID}
          onClick={() => setOpen((was) => !was)}
        >
          <svg className="site-header__toggle-icon" viewBox="0 0 18 14" aria-hidden="true">
            <path d={open ? "M3 1l12 12M3 13L15 1" : "M1 1h16M1 7h16M1 13h16"} />
          </svg>
          {open ? close : menu}
        </button>
        <nav id={NAV_ID} className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {items.map((item) => (
              <li key={item.href}>
                <a
                  className="site-nav__link"
                  href={item.href}
                  aria-current={item.current ? "page" : undefined}
                  onClick={() => setOpen(false)}
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
