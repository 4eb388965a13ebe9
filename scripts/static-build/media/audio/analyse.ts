import FFT from "fft.js";
import { BEAT_HZ, CARRIER_HZ } from "../../../../src/content/bands";
import type { Pcm } from "./pcm";

/** A steady tone that one ear hears and the other does not: what a binaural field is made of. */
interface Carrier {
  ear: "left" | "right";
  hz: number;
  /** Its level against the mean level of an ear, in dB. */
  db: number;
}

/** Two carriers, one in each ear, that a listener hears as one beat at their difference. */
export interface Beat {
  hz: number;
  leftHz: number;
  rightHz: number;
  /** The weaker carrier's level, in dB: how far the beat sits under the rest of the sound. */
  db: number;
}

const CARRIER_RULES = {
  /** The least a carrier may be against an ear's mean level, in dB (carriers sit 20 to 30 dB under a bed). */
  floorDb: -50,
  /**
   * Over the ears' difference within 5 Hz, in dB: pink noise alone (10 to 45 s, at 16 and 44.1 kHz) peaked at 8 dB
   * over four or more windows, so 11 dB tells a steady tone from it with room to spare.
   */
  prominenceDb: 11,
  /**
   * One ear's power over the other's, against their difference: 1 in one ear only; toward 0 or far above 1 for a tone
   * in both (panned, or in opposite phase), which is no carrier.
   */
  oneEar: { low: 0.5, high: 2 },
  /** How far under the strongest beat's weaker carrier another beat's may be and still count, in dB. */
  beatFloorDb: 30,
} as const;

/**
 * Whatever both ears share (music, noise, a voice, an isochronic pulse, a monaural beat) cancels in L − R, so that
 * difference's tonal peaks are the carriers (strongest first). A beat is a pair of carriers, one per ear, each the
 * other's nearest (slowest first).
 */
export function binaural(pcm: Pcm) {
  const [left, right] = pcm.channels as [Float32Array, Float32Array];
  const carriers = tonesThatDiffer(left, right, pcm.sampleRate).sort((a, b) => b.db - a.db);
  const lefts = carriers.filter((c) => c.ear === "left");
  const rights = carriers.filter((c) => c.ear === "right");
  const nearest = (c: Carrier, others: Carrier[]) =>
    others.reduce<Carrier | undefined>(
      (best, o) => (!best || Math.abs(o.hz - c.hz) < Math.abs(best.hz - c.hz) ? o : best),
      undefined,
    );
  const pairs = lefts.flatMap((l): Beat[] => {
    const r = nearest(l, rights);
    // Measured to a hundredth of a hertz: a 40 Hz beat that reads 40.003 is the 40 Hz beat it was made as.
    if (!r || nearest(r, lefts) !== l || Math.round(Math.abs(r.hz - l.hz) * 100) / 100 > BEAT_HZ.high) return [];
    return [{ hz: Math.abs(r.hz - l.hz), leftHz: l.hz, rightHz: r.hz, db: Math.min(l.db, r.db) }];
  });
  const strongest = Math.max(...pairs.map((p) => p.db));
  const beats = pairs.filter((p) => p.db >= strongest - CARRIER_RULES.beatFloorDb).sort((a, b) => a.hz - b.hz);
  return { carriers, beats };
}

/** Kept (at most some 60 MB): a trace asks for one size 16 times, and at 2^18 points making them took some 30 ms. */
const transforms = new Map<number, { fft: FFT; window: Float64Array }>();
function transformOf(size: number): { fft: FFT; window: Float64Array } {
  let made = transforms.get(size);
  if (!made) {
    const window = new Float64Array(size);
    for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    transforms.set(size, (made = { fft: new FFT(size), window }));
  }
  return made;
}

