import { describe, expect, it } from "vitest";
import { binaural, steadyPulse } from "./analyse";
import {
  carrierUnder,
  isochronic,
  pad,
  panned,
  pinkNoise,
  rain,
  render,
  sine,
  voice,
  type Signal,
} from "../../../test/audio-corpus";

const RATE = 16_000;
const SECONDS = 20;

/** Left and right carriers `depthDb` under a bed both ears share, measured. */
function under(bed: () => Signal, depthDb: number, left: number, right: number, rate = RATE) {
  const amplitude = carrierUnder(bed, rate, depthDb);
  return binaural(
    render({
      rate,
      seconds: SECONDS,
      both: [bed()],
      left: [sine(rate, left, amplitude)],
      right: [sine(rate, right, amplitude)],
    }),
  );
}

describe("carriers are found by what differs between the ears", () => {
  // The bed's loudest partial (131 Hz) is 30 dB over the carriers and sits in both ears: taking each ear's loudest
  // tone, as the first analysis did, finds it on both sides and hears no beat at all.
  it.each([
    ["a tonal pad, 30 dB over the carriers", () => pad(RATE, 0.3), 200, 210],
    ["a pad whose partial sits 4 Hz from a carrier", () => pad(RATE, 0.3, [196, 246.94, 293.66]), 200, 210],
    ["pink noise, 30 dB over the carriers", () => pinkNoise(0.3), 200, 210],
    ["a voice whose harmonics sweep through the carriers", () => voice(RATE, 0.3), 200, 210],
    ["a pad, under a Delta field's low carriers", () => pad(RATE, 0.3), 100, 102],
  ])("under %s, the beat measures within 0.1 Hz of the truth", (_, bed, left, right) => {
    const { beats } = under(bed, 30, left, right);
    expect(beats).toHaveLength(1);
    expect(beats[0]!.hz).toBeCloseTo(right - left, 1);
    expect(Math.abs(beats[0]!.leftHz - left)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(beats[0]!.rightHz - right)).toBeLessThanOrEqual(0.1);
  });

  it("measures every beat of a layered field: a 6 Hz pair and a 40 Hz pair under one pad", () => {
    const amplitude = carrierUnder(() => pad(RATE, 0.3), RATE, 25);
    const { beats } = binaural(
      render({
        rate: RATE,
        seconds: SECONDS,
        both: [pad(RATE, 0.3)],
        left: [sine(RATE, 150, amplitude), sine(RATE, 400, amplitude / 2)],
        right: [sine(RATE, 156, amplitude), sine(RATE, 440, amplitude / 2)],
      }),
    );
    expect(beats).toHaveLength(2);
    expect(beats[0]!.hz).toBeCloseTo(6, 1);
    expect(beats[1]!.hz).toBeCloseTo(40, 1);
  });

  it("pairs each carrier with its nearest in the other ear, not with a louder stereo partial further off", () => {
    // A wide pad: different partials in each ear, 30 to 35 Hz apart and louder than the carriers.
    const bed = { left: pad(RATE, 0.3, [130.81, 196, 329.63]), right: pad(RATE, 0.3, [164.81, 261.63, 392]) };
    const amplitude = carrierUnder(() => bed.left, RATE, 15);
    const { beats } = binaural(
      render({
        rate: RATE,
        seconds: SECONDS,
        left: [bed.left, sine(RATE, 220, amplitude)],
        right: [bed.right, sine(RATE, 226, amplitude)],
      }),
    );
    expect(beats).toHaveLength(1);
    expect(beats[0]!.hz).toBeCloseTo(6, 1);
  });

  it.each([
    ["music alone", { both: [pad(RATE, 0.3), pinkNoise(0.05)] }],
    [
      "music with a stereo noise bed (the ears differ, but hold no tone of their own)",
      { both: [pad(RATE, 0.3)], left: [pinkNoise(0.05, 1)], right: [pinkNoise(0.05, 2)] },
    ],
    ["an isochronic pulse", { both: [isochronic(RATE, 200, 10, 0.3)] }],
    ["a monaural beat (both tones in both ears)", { both: [sine(RATE, 200, 0.2), sine(RATE, 210, 0.2)] }],
  ])("finds no carrier in %s", (_, layers) => {
    expect(binaural(render({ rate: RATE, seconds: SECONDS, ...layers }))).toEqual({ carriers: [], beats: [] });
  });
});

