/** A field's own page: {title}, {minutes} and {tuning} are filled in for each field; the site's own slots work too. */
export const fieldPage = {
  /** Where the page sits, above its title: a link back to the catalogue. */
  back: "All Fields",
  /** The page's description for search results, when the field's own is too short or too long for one. */
  description: "{title}: a {minutes}-minute headphone field ({tuning}), to hear first and download from {storefront}.",
  /** Above a description longer than the page's opening tells: the whole of it. */
  about: "About this field",
  others: "Other fields",
  /** The label of the form that follows the studio, under the product. */
  follow: "Hear about the next field by e-mail",
  /** Beside the field's facts: the list of its purpose on All Fields ({purpose}: "Sleep"). */
  purpose: "More fields for {purpose}",
  /** Beside the facts: the day it came out ({date}: "14 March 2026"). */
  released: "Released {date}",
  /**
   * The beats measured across the whole master: {minutes} its length, {beats} each beat said in turn. Each beat:
   * {rate}, {from} and {to} with their unit ("6 Hz"), {bands} its band's name (or the two it glides between).
   */
  trace: {
    title: "The beat, start to finish",
    measured: "Measured across all {minutes} minutes: {beats}.",
    steady: "a steady {rate} beat ({bands})",
    glides: "a beat that glides from {from} to {to} ({bands})",
    moves: "a beat that moves between {from} and {to} ({bands})",
    /** Between two beats a field layers. */
    and: " and ",
    /** The chart's axes, beside and beneath it. */
    time: "{minutes} min",
    rate: "{rate} Hz",
  },
  /** In the trace's place, for a field with no binaural beat: what it plays instead ({rate}: "10 Hz"). */
  sound: {
    title: "What you hear",
    pulse:
      "No binaural beat: a steady {rate} pulse that both ears hear alike (isochronic, or a monaural beat). It needs no headphones and plays the same through speakers.",
    none: "No binaural beat and no steady pulse: it needs no headphones and plays the same through speakers.",
  },
};
