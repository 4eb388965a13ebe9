import { BANDS } from "./bands";
/** The in-page sample (src/islands/SamplePlayer.tsx). */
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
  /** Where the sample sits on About. */
  section: {
    eyebrow: "Hear it first",
    title: "Play a binaural sample",
    lead: "A one-minute sample, made live in your browser: a pure tone in each ear, a few hertz apart. Put your headphones on first, and start quietly.",
  },
  /** The player's own words. {band}, {beat}, {seconds} and {ear} are filled in as it plays. */
  labels: {
    chooseBand: "Choose a band",
    /** A no-break space: the number stays on its unit's line. */
    beat: "{beat}\u00a0Hz beat",
    play: "Play a sample",
    stop: "Stop",
    volume: "Volume",
    volumeValue: "{volume} percent",
    check: "Check your headphones",
    left: "Left",
    right: "Right",
    stopped: "Stopped",
    playing: "Playing {band}, {beat} Hz beat, {seconds} left",
    second: "1 second",
    seconds: "{seconds} seconds",
    checking: "Playing a tone in your {ear} ear only",
  },
  seconds: 60,
  fadeSeconds: 0.5,
  /** Where the volume slider starts, out of 100: low, on purpose. */
  startVolume: 25,
  bands: [
    { id: "alpha", name: BANDS.alpha.name, beatHz: 10, carrierHz: 200, feeling: "focus" },
    { id: "theta", name: BANDS.theta.name, beatHz: 6, carrierHz: 200, feeling: "relaxation" },
    { id: "delta", name: BANDS.delta.name, beatHz: 2, carrierHz: 200, feeling: "deep rest" },
  ] satisfies SampleBand[],
  /** The headphone check: a short tone in one ear. */
  check: { hz: 440, seconds: 1.5 },
  note: "Use stereo headphones: each ear needs its own tone. Keep the volume low, and never listen while driving.",
  noScript:
    "The sample is made live in your browser, which needs JavaScript and Web Audio. Turn JavaScript on to hear it.",
} as const;

export type SampleContent = typeof sample;
