import type { Pcm } from "./pcm";

/**
 * Loudness as ITU-R BS.1770-4 defines it (and EBU R 128 uses it): K-weighting (a high shelf, then a high-pass),
 * mean square per channel over 400 ms blocks overlapping by 75 %, an absolute gate at -70 LUFS and a relative
 * gate 10 LU below the ungated mean. The filters are computed for any sample rate, as libebur128 does; at
 * 48 kHz they are the recommendation's own coefficients (a unit test compares them).
 */
export function kWeightingFilters(sampleRate: number): { shelf: Biquad; highPass: Biquad } {
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

export interface Biquad {
  b: [number, number, number];
  /** a1 and a2 (a0 is 1). */
  a: [number, number];
}

function filter(input: Float32Array, { b, a }: Biquad): Float64Array {
  const out = new Float64Array(input.length);
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = y;
  }
  return out;
}

const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/** Integrated loudness in LUFS (-Infinity for silence). Left and right weigh 1, as for stereo. */
export function integratedLoudness(pcm: Pcm): number {
  const { shelf, highPass } = kWeightingFilters(pcm.sampleRate);
  const weighted = pcm.channels.map((c) => filter(Float32Array.from(filter(c, shelf)), highPass));
  const block = Math.round(0.4 * pcm.sampleRate);
  const step = Math.round(0.1 * pcm.sampleRate);
  const length = weighted[0]?.length ?? 0;
  // Running sums of squares, so each block's mean square costs two lookups.
  const cumulative = weighted.map((channel) => {
    const sums = new Float64Array(channel.length + 1);
    for (let i = 0; i < channel.length; i++) sums[i + 1] = sums[i]! + channel[i]! * channel[i]!;
    return sums;
  });
  const blocks: number[] = [];
  for (let start = 0; start + block <= length; start += step) {
    blocks.push(cumulative.reduce((sum, sums) => sum + (sums[start + block]! - sums[start]!) / block, 0));
  }
  const overAbsolute = blocks.filter((z) => toLufs(z) > -70);
  if (overAbsolute.length === 0) return -Infinity;
  const relativeGate = toLufs(overAbsolute.reduce((s, z) => s + z, 0) / overAbsolute.length) - 10;
  const gated = overAbsolute.filter((z) => toLufs(z) > relativeGate);
  return toLufs(gated.reduce((s, z) => s + z, 0) / gated.length);
}

// A 4x interpolator for the true peak (BS.1770-4 Annex 2 asks for at least 4x below 96 kHz): a 48-tap
// windowed sinc, in four phases of 12 taps.
const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 12;
const PHASES: Float64Array[] = (() => {
  const taps = OVERSAMPLE * TAPS_PER_PHASE;
  const centre = (taps - 1) / 2;
  const h = Array.from({ length: taps }, (_, n) => {
    const x = (n - centre) / OVERSAMPLE;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * n) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * n) / (taps - 1));
    return sinc * window;
  });
  return Array.from({ length: OVERSAMPLE }, (_, p) => {
    const phase = Float64Array.from({ length: TAPS_PER_PHASE }, (_, k) => h[k * OVERSAMPLE + p]!);
    const sum = phase.reduce((s, v) => s + v, 0);
    return phase.map((v) => v / sum);
  });
})();

/** The true peak in dBTP: the highest the waveform reaches between samples, found by 4x oversampling. */
export function truePeak(pcm: Pcm): number {
  let peak = 0;
  for (const channel of pcm.channels) {
    for (let i = TAPS_PER_PHASE; i < channel.length; i++) {
      peak = Math.max(peak, Math.abs(channel[i]!));
      for (const phase of PHASES) {
        let y = 0;
        for (let k = 0; k < TAPS_PER_PHASE; k++) y += phase[k]! * channel[i - k]!;
        peak = Math.max(peak, Math.abs(y));
      }
    }
  }
  return 20 * Math.log10(peak);
}
