/** Decoded audio: one array of samples (-1 to 1) per channel, left first. */
export interface Pcm {
  sampleRate: number;
  channels: Float32Array[];
}

export const seconds = (pcm: Pcm) => (pcm.channels[0]?.length ?? 0) / pcm.sampleRate;

/** In place: a minute of 96 kHz audio is 46 MB, and a copy per step made memory grow with the preview. */
export function applyFades(pcm: Pcm, fadeSeconds: number): void {
  const n = Math.min(Math.round(fadeSeconds * pcm.sampleRate), Math.floor(pcm.channels[0]!.length / 2));
  for (const channel of pcm.channels) {
    for (let i = 0; i < n; i++) {
      const gain = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
      channel[i]! *= gain;
      channel[channel.length - 1 - i]! *= gain;
    }
  }
}

/** In place. */
export function applyGain(pcm: Pcm, decibels: number): void {
  const gain = 10 ** (decibels / 20);
  for (const channel of pcm.channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
}
