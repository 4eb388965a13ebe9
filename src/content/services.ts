import type { Band } from "./bands";
import type { StepCopy } from "./types";

/** A custom field's example: its label is its band (named with its range), or words of its own. */
export type ExampleCopy = { title: string; text: string } & (
  | { band: Band; label?: never }
  | { label: string; band?: never }
);

/** Services: a field composed for one listener, asked for by e-mail. */
export const services = {
  title: "Custom fields made for you",
  description:
    "Request a personalised audio field by e-mail: deep focus, energy, habit change or expanded awareness, composed around your own intention.",
  nav: "Services",
  intro: {
    eyebrow: "Services",
    title: "A field made for you",
    lead: "Tell us what you want to work on and we will compose a personalised field around it, with the band, the length and the intention chosen for you.",
    request: "Request a Custom Field",
  },
  process: {
    eyebrow: "How it works",
    title: "From your e-mail to your headphones",
    steps: [
      {
        title: "Write to us",
        text: "Tell us your intention, when you plan to listen and how long you would like the session to be.",
      },
      {
        title: "We shape it together",
        text: "We reply, typically {replyTime}, with a few questions and a proposal for the band and structure.",
      },
      { title: "Listen", text: "Your field arrives as a download that is yours to keep, made for stereo headphones." },
    ] satisfies StepCopy[],
  },
  examples: {
    eyebrow: "Examples",
    title: "What a custom field can be",
    lead: "A few directions a custom field can take. Yours can be any of these, or something else entirely.",
    cards: <ExampleCopy[]>[
      {
        title: "Deep Focus and Clarity",
        band: "alpha",
        text: "For long stretches of study or creative work, when you want your attention steady and unhurried.",
      },
      {
        title: "Energy and Vitality Boost",
        band: "delta",
        text: "A deep, slow base to rest into and recharge, paired with an intention of renewed energy.",
      },
      {
        title: "Habit Transformation",
        label: "Multi-frequency layering",
        text: "Several bands woven through one session, built around the habit you want to form or let go of.",
      },
      {
        title: "Expanded Consciousness",
        label: "Theta–Gamma coupling",
        text: "Slow theta rhythms layered with fast gamma, for meditators who want to explore further.",
      },
    ],
  },
  readyMade: {
    title: "Prefer something ready today?",
    text: "Our ready-made fields download the moment you buy them.",
    browse: "Browse Ready-Made Fields",
    request: "Request a Custom Field",
  },
};
