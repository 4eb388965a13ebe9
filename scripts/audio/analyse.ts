import { magnitudeSpectrum } from "./fft";
import type { Pcm } from "./pcm";

/** The loudest tone in one ear, and how loud the same frequency is in the other. */
export interface Carrier {
  hz: number;
  /** How far below it the other ear is at the same frequency, in dB. */
  otherEarDb: number;
}

export interface Binaural {
  left: Carrier;
  right: Carrier;
  /** The beat a listener hears: the difference of the two ears' carriers. */
  beatHz: number;
}

/** Where carriers are looked for: low tones a listener hears comfortably (below that, the beat; above, shimmer). */
const CARRIER_RANGE = { low: 40, high: 1500 };

/**
 * Each ear's carrier, from the middle of the audio (clear of the fades): a Hann-windowed FFT as long as fits
 * (up to 2^19 samples, 12 s at 44.1 kHz), the strongest bin in the carrier range, then the peak between bins by
 * a parabola through the log magnitudes of it and its neighbours.
 */
export function binaural(pcm: Pcm): Binaural {
  const [left, right] = pcm.channels as [Float32Array, Float32Array];
  let size = 1 << 19;
  while (size > left.length * 0.8) size >>= 1;
  const start = Math.floor((left.length - size) / 2);
  const windowed = (channel: Float32Array) =>
    Float64Array.from({ length: size }, (_, i) => channel[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1))));
  const spectra = [magnitudeSpectrum(windowed(left)), magnitudeSpectrum(windowed(right))] as const;
  const binHz = pcm.sampleRate / size;
  const carrier = (ear: 0 | 1): Carrier => {
    const own = spectra[ear];
    const other = spectra[ear === 0 ? 1 : 0];
    let best = Math.ceil(CARRIER_RANGE.low / binHz);
    for (let k = best; k <= Math.floor(CARRIER_RANGE.high / binHz); k++) if (own[k]! > own[best]!) best = k;
    const [a, b, c] = [own[best - 1]!, own[best]!, own[best + 1]!].map((m) => Math.log(m + 1e-12)) as [number, number, number];
    const offset = (a - c) / (2 * (a - 2 * b + c));
    const otherAtPeak = Math.max(other[best]!, 1e-12);
    return { hz: (best + offset) * binHz, otherEarDb: 20 * Math.log10(own[best]! / otherAtPeak) };
  };
  const [l, r] = [carrier(0), carrier(1)];
  return { left: l, right: r, beatHz: Math.abs(r.hz - l.hz) };
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
