import type { IconName } from "../lib/icons";
import type { MailPresetName } from "./mail";

/**
 * The repeating pieces of copy: cards, steps and examples, by page. Describe what listening is like, never
 * promise a cure or an outcome, and quote no prices, ratings or testimonials we do not have.
 */
export interface CardCopy {
  icon: IconName;
  title: string;
  text: string;
}

export const homeLayers: readonly CardCopy[] = [
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
    title: "EquiSync Tech",
    text: "Our own layering method balances the beat, the carrier tones and the ambient bed, so the sound stays smooth and even from the first minute to the last.",
  },
];

export interface StepCopy {
  title: string;
  text: string;
}

export const listeningSteps: readonly StepCopy[] = [
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
];

export interface BandCopy {
  name: string;
  range: string;
  use: string;
  text: string;
}

export const aboutBands: readonly BandCopy[] = [
  {
    name: "Theta",
    range: "4–8 Hz",
    use: "for relaxation",
    text: "A slow, drifting pulse, the range brain activity shows in daydreams and drowsy calm. Good company for winding down, lying still or letting the day go quiet.",
  },
  {
    name: "Alpha",
    range: "8–12 Hz",
    use: "for focus",
    text: "The range of relaxed, alert attention, when you are absorbed in a task without strain. A steady backdrop for study, writing and creative work.",
  },
];

export const equisyncPoints: readonly StepCopy[] = [
  { title: "Balanced layers", text: "Beat, carriers and ambient bed are mixed so that none of them masks another." },
  { title: "Smooth transitions", text: "Frequencies glide rather than jump, so nothing jolts you out of the state you are in." },
  { title: "Even level", text: "A steady loudness from start to finish, so you set the volume once and forget it." },
  { title: "Made for headphones", text: "Every layer is checked in stereo, left against right, before a field is released." },
];

/** "{storefront}" in a text stands for the storefront's name (site.ts), filled in when the page renders. */
export const aboutBenefits: readonly CardCopy[] = [
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
];

export const customSteps: readonly StepCopy[] = [
  {
    title: "Write to us",
    text: "Tell us your intention, when you plan to listen and how long you would like the session to be.",
  },
  {
    title: "We shape it together",
    text: "We reply, typically within 24 hours, with a few questions and a proposal for the band and structure.",
  },
  {
    title: "Listen",
    text: "Your field arrives as a download that is yours to keep, made for stereo headphones.",
  },
];

export interface ExampleCopy {
  title: string;
  band: string;
  text: string;
}

export const serviceExamples: readonly ExampleCopy[] = [
  {
    title: "Deep Focus and Clarity",
    band: "Alpha, 8–12 Hz",
    text: "For long stretches of study or creative work, when you want your attention steady and unhurried.",
  },
  {
    title: "Energy and Vitality Boost",
    band: "Delta, 0.5–4 Hz",
    text: "A deep, slow base to rest into and recharge, paired with an intention of renewed energy.",
  },
  {
    title: "Habit Transformation",
    band: "Multi-frequency layering",
    text: "Several bands woven through one session, built around the habit you want to form or let go of.",
  },
  {
    title: "Expanded Consciousness",
    band: "Theta–Gamma coupling",
    text: "Slow theta rhythms layered with fast gamma, for meditators who want to explore further.",
  },
];

export const productBenefits: readonly CardCopy[] = [
  {
    icon: "download",
    title: "Instant Access",
    text: "Buy on {storefront} and download straight away. The file is yours to keep and play offline.",
  },
  {
    icon: "gem",
    title: "Premium Quality",
    text: "Clean, carefully layered audio mixed for headphones, with no ads and no interruptions.",
  },
  {
    icon: "beaker",
    title: "Grounded in Science",
    text: "The binaural beat is a measurable effect of hearing, described in 1839 and studied ever since. The evidence for what it does to mood or focus is mixed, so we describe how listening feels, never what it will do.",
  },
];

export interface HelpCopy extends CardCopy {
  preset: MailPresetName;
  action: string;
}

export const contactHelp: readonly HelpCopy[] = [
  {
    icon: "spark",
    title: "Custom Fields",
    text: "A field composed around your own intention, band and length.",
    preset: "customField",
    action: "Request a custom field",
  },
  {
    icon: "question",
    title: "General Questions",
    text: "Listening, downloads, headphones, or anything else on your mind.",
    preset: "generalQuestion",
    action: "Ask a question",
  },
  {
    icon: "handshake",
    title: "Partnerships",
    text: "Studios, practitioners and creators who would like to work with us.",
    preset: "partnership",
    action: "Propose a partnership",
  },
  {
    icon: "news",
    title: "Press and Media",
    text: "Interviews, reviews and background for articles.",
    preset: "press",
    action: "Write to us for press",
  },
];
