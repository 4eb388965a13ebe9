import type { CardCopy, SectionCopy, StepCopy } from "./types";

/** Home: the promise, the fields to hear, the three layers, how to listen. */
export const home = {
  title: "Binaural audio fields for focus and calm",
  description:
    "Premium headphone audio that layers binaural beats with a single clear intention using our {method} method. Instant downloads and custom fields.",
  nav: "Home",
  hero: {
    eyebrow: "Premium headphone audio",
    title: "Sound fields for a calmer, clearer mind",
    subtitle:
      "Binaural beats and a single clear intention, layered with our own {method} method into long, seamless listening sessions. Put on your headphones, press play and settle in.",
    explore: "Explore The Fields",
    facts: ["Instant downloads from {storefront}", "Made for stereo headphones", "Custom fields by e-mail"],
  },
  fields: {
    title: "Hear a field, then take it home",
    lead: "A field is a {fieldLength} audio file you download and play on stereo headphones: one continuous session, built around a single intention.",
    /** After the fields Home shows (the first two in site.ts), when there are more. */
    more: "[All {fieldCount} fields](/all-fields/) are in the catalogue, each with a page of its own.",
    pages:
      "[Products](/products/) shows each field in full, with what you get. [All Fields](/all-fields/) is the whole catalogue, with everything on {storefront}.",
  },
  layers: {
    eyebrow: "Inside every field",
    title: "Three layers, one experience",
    lead: "Each field combines three layers, and each has a job of its own.",
    cards: [
      {
        icon: "wave",
        title: "Binaural Beats",
        text: "Two pure tones a few hertz apart, one in each ear. You hear the difference between them as a soft, steady pulse: a slow rhythm under everything else, easy to settle into.",
      },
      {
        icon: "rings",
        title: "Morphic Fields",
        text: "Each field is composed around one intention, such as focus, energy or abundance, drawing on the idea of morphic resonance: a contested theory that patterns grow stronger each time they are repeated.",
      },
      {
        icon: "layers",
        title: "{method} Tech",
        text: "Our own layering method balances the beat, the carrier tones and the ambient bed, so the sound stays smooth and even from the first minute to the last.",
      },
    ] satisfies CardCopy[],
  } satisfies SectionCopy & { cards: CardCopy[] },
  listen: {
    eyebrow: "Getting started",
    title: "How to listen",
    lead: "A field asks very little of you. Three things make the difference.",
    steps: [
      {
        title: "Put on stereo headphones",
        text: "Any stereo headphones or earbuds will do. The beat only forms when each ear hears its own tone.",
      },
      {
        title: "Choose a low volume",
        text: "Quieter than you would play music. The effect does not depend on loudness.",
      },
      {
        title: "Settle somewhere safe",
        text: "Sit or lie down, away from the road and any machinery, and give the session your time.",
      },
    ] satisfies StepCopy[],
    footer: "New to binaural listening? Read how the layers work together.",
    learnMore: "Learn More",
    /** Read after "Learn More" by screen readers, where the label alone is vague. */
    learnMoreContext: "about how the fields work",
  },
};
