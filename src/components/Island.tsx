import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { propsElementId } from "../islands/props";
import { scriptJson } from "../lib/script-json";

export interface RenderedIsland {
  id: string;
  html: string;
  props: string;
}

/**
 * Renders an interactive component in the form hydrateRoot accepts (renderToString, not
 * renderToStaticMarkup) and keeps its props for the browser. Done before the page render, because a
 * React render must not start another one inside itself.
 */
export function renderIsland<P extends object>(id: string, Component: ComponentType<P>, props: P): RenderedIsland {
  return {
    id,
    html: renderToString(<Component {...props} />, { identifierPrefix: id }),
    props: scriptJson(props),
  };
}

export function IslandMarkup({ island }: { island: RenderedIsland }) {
  return (
    <>
      <div id={island.id} data-island="" dangerouslySetInnerHTML={{ __html: island.html }} />
      <script
        type="application/json"
        id={propsElementId(island.id)}
        dangerouslySetInnerHTML={{ __html: island.props }}
      />
    </>
  );
}
