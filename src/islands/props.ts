/** The element ids islands are rendered into: one place, shared by the build and the browser. */
export const ISLAND_IDS = { header: "site-header", sample: "sample-player" } as const;

/** Where an island's server-rendered props travel to the browser: a JSON block beside its markup. */
export const propsElementId = (islandId: string) => `${islandId}-props`;
