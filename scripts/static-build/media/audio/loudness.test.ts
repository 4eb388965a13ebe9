import { describe, expect, it } from "vitest";
import { integratedLoudness, kWeightingFilters, truePeak } from "./loudness";
import type { Pcm } from "./pcm";

const RATE = 48_000;

/** A stereo 1 kHz sine in stretches of (dBFS peak, seconds), as EBU Tech 3341's test signals are made. */
function stereoSine(parts: [dbfs: number, seconds: number][], hz = 1000, sampleRate = RATE): Pcm {
  const total = parts.reduce((n, [, s]) => n + Math.round(s * sampleRate), 0);
  const channel = new Float32Array(total);
  let i = 0;
  for (const [dbfs, s] of parts) {
    const amplitude = 10 ** (dbfs / 20);
    for (const end = i + Math.round(s * sampleRate); i < end; i++)
      channel[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  }
  return { sampleRate, channels: [channel, channel.slice()] };
}

describe("the loudness meter, against ITU-R BS.1770-4 and EBU Tech 3341", () => {
  it("uses the recommendation's own K-weighting coefficients at 48 kHz", () => {
    const { shelf, highPass } = kWeightingFilters(48_000);
    const close = (actual: number[], expected: number[]) =>
      actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 8));
    close(shelf.b, [1.53512485958697, -2.69169618940638, 1.19839281085285]);
    close(shelf.a, [-1.69065929318241, 0.73248077421585]);
    close(highPass.b, [1, -2, 1]);
    close(highPass.a, [-1.99004745483398, 0.99007225036621]);
  });

  it.each([
    ["case 1: a stereo 1 kHz sine at -23 dBFS, 20 s", [[-23, 20]], -23],
    ["case 2: a stereo 1 kHz sine at -33 dBFS, 20 s", [[-33, 20]], -33],
    [
      "case 3: -36, -23, -36 dBFS for 10, 60, 10 s (the relative gate)",
      [
        [-36, 10],
        [-23, 60],
        [-36, 10],
      ],
      -23,
    ],
    [
      "case 4: -72, -36, -23, -36, -72 dBFS (both gates)",
      [
        [-72, 10],
        [-36, 10],
        [-23, 60],
        [-36, 10],
        [-72, 10],
      ],
      -23,
    ],
    [
      "case 5: -26, -20, -26 dBFS for 20, 20.1, 20 s",
      [
        [-26, 20],
        [-20, 20.1],
        [-26, 20],
      ],
      -23,
    ],
  ] as [string, [number, number][], number][])(
    "Tech 3341 %s reads its integrated loudness within 0.1 LU",
    (_, parts, expected) => {
      expect(Math.abs(integratedLoudness(stereoSine(parts)) - expected)).toBeLessThanOrEqual(0.1);
    },
  );

  it("reads the same loudness at 44.1 kHz, the rate previews are made at", () => {
    expect(Math.abs(integratedLoudness(stereoSine([[-23, 20]], 1000, 44_100)) + 23)).toBeLessThanOrEqual(0.1);
  });

  it("reads silence as no loudness at all", () => {
    expect(integratedLoudness({ sampleRate: RATE, channels: [new Float32Array(RATE), new Float32Array(RATE)] })).toBe(
      -Infinity,
    );
  });

  it("finds a true peak between samples: a full-scale sine at a quarter of the rate, its samples 3 dB under its crests", () => {
    const n = RATE * 2;
    const channel = Float32Array.from({ length: n }, (_, i) => Math.sin((Math.PI / 2) * i + Math.PI / 4));
    const pcm = { sampleRate: RATE, channels: [channel, channel] };
    expect(20 * Math.log10(Math.max(...channel.map(Math.abs)))).toBeCloseTo(-3.01, 1);
    // Tech 3341's tolerance for true peak: +0.2 / -0.4 dB.
    const reading = truePeak(pcm);
    expect(reading).toBeGreaterThanOrEqual(-0.4);
    expect(reading).toBeLessThanOrEqual(0.2);
  });
});
