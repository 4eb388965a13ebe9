import type { ComponentProps, ComponentType } from "react";

/** Every interactive part of the site, by the name of its module here and of the component that module exports. */
export const islands = {
  SiteHeader: () => import("./SiteHeader"),
  SamplePlayer: () => import("./SamplePlayer"),
  PreviewPlayer: () => import("./PreviewPlayer"),
  CopyAddress: () => import("./CopyAddress"),
};

/** Each module exports its island's component by the island's name: checked with the types, not in a visitor's browser. */
type ExportsItsName<T> = { [Name in keyof T & string]: () => Promise<Record<Name, ComponentType<never>>> };
type Checked<T extends ExportsItsName<T>> = T;
export type CheckedIslands = Checked<typeof islands>;

export type IslandName = keyof typeof islands;
type IslandModule<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]>>;
type IslandComponent<N extends IslandName> = N extends keyof IslandModule<N> ? IslandModule<N>[N] : never;
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

/** An island's component, from its module (the browser fetches the chunk on the first call). */
export async function loadIsland<N extends IslandName>(name: N): Promise<ComponentType<IslandProps<N>>> {
  const module = (await islands[name]()) as Record<string, unknown>;
  return module[name] as ComponentType<IslandProps<N>>;
}

/**
 * From the JSON block right after the island's element (render.test.ts checks it on every page): not checked again
 * here, where each byte is every page's.
 */
export const readIslandProps = <P = Record<string, unknown>>(element: Element): P =>
  JSON.parse(element.nextElementSibling!.textContent!) as P;
