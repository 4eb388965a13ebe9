/**
 * A field's own page (/fields/<slug>/): its words around the field's own facts. {title}, {minutes} and {tuning} are
 * filled in for each field; the site's own slots work too.
 */
export const fieldPage = {
  /** Where the page sits, above its title: a link back to the catalogue. */
  back: "All Fields",
  /** The page's description for search results, when the field's own is too short or too long for one. */
  description: "{title}: a {minutes}-minute headphone field ({tuning}), to hear first and download from {storefront}.",
  hear: "Hear it first",
  /** Above the facts and the storefront action. */
  get: "Take it home",
  /** Above a description longer than the page's opening tells: the whole of it. */
  about: "About this field",
  others: "Other fields",
  /** The beat measured across the whole master: {minutes} its length, {from} and {to} in Hz. */
  trace: {
    title: "The beat, start to finish",
    steady: "Measured across all {minutes} minutes: a steady {from} Hz beat throughout.",
    glides: "Measured across all {minutes} minutes: the beat glides from {from} to {to} Hz.",
    moves: "Measured across all {minutes} minutes: the beat moves between {from} and {to} Hz.",
    /** The chart's axes, for a screen reader and beneath it. */
    time: "minutes",
    rate: "Hz",
  },
};
