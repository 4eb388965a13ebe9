import { describe, expect, it, vi } from "vitest";
import { askHost, keptSeek, LANDED_WITHIN_SECONDS, type SourceState } from "./playback";

const at = (currentTime: number, duration = 30, seeking = false) => ({ currentTime, duration, seeking });

describe("the preview player's decisions", () => {
  it("keeps a seek made before Play, and applies it only once the host has answered and playback has begun", () => {
    expect(keptSeek({ seekable: false, wanted: 12 }, at(0))).toBeUndefined();
    // The host has answered, but the element is still starting (WebKitGTK stalls on a seek then).
    expect(keptSeek({ seekable: true, started: false, wanted: 12 }, at(0))).toBeUndefined();
    expect(keptSeek({ seekable: true, started: true, wanted: 12 }, at(0))).toBe(true);
  });

  it("asks again until the element reports itself where it was sent, then forgets the seek", () => {
    const state = { seekable: true, started: true, wanted: 12 };
    expect(keptSeek(state, at(0.4))).toBe(true);
    expect(keptSeek(state, at(12, 30, true))).toBeUndefined();
    expect(keptSeek(state, at(12 + LANDED_WITHIN_SECONDS / 2))).toBe(false);
    expect(keptSeek({ ...state, wanted: undefined }, at(0))).toBeUndefined();
  });

  it("waits while the element knows the file to be shorter than the seek (a held file's length grows as it plays)", () => {
    const state = { seekable: true, started: true, wanted: 20 };
    expect(keptSeek(state, at(1, Number.NaN))).toBeUndefined();
    expect(keptSeek(state, at(1, 8))).toBeUndefined();
    expect(keptSeek(state, at(1, 20))).toBeUndefined();
    expect(keptSeek(state, at(1, 21))).toBe(true);
  });
});

/** An audio element as askHost sees it: it reports its length once a source is set and loaded. */
function fakeElement({ paused = false, currentTime = 0, duration = 45, refuses = false } = {}) {
  const events = new EventTarget();
  const element = {
    currentSrc: "/assets/preview.mp3",
    paused,
    error: null,
    preload: "none",
    src: "/assets/preview.mp3",
    seeking: false,
    duration: Number.NaN,
    currentTime,
    plays: 0,
    /** Plays, or is refused as a browser refuses a play it does not allow. */
    play: async () => {
      if (refuses) throw new Error("NotAllowedError");
      element.plays++;
    },
    addEventListener: events.addEventListener.bind(events),
    /** The held file's length becomes known. */
    load: () => {
      element.duration = duration;
      events.dispatchEvent(new Event("loadedmetadata"));
    },
  };
  return element;
}
const answering =
  (response: () => Response): typeof fetch =>
  async () =>
    response();
const WHOLE_FILE = () => new Response(new Uint8Array(1000), { status: 200 });
/** askHost for a fake element, from a host that answers with `get`. */
const ask = (element: ReturnType<typeof fakeElement>, state: SourceState, get: typeof fetch, refused = () => {}) =>
  askHost(element as never, element.src, state, refused, get);

describe("asking the host whether it serves ranges", () => {
  it("a host that answers with one byte leaves the element as it was, and the file can be seeked", async () => {
    const element = fakeElement();
    const state = { seekable: false };
    await ask(
      element,
      state,
      answering(() => new Response("x", { status: 206 })),
    );
    expect(state).toEqual({ seekable: true });
    expect(element.src).toBe("/assets/preview.mp3");
  });

  it("a host that sends the whole file: played from memory, from where it was (or was asked to be), resumed", async () => {
    for (const [wanted, expected] of [
      [undefined, 12],
      [30, 30],
    ] as const) {
      const element = fakeElement({ currentTime: 12 });
      const state: SourceState = { seekable: false, wanted };
      const asked = ask(element, state, answering(WHOLE_FILE));
      await vi.waitUntil(() => element.src.startsWith("blob:"));
      expect([element.preload, state.swapping, state.held]).toEqual(["auto", true, element.src]);
      element.load();
      await asked;
      expect([element.currentTime, element.plays, state.swapping, state.seekable]).toEqual([expected, 1, false, true]);
      URL.revokeObjectURL(state.held!);
    }
  });

  it("a pause during the swap is kept: the held file is not played", async () => {
    const element = fakeElement({ currentTime: 12 });
    const state: SourceState = { seekable: false };
    const asked = ask(element, state, answering(WHOLE_FILE));
    await vi.waitUntil(() => state.swapping);
    state.swapping = false;
    element.load();
    await asked;
    expect(element.plays).toBe(0);
    URL.revokeObjectURL(state.held!);
  });

  it("a paused preview stays paused, and a refused play is reported", async () => {
    const paused = fakeElement({ paused: true });
    const pausedState: SourceState = { seekable: false };
    const first = ask(paused, pausedState, answering(WHOLE_FILE));
    await vi.waitUntil(() => pausedState.swapping);
    paused.load();
    await first;
    expect(paused.plays).toBe(0);

    const refusing = fakeElement({ refuses: true });
    const state: SourceState = { seekable: false };
    let refused = false;
    const second = ask(refusing, state, answering(WHOLE_FILE), () => (refused = true));
    await vi.waitUntil(() => state.swapping);
    refusing.load();
    await second;
    expect(refused).toBe(true);
    for (const held of [pausedState.held, state.held]) URL.revokeObjectURL(held!);
  });

  it("offline, the element is left to do what it can, and a seek is no longer held back", async () => {
    const element = fakeElement();
    const state = { seekable: false };
    await ask(element, state, async () => Promise.reject(new TypeError("offline")));
    expect(state.seekable).toBe(true);
    expect(element.src).toBe("/assets/preview.mp3");
  });
});
