/** Where an island's server-rendered props travel to the browser: a JSON block beside its markup. */
export const propsElementId = (islandId: string) => `${islandId}-props`;