function tonesThatDiffer(left: Float32Array, right: Float32Array, sampleRate: number): Carrier[] {
  // Windows as long as four half-overlapping ones allow (up to 2^20 samples, 22 s at 48 kHz): a steady tone's peak
  // rises over a bed's noise by 3 dB with each doubling, and four windows keep the noise's own peaks low.
  let size = 1 << 20;
  while (size > 4096 && size > 0.4 * left.length) size >>= 1;
  const { fft, window } = transformOf(size);
  const bins = size / 2;
  const [powerL, powerR, difference] = [new Float64Array(bins), new Float64Array(bins), new Float64Array(bins)];
  const [inL, inR] = [new Float64Array(size), new Float64Array(size)];
  const [outL, outR] = [new Float64Array(2 * size), new Float64Array(2 * size)];
  // Half-overlapping windows, the last ending where the audio does: none of it is left out.
  const starts = Array.from({ length: Math.floor((left.length - size) / (size / 2)) + 1 }, (_, i) => (i * size) / 2);
  if (starts.at(-1)! + size < left.length) starts.push(left.length - size);
  for (const start of starts) {
    for (let i = 0; i < size; i++) {
      inL[i] = left[start + i]! * window[i]!;
      inR[i] = right[start + i]! * window[i]!;
    }
    fft.realTransform(outL, inL);
    fft.realTransform(outR, inR);
    for (let k = 0; k < bins; k++) {
      const a = outL[2 * k]!,
        b = outL[2 * k + 1]!,
        c = outR[2 * k]!,
        d = outR[2 * k + 1]!;
      powerL[k]! += a * a + b * b;
      powerR[k]! += c * c + d * d;
      difference[k]! += (a - c) ** 2 + (b - d) ** 2;
    }
  }
  let total = 0;
  for (let k = 0; k < bins; k++) total += (powerL[k]! + powerR[k]!) / 2;
  const binHz = sampleRate / size;
  const db = (ratio: number) => 10 * Math.log10(Math.max(ratio, 1e-30));
  // A tone's power spreads over a Hann window's main lobe: five bins hold it.
  const tone = (spectrum: Float64Array, k: number) =>
    spectrum[k - 2]! + spectrum[k - 1]! + spectrum[k]! + spectrum[k + 1]! + spectrum[k + 2]!;
  const span = Math.max(8, Math.round(5 / binHz));
  const found: Carrier[] = [];
  for (let k = Math.max(3, Math.ceil(CARRIER_HZ.low / binHz)); k <= Math.floor(CARRIER_HZ.high / binHz); k++) {
    if (!(difference[k]! > difference[k - 1]! && difference[k]! >= difference[k + 1]!)) continue;
    const power = tone(difference, k);
    const level = db(power / total);
    if (level < CARRIER_RULES.floorDb) continue;
    const lean = (tone(powerL, k) - tone(powerR, k)) / power;
    if (Math.abs(lean) < CARRIER_RULES.oneEar.low || Math.abs(lean) > CARRIER_RULES.oneEar.high) continue;
    const around = Array.from(difference.subarray(Math.max(0, k - span), k + span + 1)).sort((x, y) => x - y);
    if (db(difference[k]! / around[Math.floor(around.length / 2)]!) < CARRIER_RULES.prominenceDb) continue;
    const [a, b, c] = [difference[k - 1]!, difference[k]!, difference[k + 1]!].map((p) =>
      Math.log(Math.max(p, 1e-300)),
    ) as [number, number, number];
    found.push({ ear: lean > 0 ? "left" : "right", hz: (k + (a - c) / (2 * (a - 2 * b + c))) * binHz, db: level });
  }
  // A tone that wavers leaves smaller peaks on its skirts: within 1 Hz of a stronger one in its ear, they are part of it.
  return found.filter(
    (f) => !found.some((g) => g !== f && g.ear === f.ear && g.db > f.db && Math.abs(g.hz - f.hz) <= 1),
  );
}

/** Whether both channels carry the same signal (within what a codec's rounding leaves). */
export function sameInBothEars(pcm: Pcm): boolean {
  if (pcm.channels.length < 2) return true;
  const [left, right] = pcm.channels as [Float32Array, Float32Array];
  let difference = 0;
  let signal = 0;
  for (let i = 0; i < left.length; i++) {
    difference += (left[i]! - right[i]!) ** 2;
    signal += left[i]! ** 2 + right[i]! ** 2;
  }
  return signal === 0 || difference / signal < 1e-6;
}

/** Runs of samples stuck at full scale: the flat tops a recording clipped on. */
export function clippedRuns(pcm: Pcm): number {
  let runs = 0;
  for (const channel of pcm.channels) {
    let run = 0;
    for (const x of channel) {
      run = Math.abs(x) >= 0.999 ? run + 1 : 0;
      if (run === 3) runs++;
    }
  }
  return runs;
}

/** The waveform as bars: each the loudest sample of its stretch, both ears, from 0 to 1 of the loudest bar. */
export function waveformPeaks(pcm: Pcm, bars: number): number[] {
  const length = pcm.channels[0]!.length;
  const peaks = Array.from({ length: bars }, (_, bar) => {
    const [from, to] = [Math.floor((bar * length) / bars), Math.floor(((bar + 1) * length) / bars)];
    let peak = 0;
    for (const channel of pcm.channels) for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(channel[i]!));
    return peak;
  });
  const loudest = Math.max(...peaks, 1e-9);
  return peaks.map((p) => Math.round((p / loudest) * 100) / 100);
}

/** How a steady pulse both ears hear is told from music's own rhythm: its envelope's line against the rest. */
const PULSE_RULES = {
  /** Envelope samples a second: each the RMS of 5 ms of both ears. */
  rate: 200,
  /** The pulse rates looked for, in Hz: the beats' range. */
  lowHz: 1,
  highHz: 40,
  /** How much of the envelope's mean the pulse moves it by, at least (an on/off pulse: 1.27; a pad's swell: under 0.15). */
  depth: 0.4,
} as const;

/** In Hz, or undefined. The envelope is zero-padded to four times its length so no line is missed between bins. */
export function steadyPulse(pcm: Pcm): number | undefined {
  const { rate, lowHz, highHz, depth } = PULSE_RULES;
  const block = Math.max(1, Math.round(pcm.sampleRate / rate));
  const length = Math.floor(pcm.channels[0]!.length / block);
  if (length / rate < 2) return undefined;
  const envelope = new Float64Array(length);
  for (let b = 0; b < length; b++) {
    let sum = 0;
    // Each ear's own power: a binaural pair, steady in each ear, beats only once the ears are added.
    for (const channel of pcm.channels) for (let i = b * block; i < (b + 1) * block; i++) sum += channel[i]! ** 2;
    envelope[b] = Math.sqrt(sum / block);
  }
  const mean = envelope.reduce((s, x) => s + x, 0) / length;
  if (mean === 0) return undefined;
  const size = 2 ** Math.ceil(Math.log2(length * 4));
  const fft = new FFT(size);
  const input = new Array<number>(size).fill(0);
  for (let n = 0; n < length; n++) input[n] = envelope[n]! - mean;
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, input);
  let best = { bin: 0, depth: 0 };
  for (let bin = Math.ceil((lowHz * size) / rate); bin <= (highHz * size) / rate; bin++) {
    const d = (2 * Math.hypot(out[2 * bin]!, out[2 * bin + 1]!)) / length / mean;
    if (d > best.depth) best = { bin, depth: d };
  }
  return best.depth < depth ? undefined : Math.round(((best.bin * rate) / size) * 100) / 100;
}
