/** The brainwave bands a field's beat may sit in, and their ranges in Hz (a beat on a boundary belongs to both). */
export const BANDS = {
  delta: { name: "Delta", low: 0.5, high: 4 },
  theta: { name: "Theta", low: 4, high: 8 },
  alpha: { name: "Alpha", low: 8, high: 12 },
  beta: { name: "Beta", low: 12, high: 30 },
  gamma: { name: "Gamma", low: 30, high: 40 },
} as const;

export type Band = keyof typeof BANDS;

/** The tones a binaural carrier may be: low enough to hear comfortably, high enough not to be felt as rumble. */
export const CARRIER_HZ = { low: 40, high: 1500 } as const;
/** The beats the bands span: the difference of the two ears' carriers. */
export const BEAT_HZ = { low: BANDS.delta.low, high: BANDS.gamma.high } as const;

/** "8–12 Hz". */
export const bandRange = (band: Band) => `${BANDS[band].low}–${BANDS[band].high} Hz`;

/** "Alpha, 8–12 Hz". */
export const bandLabel = (band: Band) => `${BANDS[band].name}, ${bandRange(band)}`;

/** Whether a beat sits in a band, as shown: measured to a hundredth of a hertz, the figure the owner reads. */
export const inBand = (hz: number, band: Band) => {
  const shown = Math.round(hz * 100) / 100;
  return shown >= BANDS[band].low && shown <= BANDS[band].high;
};
