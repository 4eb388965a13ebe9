/** Where an island's server-rendered props travel to the browser: a JSON block beside its markup. */
export const propsElementId = (islandId: string) => `${islandId}-props`;

/** JSON that is safe inside <script>: no "</script>", no "<!--", no line separators that break old parsers. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
