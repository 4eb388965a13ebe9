import type { Pcm } from "./pcm";

/** BS.1770-4's K-weighting for any sample rate, as libebur128 computes it; at 48 kHz, the recommendation's own. */
export function kWeightingFilters(sampleRate: number) {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0] };
  return { shelf, highPass };
}

interface Biquad {
  b: [number, number, number];
  /** a1 and a2 (a0 is 1). */
  a: [number, number];
}

const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/** In LUFS (-Infinity for silence). Summed per 100 ms step, so the meter holds no copy of the audio. */
export function integratedLoudness(pcm: Pcm): number {
  const { shelf, highPass } = kWeightingFilters(pcm.sampleRate);
  const step = Math.round(0.1 * pcm.sampleRate);
  const length = pcm.channels[0]?.length ?? 0;
  const steps = new Float64Array(Math.floor(length / step));
  for (const channel of pcm.channels) {
    const [b0, b1, b2] = shelf.b;
    const [a1, a2] = shelf.a;
    const [c0, c1, c2] = highPass.b;
    const [d1, d2] = highPass.a;
    let x1 = 0,
      x2 = 0,
      y1 = 0,
      y2 = 0,
      z1 = 0,
      z2 = 0;
    for (let s = 0, i = 0; s < steps.length; s++) {
      let sum = 0;
      for (const end = i + step; i < end; i++) {
        const x = channel[i]!;
        const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        const z = c0 * y + c1 * y1 + c2 * y2 - d1 * z1 - d2 * z2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        z2 = z1;
        z1 = z;
        sum += z * z;
      }
      steps[s]! += sum;
    }
  }
  // 400 ms blocks overlapping by 75 %: four steps each, one step apart.
  const blocks: number[] = [];
  for (let s = 0; s + 4 <= steps.length; s++)
    blocks.push((steps[s]! + steps[s + 1]! + steps[s + 2]! + steps[s + 3]!) / (4 * step));
  const overAbsolute = blocks.filter((z) => toLufs(z) > -70);
  if (overAbsolute.length === 0) return -Infinity;
  const relativeGate = toLufs(overAbsolute.reduce((s, z) => s + z, 0) / overAbsolute.length) - 10;
  const gated = overAbsolute.filter((z) => toLufs(z) > relativeGate);
  return toLufs(gated.reduce((s, z) => s + z, 0) / gated.length);
}

// BS.1770-4 Annex 2 asks for at least 4x below 96 kHz.
const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 12;
const PHASES: Float64Array[] = (() => {
  const taps = OVERSAMPLE * TAPS_PER_PHASE;
  const centre = (taps - 1) / 2;
  const h = Array.from({ length: taps }, (_, n) => {
    const x = (n - centre) / OVERSAMPLE;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const window =
      0.42 - 0.5 * Math.cos((2 * Math.PI * n) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * n) / (taps - 1));
    return sinc * window;
  });
  return Array.from({ length: OVERSAMPLE }, (_, p) => {
    const phase = Float64Array.from({ length: TAPS_PER_PHASE }, (_, k) => h[k * OVERSAMPLE + p]!);
    const sum = phase.reduce((s, v) => s + v, 0);
    return phase.map((v) => v / sum);
  });
})();

/** The most any phase can make of samples no larger than 1: how far the interpolation can rise over them. */
const GAIN_BOUND = Math.max(...PHASES.map((phase) => phase.reduce((s, v) => s + Math.abs(v), 0)));
const BLOCK = 256;

/** In dBTP. A stretch that, times GAIN_BOUND, cannot pass the peak so far is skipped: exact, and faster on music. */
export function truePeak(pcm: Pcm): number {
  let peak = 0;
  for (const channel of pcm.channels)
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]!));
  const [h0, h1, h2, h3] = PHASES as [Float64Array, Float64Array, Float64Array, Float64Array];
  for (const channel of pcm.channels) {
    for (let start = TAPS_PER_PHASE; start < channel.length; start += BLOCK) {
      const end = Math.min(start + BLOCK, channel.length);
      let most = 0;
      for (let i = start - TAPS_PER_PHASE + 1; i < end; i++) most = Math.max(most, Math.abs(channel[i]!));
      if (most * GAIN_BOUND <= peak) continue;
      for (let i = start; i < end; i++) {
        let [y0, y1, y2, y3] = [0, 0, 0, 0];
        for (let k = 0; k < TAPS_PER_PHASE; k++) {
          const x = channel[i - k]!;
          y0 += h0[k]! * x;
          y1 += h1[k]! * x;
          y2 += h2[k]! * x;
          y3 += h3[k]! * x;
        }
        peak = Math.max(peak, Math.abs(y0), Math.abs(y1), Math.abs(y2), Math.abs(y3));
      }
    }
  }
  return 20 * Math.log10(peak);
}
