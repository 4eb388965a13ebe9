import { describe, expect, it } from "vitest";
import { keptSeek, LANDED_WITHIN_SECONDS } from "./playback";

const at = (currentTime: number, duration = 30, seeking = false) => ({ currentTime, duration, seeking });

describe("#26 the preview player's decisions", () => {
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
