// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { islandHtml } from "../../scripts/static-build/render";
import { hydrateIsland } from "../client/hydrate";
import { CopyAddress, type CopyAddressProps } from "./CopyAddress";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROPS: CopyAddressProps = {
  address: "studio@example.org",
  labels: { copy: "Copy it", copied: "Done", failed: "Select it yourself" },
};

async function mounted() {
  document.body.innerHTML = `<div id="copy-address-1" data-island="CopyAddress">${islandHtml(CopyAddress, PROPS, "copy-address-1")}</div><script type="application/json">${JSON.stringify(PROPS)}</script>`;
  await act(async () => {
    void hydrateIsland(document.getElementById("copy-address-1")!, CopyAddress);
  });
  return { button: document.querySelector("button")!, said: document.querySelector('[role="status"]')! };
}

describe("CopyAddress", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("copies the address and says so in its live status, then falls quiet", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const { button, said } = await mounted();
    expect(button.textContent).toBe("Copy it");
    expect(said.textContent).toBe("");
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith("studio@example.org");
    expect(said.textContent).toBe("Done");
    await act(async () => vi.advanceTimersByTime(5000));
    expect(said.textContent).toBe("");
  });

  it("says when it could not copy, rather than claiming it did", async () => {
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(
      new DOMException("Write permission denied.", "NotAllowedError"),
    );
    Object.assign(document, { execCommand: () => false });
    const { button, said } = await mounted();
    await act(async () => button.click());
    expect(said.textContent).toBe("Select it yourself");
  });
});
