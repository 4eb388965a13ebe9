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

/** A page in the top bar, in its place there, named and described as its content file says. */
export const navPage = (
  path: string,
  { title, description, nav }: { title: string; description: string; nav: string },
  order: number,
): PageMeta => ({ path, title, description, nav: { label: nav, order } });

/** The feed of fields (scripts/static-build/feed.ts), linked from every page's head when there is one. */
export const FEED = { path: "/feed.xml", type: "application/atom+xml" } as const;

/** The size of the picture shown when a page is shared: what social sites draw a link's card at. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** A picture shown when a page is shared (SHARE_IMAGE's size), and what it shows. */
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
   * The inlined stylesheet, only the components the page uses, so the first paint needs nothing but the HTML. The
   * headline is set to a measure that keeps its lines when the headings' face arrives.
   */
  css: (classes: ReadonlySet<string>, headline?: string) => string;
  /** The loader (src/client/loader.ts), inlined: it starts React and the islands only when needed. */
  script: string;
  /** The page's background colour (tokens.css), for the browser's own chrome. */
  themeColor: string;
  appleTouchIcon: string;
  /** Linked in <head> only under a base path, where /favicon.ico is another site's; else it comes after paint. */
  icon: LaterLink | null;
  /** Added after paint: Lighthouse counts each request before the largest paint as one that paint waited for. */
  afterPaint: readonly LaterLink[];
  shareImage: { path: string; width: number; height: number };
}

/** Filled in by scripts/static-build/security.ts from the hashes of the finished pages' inline scripts and styles. */
export const CSP_PLACEHOLDER = "{{content-security-policy}}";

/** Stands in for a page's stylesheet while it renders: the build inlines the styles the finished page uses. */
export const STYLE_PLACEHOLDER = "{{page-styles}}";

/** How long a page's meta description may be: search results cut a longer one, and a shorter one says too little. */
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/** On the last element a first screen shows: the bytes up to it must fit the first round trip (page-budget.ts). */
export const FOLD = "data-fold";
