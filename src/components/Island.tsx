import { createContext, use } from "react";
import type { IslandName, IslandProps } from "../islands/registry";
import { scriptJson } from "../lib/script-json";

export interface PlacedIsland {
  id: string;
  name: IslandName;
  props: object;
}

/** Collects the islands of the page being rendered; scripts/static-build/render.tsx provides it. */
export const PlacedIslands = createContext<PlacedIsland[] | null>(null);

/** What an island's element holds until the build puts the island's own HTML there. */
export const islandPlaceholder = (id: string) => `<!--island:${id}-->`;

const kebab = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();

/**
 * An interactive part of the page (see src/islands/registry.ts). The page itself is static markup, which React
 * cannot hydrate, and a render cannot start another inside itself: so this leaves a slot, and the build fills it
 * afterwards with the island rendered on its own, in a form React can hydrate, with the same props it sends.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const placed = use(PlacedIslands);
  if (!placed)
    throw new Error(
      `<Island name="${name}"> can only be rendered by the build's page render (scripts/static-build/render.tsx)`,
    );
  const id = `${kebab(name)}-${placed.filter((p) => p.name === name).length + 1}`;
  placed.push({ id, name, props });
  return (
    <>
      <div id={id} data-island={name} dangerouslySetInnerHTML={{ __html: islandPlaceholder(id) }} />
      <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
    </>
  );
}
