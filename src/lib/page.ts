/** What a page is, to everything that builds one: its meta, what the build hands it, and the policy's stand-in. */
export interface PageMeta {
  /** The route, in its one canonical form: "/" or "/about/". */
  path: string;
  /** The page's own part of <title>; the brand is added by Document. */
  title: string;
  /** The meta description: 50 to 160 characters, written for this page. */
  description: string;
  /** Present when the page appears in the top bar, in ascending order. */
  nav?: { label: string; order: number };
  /** Pages that must stay out of search results (the 404 page). */
  noindex?: boolean;
  /** The picture a shared link to this page shows, when it has one of its own (a field's page); else the site's. */
  image?: ShareImage;
  /** The page offers to follow the studio in its own body (a field's, under its product): its footer does not again. */
  follows?: boolean;
}

/** The feed of fields (scripts/static-build/feed.ts), linked from every page's head when there is one. */
export const FEED = { path: "/feed.xml", type: "application/atom+xml" } as const;

/** A 1200×630 picture shown when a page is shared, and what it shows. */
export interface ShareImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** A <link> a page adds after its first paint: see PageAssets.afterPaint. */
export interface LaterLink {
  rel: "icon" | "manifest" | "stylesheet";
  href: string;
  type?: string;
  media?: string;
}

/** The built assets a page uses; see buildAssets in scripts/static-build/assets.ts. Paths are site paths ("/favicon.svg"). */
export interface PageAssets {
  /**
   * The stylesheet a page inlines, given the class names the page uses: the base, and only the components the
   * page has. The first paint then needs nothing but the HTML response, which still fits in one TCP round trip.
   * Given the page's headline (its <h1>'s text), the measure it is set to, so that it keeps its lines when the
   * headings' face arrives.
   */
  css: (classes: ReadonlySet<string>, headline?: string) => string;
  /** The loader (src/client/loader.ts), inlined: it starts React and the islands only when needed. */
  script: string;
  /** The page's background colour (tokens.css), for the browser's own chrome. */
  themeColor: string;
  appleTouchIcon: string;
  /**
   * The favicon, linked in <head> only when the site is served under a base path. At the root, a browser that
   * has found no icon once the page has loaded asks for /favicon.ico, which the build writes, and the SVG comes
   * with `afterPaint`; under a base path that address belongs to another site.
   */
  icon: LaterLink | null;
  /**
   * What the page links to but never needs to paint: the favicon, the web app manifest, the print and
   * forced-colours stylesheets. The loader adds them once the page has painted; without JavaScript,
   * <noscript> links them. Linked in <head> they are fetched while the page arrives (a browser asks for the
   * icon and the manifest as soon as it has read the page), and on a slow connection each is one more request
   * before the first paint: Lighthouse's simulation counts every request finished before the largest paint as
   * one that paint waited for.
   */
  afterPaint: readonly LaterLink[];
  /** The 1200×630 picture shown when a page is shared. */
  shareImage: { path: string; width: number; height: number };
}

/**
 * Stands in for the Content-Security-Policy while pages render; scripts/static-build/security.ts fills it in from the
 * hashes of the finished pages' inline scripts and styles.
 */
export const CSP_PLACEHOLDER = "{{content-security-policy}}";

/** Stands in for a page's stylesheet while it renders: the build inlines the styles the finished page uses. */
export const STYLE_PLACEHOLDER = "{{page-styles}}";

/** How long a page's meta description may be: search results cut a longer one, and a shorter one says too little. */
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/**
 * The attribute a page puts on the last element its first screen shows, on a phone or a laptop: the page's bytes up to
 * there must arrive in the first round trip (scripts/static-build/page-budget.ts); the rest may follow.
 */
export const FOLD = "data-fold";
