/** The brainwave bands a field's beat may sit in, and their ranges in Hz (a beat on a boundary belongs to both). */
export const BANDS = {
  delta: { name: "Delta", low: 0.5, high: 4 },
  theta: { name: "Theta", low: 4, high: 8 },
  alpha: { name: "Alpha", low: 8, high: 12 },
  beta: { name: "Beta", low: 12, high: 30 },
  gamma: { name: "Gamma", low: 30, high: 40 },
} as const;

export type Band = keyof typeof BANDS;

/** "Alpha, 8–12 Hz". */
export const bandLabel = (band: Band) => `${BANDS[band].name}, ${BANDS[band].low}–${BANDS[band].high} Hz`;
