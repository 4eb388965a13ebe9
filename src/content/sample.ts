/**
 * The in-page sample (src/islands/SamplePlayer.tsx). Each band plays its carrier in the left ear and the
 * carrier plus the beat in the right; the difference is the beat the listener perceives.
 */
export interface SampleBand {
  id: string;
  name: string;
  /** The beat: the difference between the two ears' tones. */
  beatHz: number;
  /** The left ear's tone; the right ear hears carrierHz + beatHz. */
  carrierHz: number;
  /** What the band is used for, in a word or two. */
  feeling: string;
}

export const sample = {
  seconds: 60,
  fadeSeconds: 0.5,
  /** Where the volume slider starts, out of 100: low, on purpose. */
  startVolume: 25,
  bands: [
    { id: "alpha", name: "Alpha", beatHz: 10, carrierHz: 200, feeling: "focus" },
    { id: "theta", name: "Theta", beatHz: 6, carrierHz: 200, feeling: "relaxation" },
    { id: "delta", name: "Delta", beatHz: 2, carrierHz: 200, feeling: "deep rest" },
  ] satisfies SampleBand[],
  /** The headphone check: a short tone in one ear. */
  check: { hz: 440, seconds: 1.5 },
  note: "Use stereo headphones: each ear needs its own tone. Keep the volume low, and never listen while driving.",
  noScript: "The sample is made live in your browser, which needs JavaScript and Web Audio. Turn JavaScript on to hear it.",
} as const;

export type SampleContent = typeof sample;
