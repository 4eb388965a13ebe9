import { describe, expect, it } from "vitest";
import { binaural } from "./analyse";
import { carrierUnder, isochronic, pad, pinkNoise, render, sine, voice, type Signal } from "./corpus";

const RATE = 16_000;
const SECONDS = 20;

/** Left and right carriers `depthDb` under a bed both ears share, measured. */
function under(bed: () => Signal, depthDb: number, left: number, right: number, rate = RATE) {
  const amplitude = carrierUnder(bed, rate, depthDb);
  return binaural(render({ rate, seconds: SECONDS, both: [bed()], left: [sine(rate, left, amplitude)], right: [sine(rate, right, amplitude)] }));
}

describe("#19 carriers are found by what differs between the ears", () => {
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
      render({ rate: RATE, seconds: SECONDS, both: [pad(RATE, 0.3)], left: [sine(RATE, 150, amplitude), sine(RATE, 400, amplitude / 2)], right: [sine(RATE, 156, amplitude), sine(RATE, 440, amplitude / 2)] }),
    );
    expect(beats).toHaveLength(2);
    expect(beats[0]!.hz).toBeCloseTo(6, 1);
    expect(beats[1]!.hz).toBeCloseTo(40, 1);
  });

  it("pairs each carrier with its nearest in the other ear, not with a louder stereo partial further off", () => {
    // A wide pad: different partials in each ear, 30 to 35 Hz apart and louder than the carriers.
    const bed = { left: pad(RATE, 0.3, [130.81, 196, 329.63]), right: pad(RATE, 0.3, [164.81, 261.63, 392]) };
    const amplitude = carrierUnder(() => bed.left, RATE, 15);
    const { beats } = binaural(render({ rate: RATE, seconds: SECONDS, left: [bed.left, sine(RATE, 220, amplitude)], right: [bed.right, sine(RATE, 226, amplitude)] }));
    expect(beats).toHaveLength(1);
    expect(beats[0]!.hz).toBeCloseTo(6, 1);
  });

  it.each([
    ["music alone", { both: [pad(RATE, 0.3), pinkNoise(0.05)] }],
    ["music with a stereo noise bed (the ears differ, but hold no tone of their own)", { both: [pad(RATE, 0.3)], left: [pinkNoise(0.05, 1)], right: [pinkNoise(0.05, 2)] }],
    ["an isochronic pulse", { both: [isochronic(RATE, 200, 10, 0.3)] }],
    ["a monaural beat (both tones in both ears)", { both: [sine(RATE, 200, 0.2), sine(RATE, 210, 0.2)] }],
  ])("finds no carrier in %s", (_, layers) => {
    expect(binaural(render({ rate: RATE, seconds: SECONDS, ...layers }))).toEqual({ carriers: [], beats: [] });
  });
});
