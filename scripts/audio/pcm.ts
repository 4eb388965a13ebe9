/** Decoded audio: one array of samples (-1 to 1) per channel, left first. */
export interface Pcm {
  sampleRate: number;
  channels: Float32Array[];
}

export const seconds = (pcm: Pcm) => (pcm.channels[0]?.length ?? 0) / pcm.sampleRate;

/** A stretch of the audio, in seconds from its start. */
export function cut(pcm: Pcm, start: number, length: number): Pcm {
  const from = Math.round(start * pcm.sampleRate);
  const to = Math.min(from + Math.round(length * pcm.sampleRate), pcm.channels[0]!.length);
  return { sampleRate: pcm.sampleRate, channels: pcm.channels.map((c) => c.slice(from, to)) };
}

/** Raised-cosine fades in and out, so the preview starts and ends in silence with no click. */
export function fade(pcm: Pcm, fadeSeconds: number): Pcm {
  const n = Math.min(Math.round(fadeSeconds * pcm.sampleRate), Math.floor(pcm.channels[0]!.length / 2));
  const channels = pcm.channels.map((channel) => {
    const out = channel.slice();
    for (let i = 0; i < n; i++) {
      const gain = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
      out[i]! *= gain;
      out[out.length - 1 - i]! *= gain;
    }
    return out;
  });
  return { sampleRate: pcm.sampleRate, channels };
}

export function scale(pcm: Pcm, decibels: number): Pcm {
  const gain = 10 ** (decibels / 20);
  return { sampleRate: pcm.sampleRate, channels: pcm.channels.map((c) => c.map((x) => x * gain)) };
}
