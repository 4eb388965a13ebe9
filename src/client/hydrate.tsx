import type { ComponentType } from "react";
import { hydrateRoot, type HydrationOptions } from "react-dom/client";
import { propsElementId } from "../islands/props";

/** Takes over the server HTML of one island with the props it was rendered with. */
export function hydrateIsland<P extends object>(
  id: string,
  Component: ComponentType<P>,
  options: Pick<HydrationOptions, "onRecoverableError"> = {},
): boolean {
  const container = document.getElementById(id);
  const propsElement = document.getElementById(propsElementId(id));
  if (!container || !propsElement) return false;
  const props = JSON.parse(propsElement.textContent ?? "{}") as P;
  hydrateRoot(container, <Component {...props} />, { identifierPrefix: id, ...options });
  return true;
}