describe("carriers under a bed that differs between the ears, as real fields are mixed", () => {
  // Each ear's bed is its own: the difference between the ears no longer cancels it, and carriers must stand out of
  // it by being steady tones. The depth is under the left ear's whole bed, as carrierUnder measures a shared one.
  type Bed = () => { both?: Signal[]; left: Signal[]; right: Signal[] };
  const stereo: Record<string, Bed> = {
    "stereo rain (a different rain in each ear)": () => ({ left: [rain(RATE, 0.3, 1)], right: [rain(RATE, 0.3, 2)] }),
    "a pad over pink noise decorrelated per ear": () => ({
      both: [pad(RATE, 0.3)],
      left: [pinkNoise(0.1, 3)],
      right: [pinkNoise(0.1, 4)],
    }),
    "a wide pad (different partials in each ear) over decorrelated noise": () => ({
      left: [pad(RATE, 0.3, [130.81, 196, 329.63]), pinkNoise(0.05, 5)],
      right: [pad(RATE, 0.3, [164.81, 261.63, 392]), pinkNoise(0.05, 6)],
    }),
    "a voice panned off-centre over a pad": () => {
      const voiced = panned(() => voice(RATE, 0.3), 0.4);
      return { both: [pad(RATE, 0.2)], left: [voiced.left], right: [voiced.right] };
    },
    "pink noise alone, a different noise in each ear": () => ({
      left: [pinkNoise(0.3, 7)],
      right: [pinkNoise(0.3, 8)],
    }),
  };
  // Noise alone, different in each ear, is the hardest bed of all: over the whole band, its share near a carrier is
  // far greater than a rain's or a mix's. 20 s of it hides a steady tone 22 dB under it or deeper.
  const deepest = (name: string) => (name.startsWith("pink noise alone") ? 20 : 30);

  it.each(Object.keys(stereo))("under %s, carriers 10 dB to the deepest under are each found within 0.1 Hz", (name) => {
    for (const depth of [10, 20, deepest(name)]) {
      const ears = stereo[name]!();
      const amplitude = carrierUnder(() => mixed(...(ears.both ?? []), ...stereo[name]!().left), RATE, depth);
      const { beats } = binaural(
        render({
          rate: RATE,
          seconds: SECONDS,
          both: ears.both,
          left: [...ears.left, sine(RATE, 200, amplitude)],
          right: [...ears.right, sine(RATE, 210, amplitude)],
        }),
      );
      const beat = beats.find((b) => Math.abs(b.leftHz - 200) <= 0.1);
      expect(beat, `${depth} dB: ${JSON.stringify(beats)}`).toBeDefined();
      expect(Math.abs(beat!.rightHz - 210)).toBeLessThanOrEqual(0.1);
    }
  });

  it.each([
    "stereo rain (a different rain in each ear)",
    "pink noise alone, a different noise in each ear",
    "a voice panned off-centre over a pad",
  ])("finds no beat in %s alone", (name) => {
    expect(binaural(render({ rate: RATE, seconds: SECONDS, ...stereo[name]!() })).beats).toEqual([]);
  });
});

/** Signals played together. */
const mixed =
  (...signals: Signal[]): Signal =>
  (i) =>
    signals.reduce((s, f) => s + f(i), 0);

describe("a steady pulse both ears hear: what a field with no binaural beat plays", () => {
  it.each([
    ["an isochronic pulse", { both: [isochronic(RATE, 200, 10, 0.3)] }, 10],
    ["an isochronic pulse under a pad", { both: [pad(RATE, 0.2), isochronic(RATE, 220, 4.5, 0.3)] }, 4.5],
    ["a monaural beat (both tones in both ears)", { both: [sine(RATE, 200, 0.2), sine(RATE, 206.5, 0.2)] }, 6.5],
  ])("finds %s, at its rate", (_, layers, hz) => {
    expect(steadyPulse(render({ rate: RATE, seconds: SECONDS, ...layers }))).toBeCloseTo(hz, 1);
  });

  it.each([
    ["music alone", { both: [pad(RATE, 0.3), pinkNoise(0.05)] }],
    ["a binaural beat (each ear steady)", { left: [sine(RATE, 200, 0.3)], right: [sine(RATE, 210, 0.3)] }],
  ])("finds none in %s", (_, layers) => {
    expect(steadyPulse(render({ rate: RATE, seconds: SECONDS, ...layers }))).toBeUndefined();
  });
});
