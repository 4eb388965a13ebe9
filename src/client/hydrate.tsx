import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type HydrationOptions } from "react-dom/client";
import { propsElementId } from "../islands/props";

/** Renders no element of its own, so the server HTML still matches; tells us when the island is mounted. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(onMount, [onMount]);
  return children;
}

/**
 * Takes over the server HTML of one island with the props it was rendered with. Resolves when the island
 * is live (hydrated and its effects run); false if the page has no such island.
 */
export function hydrateIsland<P extends object>(
  id: string,
  Component: ComponentType<P>,
  options: Pick<HydrationOptions, "onRecoverableError"> = {},
): Promise<boolean> {
  const container = document.getElementById(id);
  const propsElement = document.getElementById(propsElementId(id));
  if (!container || !propsElement) return Promise.resolve(false);
  const props = JSON.parse(propsElement.textContent ?? "{}") as P;
  return new Promise((resolve) => {
    const onMount = () => resolve(true);
    // From here React owns this island's events (and replays those that come before it is done); the
    // loader stops collecting early clicks for it.
    container.setAttribute("data-hydrating", "");
    hydrateRoot(
      container,
      <Mounted onMount={onMount}>
        <Component {...props} />
      </Mounted>,
      { identifierPrefix: id, ...options },
    );
  });
}
