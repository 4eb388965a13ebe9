// Each tone has its own merger input, so the other ear hears true silence; one gain carries the fades: no click.

interface EarTones {
  left?: number;
  right?: number;
}

interface Envelope {
  /** When to start, in the context's time. */
  startAt: number;
  /** Peak gain, 0 to 1. */
  volume: number;
  fadeSeconds: number;
  /** Stop by itself after this long, fades included. */
  seconds: number;
}

export type SoundGraph = ReturnType<typeof soundGraph>;

export function soundGraph(context: BaseAudioContext, tones: EarTones, envelope: Envelope) {
  const { startAt, volume, fadeSeconds, seconds } = envelope;
  const endAt = startAt + seconds;
  const merger = context.createChannelMerger(2);
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, startAt);
  gain.gain.linearRampToValueAtTime(volume, startAt + fadeSeconds);
  gain.gain.setValueAtTime(volume, endAt - fadeSeconds);
  gain.gain.linearRampToValueAtTime(0, endAt);
  merger.connect(gain).connect(context.destination);

  const oscillators = ([tones.left, tones.right] as const).flatMap((hz, channel) => {
    if (hz === undefined) return [];
    const oscillator = new OscillatorNode(context, { frequency: hz });
    oscillator.connect(merger, 0, channel);
    oscillator.start(startAt);
    oscillator.stop(endAt);
    return [oscillator];
  });

  return {
    /** Moves the volume smoothly, without zipper noise. */
    setVolume(next: number) {
      gain.gain.cancelScheduledValues(context.currentTime);
      gain.gain.setTargetAtTime(next, context.currentTime, 0.05);
      gain.gain.setValueAtTime(next, Math.max(context.currentTime + 0.25, endAt - fadeSeconds));
      gain.gain.linearRampToValueAtTime(0, endAt);
    },
    /** Fades out from now and stops; returns the context time at which it is silent. */
    fadeOut() {
      const now = context.currentTime;
      gain.gain.cancelScheduledValues(now);
      gain.gain.setValueAtTime(gain.gain.value, now);
      gain.gain.linearRampToValueAtTime(0, now + fadeSeconds);
      for (const oscillator of oscillators) oscillator.stop(now + fadeSeconds);
      return now + fadeSeconds;
    },
  };
}

/** A band's tones: the carrier on the left, the carrier plus the beat on the right. */
export const bandTones = (band: { carrierHz: number; beatHz: number }): EarTones => ({
  left: band.carrierHz,
  right: band.carrierHz + band.beatHz,
});
