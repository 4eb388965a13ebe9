// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { islandHtml } from "../../scripts/static-build/render";
import { hydrateIsland } from "../client/hydrate";
import { sample } from "../content/sample";
import { SamplePlayer } from "./SamplePlayer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("SamplePlayer", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error");
  });
  afterEach(() => consoleError.mockRestore());

  it("hydrates its server HTML with no recoverable error and no console error, and is live", async () => {
    document.body.innerHTML = `<div id="sample-player-1" data-island="SamplePlayer">${islandHtml(SamplePlayer, { sample }, "sample-player-1")}</div><script type="application/json">${JSON.stringify({ sample })}</script>`;
    const recoverable: unknown[] = [];
    await act(async () => {
      void hydrateIsland(document.getElementById("sample-player-1")!, SamplePlayer, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(document.getElementById("sample-player-1")!.hasAttribute("data-hydrated")).toBe(true);
    expect(document.querySelector(".sample .player__play")!.textContent).toBe("Play a sample");
    expect(document.querySelector<HTMLInputElement>(".sample .player__volume input")!.value).toBe(
      String(sample.startVolume),
    );
  });

  it('says the volume with its unit, as it changes: "25 percent"', async () => {
    document.body.innerHTML = `<div id="sample-player-1" data-island="SamplePlayer">${islandHtml(SamplePlayer, { sample }, "sample-player-1")}</div><script type="application/json">${JSON.stringify({ sample })}</script>`;
    await act(async () => {
      void hydrateIsland(document.getElementById("sample-player-1")!, SamplePlayer);
    });
    const slider = document.querySelector<HTMLInputElement>(".sample .player__volume input")!;
    expect(slider.getAttribute("aria-valuetext")).toBe(`${sample.startVolume} percent`);
    await act(async () => {
      // As a browser changes a range input: the value, then an input event React hears as a change.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(slider, "40");
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(slider.getAttribute("aria-valuetext")).toBe("40 percent");
  });
});
