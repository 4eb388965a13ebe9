import type { Pcm } from "./pcm";

interface Recipe {
  /** The left ear's tone; the right ear hears carrierHz + beatHz. */
  carrierHz: number;
  beatHz: number;
  /** The bed's level beside the tones, 0 (none) to 1 (as loud). */
  noise: number;
  seconds: number;
}

/** Pink noise from a seeded generator (Paul Kellet's filter), so a recipe always gives the same bytes. */
export function synthesize({ carrierHz, beatHz, noise, seconds }: Recipe, sampleRate = 44_100): Pcm {
  const n = Math.round(seconds * sampleRate);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let seed = 0x2545f491;
  let [b0, b1, b2] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const white = (seed / 2 ** 32) * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    const bed = (b0 + b1 + b2 + white * 0.1848) * 0.11 * noise;
    const t = i / sampleRate;
    left[i] = 0.5 * Math.sin(2 * Math.PI * carrierHz * t) + bed;
    right[i] = 0.5 * Math.sin(2 * Math.PI * (carrierHz + beatHz) * t) + bed;
  }
  return { sampleRate, channels: [left, right] };
}
