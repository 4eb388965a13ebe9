/** The oldest browsers the site's JavaScript and CSS are compiled for: the first with everything both use. */
const BROWSERS = { chrome: [111, 0], firefox: [113, 0], safari: [16, 4] } as const;

/** As esbuild takes them: "chrome111", "safari16.4". */
export const esbuildTargets = Object.entries(BROWSERS).map(
  ([name, [major, minor]]) => `${name}${major}${minor ? `.${minor}` : ""}`,
);

/** As lightningcss takes them: a version packed into one number per browser, iOS Safari as Safari. */
const packed = ([major, minor]: readonly [number, number]) => (major << 16) | (minor << 8);
export const lightningcssTargets = {
  chrome: packed(BROWSERS.chrome),
  firefox: packed(BROWSERS.firefox),
  safari: packed(BROWSERS.safari),
  ios_saf: packed(BROWSERS.safari),
};
