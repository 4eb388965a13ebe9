/** The listening-safely note shown on About and Products and linked from every footer. */
export const safety = {
  id: "listening-safely",
  /** The page whose note the footer links to. */
  page: "/about/",
  title: "Listening safely",
  /** First, where what plays is a binaural beat (the page of a field with none leaves it out). */
  headphones: "Use stereo headphones: each ear needs its own tone for the beat to form.",
  points: [
    "Keep the volume low. The effect does not need loudness, and your hearing is worth more.",
    "Never listen while driving, cycling or operating machinery.",
    "The fields are for relaxation and focus. They are not medical treatment and not a substitute for care from a professional.",
    "If you have epilepsy, a history of seizures or a pacemaker, ask your doctor before listening.",
  ],
} as const;
