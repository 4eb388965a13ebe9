import type { ComponentProps, ComponentType } from "react";

/**
 * Every interactive part of the site, listed once. The key is the island's name: the name of its module in
 * this folder and of the component that module exports. A page places one with <Island name={…} props={…} />;
 * the build renders it in a form React can hydrate and bundles it as a chunk of its own (React shared); the
 * loader preloads the chunks of the islands a page has, and the browser hydrates each with its props.
 */
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
export type IslandComponent<N extends IslandName> = N extends keyof IslandModule<N> ? IslandModule<N>[N] : never;
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

/** An island's component, from its module (the browser fetches the chunk on the first call). */
export async function loadIsland<N extends IslandName>(name: N): Promise<ComponentType<IslandProps<N>>> {
  const module = (await islands[name]()) as Record<string, unknown>;
  return module[name] as ComponentType<IslandProps<N>>;
}

/**
 * An island's props, from the JSON block the build puts right after its element (src/components/Island.tsx, which
 * render.test.ts checks on every page): not checked again here, where each byte is every page's.
 */
export const readIslandProps = <P = Record<string, unknown>>(element: Element): P =>
  JSON.parse(element.nextElementSibling!.textContent!) as P;
