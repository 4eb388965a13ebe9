// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { volumeToGain } from "../audio/graph";
import { hydrateIsland } from "../client/hydrate";
import { renderIsland } from "../components/Island";
import { sample } from "../content/sample";
import { ISLAND_IDS } from "./props";
import { SamplePlayer } from "./SamplePlayer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("SamplePlayer", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error");
  });
  afterEach(() => consoleError.mockRestore());

  it("hydrates its server HTML with no recoverable error and no console error", async () => {
    const island = renderIsland(ISLAND_IDS.sample, SamplePlayer, { sample });
    document.body.innerHTML = `<div id="${island.id}">${island.html}</div><script type="application/json" id="${island.id}-props">${island.props}</script>`;
    const recoverable: unknown[] = [];
    await act(async () => {
      void hydrateIsland(ISLAND_IDS.sample, SamplePlayer, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(document.querySelector(".sample__play")!.textContent).toBe("Play a sample");
  });

  it("renders the start volume low, and maps the slider to a gain well below full scale", () => {
    expect(volumeToGain(sample.startVolume)).toBeLessThan(0.05);
    expect(volumeToGain(100)).toBeLessThanOrEqual(0.4);
    expect(volumeToGain(0)).toBe(0);
    expect(volumeToGain(150)).toBe(volumeToGain(100));
  });
});
