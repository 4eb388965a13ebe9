import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type HydrationOptions } from "react-dom/client";
import { readIslandProps } from "../islands/registry";

/** Renders no element of its own, so the server HTML still matches; tells us when the island is mounted. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(onMount, [onMount]);
  return children;
}

/** Resolves once the island is live (hydrated, its effects run), marking it `data-hydrated` for tests and tools. */
export function hydrateIsland<P extends object>(
  container: HTMLElement,
  Component: ComponentType<P>,
  options: Pick<HydrationOptions, "onRecoverableError"> = {},
): Promise<void> {
  const props = readIslandProps<P>(container);
  return new Promise((resolve) => {
    const onMount = () => {
      container.setAttribute("data-hydrated", "");
      resolve();
    };
    // From here React owns this island's events (and replays those that come before it is done); the
    // loader stops collecting early clicks for it.
    container.setAttribute("data-hydrating", "");
    hydrateRoot(
      container,
      <Mounted onMount={onMount}>
        <Component {...props} />
      </Mounted>,
      { identifierPrefix: container.id, ...options },
    );
  });
}
