/** The players' volume curve, shared by the previews and the band sample. */

/** A volume slider's 0 to 100 as a level from 0 to 1: squared, so that it follows loudness. */
export const volumeToLevel = (slider: number) => (Math.min(Math.max(slider, 0), 100) / 100) ** 2;

/** The sample's gain: the slider's level, capped well below full scale (a pure tone is loud for its level). */
export const volumeToGain = (slider: number) => 0.4 * volumeToLevel(slider);
