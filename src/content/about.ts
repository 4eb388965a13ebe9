import type { BANDS } from "./bands";
import type { CardCopy, StepCopy } from "./types";

/** About: how binaural beats, morphic fields and the method work, honestly told; what to expect. */
export const about = {
  title: "How the fields work",
  description:
    "How binaural beats, morphic fields and our {method} layering method come together in each field, and how to listen safely with headphones.",
  nav: "About",
  intro: {
    eyebrow: "About",
    title: "How the fields work",
    lead: "A field is a long, seamless piece of audio made from three layers: a binaural beat, a single intention, and the {method} method that holds them together. Here is what each one does.",
  },
  beats: {
    eyebrow: "Layer one",
    title: "Binaural beats",
    paragraphs: [
      "Play a 200 Hz tone in your left ear and a 210 Hz tone in your right, and you hear something neither ear receives on its own: a gentle pulse at 10 Hz, the difference between the two. That perceived pulse is a binaural beat. It was first described in 1839 and has been studied ever since.",
      "That much is established: the beat is a measurable effect of hearing. What it does to mood, focus or sleep is less clear, and the research so far is mixed. We describe how listening feels, not what it will do for you.",
      "The speed of the pulse is chosen to sit in a brainwave band, and different bands go with different states of mind. Two of them carry most of our work:",
    ],
    /** Each band's range comes from bands.ts. */
    bands: [
      {
        band: "theta",
        title: "Theta for relaxation",
        text: "A slow, drifting pulse, the range brain activity shows in daydreams and drowsy calm. Good company for winding down, lying still or letting the day go quiet.",
      },
      {
        band: "alpha",
        title: "Alpha for focus",
        text: "The range of relaxed, alert attention, when you are absorbed in a task without strain. A steady backdrop for study, writing and creative work.",
      },
    ] satisfies { band: keyof typeof BANDS; title: string; text: string }[],
    note: "Everyone responds a little differently. Treat the beat as an invitation, not a switch.",
  },
  morphic: {
    eyebrow: "Layer two",
    title: "Morphic fields",
    paragraphs: [
      "The biologist Rupert Sheldrake proposed that patterns of behaviour carry a kind of collective memory, which he called morphic resonance, and that a pattern grows stronger the more often it is repeated. It is a contested idea, and we present it as one.",
      "In our fields it shapes the composition. Each track is built around a single intention, held steady from the first minute to the last, so that every listen repeats and reinforces the same pattern instead of wandering between moods.",
    ],
  },
  method: {
    eyebrow: "Layer three",
    title: "The {method} advantage",
    paragraphs: [
      "{method} is our own method for layering the beat, its carrier tones and an ambient bed. It is what makes an hour of listening feel like one continuous space rather than a test tone.",
    ],
    points: [
      {
        title: "Balanced layers",
        text: "Beat, carriers and ambient bed are mixed so that none of them masks another.",
      },
      {
        title: "Smooth transitions",
        text: "Frequencies glide rather than jump, so nothing jolts you out of the state you are in.",
      },
      {
        title: "Even level",
        text: "A steady loudness from start to finish, so you set the volume once and forget it.",
      },
      {
        title: "Made for headphones",
        text: "Every layer is checked in stereo, left against right, before a field is released.",
      },
    ] satisfies StepCopy[],
  },
  /** Shown only once site.ts names the maker. */
  maker: {
    eyebrow: "The maker",
    title: "Who makes the fields",
  },
  /** Shown only once site.ts has listeners' words. */
  listeners: {
    eyebrow: "From listeners",
    title: "What listeners say",
  },
  expect: {
    eyebrow: "Our approach",
    title: "What you can expect",
    cards: [
      {
        icon: "shield",
        title: "Trustworthy",
        text: "Plain descriptions of what each field contains, sold through {storefront} with secure checkout and instant delivery.",
      },
      {
        icon: "spark",
        title: "Impactful",
        text: "One intention per field, so every layer pulls in the same direction, listen after listen.",
      },
      {
        icon: "headphones",
        title: "Effortless",
        text: "Just listen with headphones. No app to install, no account to create, no routine to learn.",
      },
    ] satisfies CardCopy[],
  },
  more: {
    title: "Still curious?",
    text: "Ask us anything about how the fields are made, or go straight to the catalogue.",
    contact: "Contact for More",
    products: "View Products",
  },
};
