import { open } from "node:fs/promises";
import type { Pcm } from "../static-build/media/audio/pcm";

/**
 * Material for the audio tests, made in code so that no audio sits in git: the beds an owner mixes carriers
 * under (a pad of chord partials with a slow tremolo, pink noise, a voice-like bed), carriers at a depth
 * under them, and the files an editor exports (WAV in three sample formats, FLAC, and MP3 through encodeMp3),
 * whole, damaged or cut short, and masters of any length.
 */

/** A signal as a function of the sample index, asked for each sample in order (noise and voice keep state). */
export type Signal = (i: number) => number;

export interface Mix {
  rate: number;
  seconds: number;
  /** What both ears hear alike: music, noise, a voice. */
  both?: readonly Signal[];
  left?: readonly Signal[];
  right?: readonly Signal[];
}

/** A mix as stereo audio. */
export function render({ rate, seconds, both = [], left = [], right = [] }: Mix): Pcm {
  const n = Math.round(rate * seconds);
  const [l, r] = [new Float32Array(n), new Float32Array(n)];
  // In sample order, each signal asked once per sample: noise and voice keep state from one sample to the next.
  for (let i = 0; i < n; i++) {
    const shared = both.reduce((s, f) => s + f(i), 0);
    l[i] = shared + left.reduce((s, f) => s + f(i), 0);
    r[i] = shared + right.reduce((s, f) => s + f(i), 0);
  }
  return { sampleRate: rate, channels: [l, r] };
}

/** A steady sine, its peak at `amplitude`. */
export const sine =
  (rate: number, hz: number, amplitude: number): Signal =>
  (i) =>
    amplitude * Math.sin((2 * Math.PI * hz * i) / rate);

/** A chord of partials, each quieter than the last, swelling with a slow tremolo: a pad. */
export const pad = (rate: number, amplitude: number, chord = [130.81, 164.81, 196, 261.63, 329.63]): Signal => {
  const partials = chord.map((hz, k) => sine(rate, hz, amplitude / (k + 1)));
  return (i) => (0.75 + 0.25 * Math.sin((2 * Math.PI * 0.2 * i) / rate)) * partials.reduce((s, p) => s + p(i), 0);
};

/** A deterministic random sequence, so a fixture is the same bytes on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Pink noise (Paul Kellet's filter), its RMS about `amplitude`; a different seed for each ear makes it stereo. */
export const pinkNoise = (amplitude: number, seed = 7): Signal => {
  const next = random(seed);
  let [b0, b1, b2] = [0, 0, 0];
  return () => {
    const white = next() * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    return (b0 + b1 + b2 + white * 0.1848) * 0.5 * amplitude;
  };
};

/**
 * A voice-like bed: a glottal pulse train whose pitch glides between 100 and 160 Hz (its harmonics sweep
 * through where carriers sit), through three formant resonators that change with each syllable, in syllables
 * of a quarter second with pauses between phrases.
 */
export const voice = (rate: number, amplitude: number): Signal => {
  const formants = [
    [700, 1200, 2600],
    [400, 2000, 2700],
    [500, 900, 2400],
    [300, 2300, 3000],
  ];
  const state = formants[0]!.map(() => [0, 0]);
  let phase = 0;
  return (i) => {
    const t = i / rate;
    const syllable = Math.floor(t / 0.25);
    const speaking = syllable % 12 < 9;
    const f0 = 130 + 30 * Math.sin(2 * Math.PI * 0.3 * t);
    phase += f0 / rate;
    const pulse = phase >= 1 ? ((phase -= 1), 1) : 0;
    const envelope = speaking ? Math.sin(Math.PI * ((t / 0.25) % 1)) ** 2 : 0;
    let out = 0;
    formants[syllable % formants.length]!.forEach((hz, k) => {
      const r = Math.exp((-Math.PI * 80) / rate);
      const [y1, y2] = state[k]!;
      const y = pulse * envelope + 2 * r * Math.cos((2 * Math.PI * hz) / rate) * y1! - r * r * y2!;
      state[k] = [y, y1!];
      out += y / (k + 1);
    });
    return amplitude * out * 0.05;
  };
};

/**
 * Rain: broadband hiss tilted toward the treble (white noise through a first-order high-pass at about 400 Hz), and
 * drops, each a short burst that dies away in some 20 ms, a few dozen a second. A different seed for each ear
 * makes the rain of a stereo field recording, which differs between the ears everywhere.
 */
export const rain = (rate: number, amplitude: number, seed = 11): Signal => {
  const next = random(seed);
  const pole = Math.exp((-2 * Math.PI * 400) / rate);
  const decay = Math.exp(-1 / (0.02 * rate));
  let [previous, hiss, drop] = [0, 0, 0];
  return () => {
    const white = next() * 2 - 1;
    hiss = pole * (hiss + white - previous);
    previous = white;
    if (next() < 40 / rate) drop = 1;
    drop *= decay;
    return amplitude * (0.6 * hiss + 0.8 * drop * (next() * 2 - 1));
  };
};

/** A signal at a different level in each ear: a voice or an instrument panned off-centre (gain 1 left, `right` right). */
export const panned = (signal: () => Signal, right: number): { left: Signal; right: Signal } => {
  const [l, r] = [signal(), signal()];
  return { left: l, right: (i) => right * r(i) };
};

/** One tone switched on and off `pulseHz` times a second: an isochronic pulse. */
export const isochronic =
  (rate: number, hz: number, pulseHz: number, amplitude: number): Signal =>
  (i) =>
    Math.sin((2 * Math.PI * pulseHz * i) / rate) >= 0 ? amplitude * Math.sin((2 * Math.PI * hz * i) / rate) : 0;

/** Carriers `depthDb` under a bed's RMS over its first second: the amplitude of each ear's sine. */
export function carrierUnder(bed: () => Signal, rate: number, depthDb: number): number {
  const signal = bed();
  let sum = 0;
  for (let i = 0; i < rate; i++) sum += signal(i) ** 2;
  return Math.SQRT2 * Math.sqrt(sum / rate) * 10 ** (-depthDb / 20);
}

// Files, as an audio editor exports them.

export type WavFormat = "int16" | "int24" | "float32";

/** WAV bytes: 16- or 24-bit integer PCM, or 32-bit float written as WAVE_FORMAT_EXTENSIBLE, as DAWs do. */
export function wav({ sampleRate, channels }: Pcm, format: WavFormat = "int16"): Uint8Array {
  const frames = channels[0]!.length;
  const head = wavHeader(sampleRate, channels.length, format, frames);
  const bytes = BYTES[format];
  const out = new Uint8Array(head.length + frames * channels.length * bytes);
  out.set(head);
  writeSamples(out, head.length, channels, format, 0, frames);
  return out;
}

const BYTES: Record<WavFormat, number> = { int16: 2, int24: 3, float32: 4 };

function wavHeader(sampleRate: number, channelCount: number, format: WavFormat, frames: number): Uint8Array {
  const extensible = format === "float32";
  const fmtBytes = extensible ? 40 : 16;
  const block = channelCount * BYTES[format];
  const data = frames * block;
  const head = new Uint8Array(20 + fmtBytes + 8);
  const view = new DataView(head.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => (head[at + i] = c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, Math.min(0xffffffff, 12 + fmtBytes + data + 8), true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, fmtBytes, true);
  view.setUint16(20, extensible ? 0xfffe : 1, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * block, true);
  view.setUint16(32, block, true);
  view.setUint16(34, BYTES[format] * 8, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, 32, true);
    view.setUint32(40, channelCount === 2 ? 3 : 4, true);
    // KSDATAFORMAT_SUBTYPE_IEEE_FLOAT: the tag, then the fixed GUID tail.
    head.set([3, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 44);
  }
  text(20 + fmtBytes, "data");
  view.setUint32(24 + fmtBytes, Math.min(0xffffffff, data), true);
  return head;
}

function writeSamples(
  out: Uint8Array,
  at: number,
  channels: Float32Array[],
  format: WavFormat,
  from: number,
  to: number,
) {
  const view = new DataView(out.buffer, out.byteOffset);
  const bytes = BYTES[format];
  for (let i = from, p = at; i < to; i++) {
    for (const channel of channels) {
      const x = Math.max(-1, Math.min(1, channel[i]!));
      if (format === "float32") view.setFloat32(p, x, true);
      else if (format === "int16") view.setInt16(p, Math.round(x * 32767), true);
      else {
        const v = Math.round(x * 8388607);
        out[p] = v & 0xff;
        out[p + 1] = (v >> 8) & 0xff;
        out[p + 2] = (v >> 16) & 0xff;
      }
      p += bytes;
    }
  }
}

/**
 * A master of `seconds` written as a sparse WAV file: its header, and real audio only where `excerpt` is
 * placed (from `at` seconds; `keep` adds one more to a master written before); the rest reads as silence and takes
 * no disk. A 90-minute 96 kHz 24-bit master
 * is 3.1 GB to every reader, and a few megabytes on disk.
 */
export async function sparseWav(
  path: string,
  {
    seconds,
    excerpt,
    at,
    format,
    keep = false,
  }: { seconds: number; excerpt: Pcm; at: number; format: WavFormat; keep?: boolean },
) {
  const { sampleRate, channels } = excerpt;
  const frames = Math.round(seconds * sampleRate);
  const head = wavHeader(sampleRate, channels.length, format, frames);
  const block = channels.length * BYTES[format];
  const body = new Uint8Array(channels[0]!.length * block);
  writeSamples(body, 0, channels, format, 0, channels[0]!.length);
  // `keep`: another excerpt into the master already written there, at its own place.
  const file = await open(path, keep ? "r+" : "w");
  try {
    await file.write(head, 0, head.length, 0);
    await file.write(body, 0, body.length, head.length + Math.round(at * sampleRate) * block);
    await file.truncate(head.length + frames * block);
  } finally {
    await file.close();
  }
}

/**
 * FLAC bytes, as a FLAC encoder writes them but uncompressed: frames of 4096 samples, each channel a VERBATIM
 * subframe, or a CONSTANT one where the block is digital silence (how a long master of silence stays small).
 * Every header has its CRC-8 and every frame its CRC-16, so any reader takes it as a real FLAC file.
 */
export function flac(pcm: Pcm, bitsPerSample: 16 | 24 = 16): Uint8Array {
  return flacOf({
    sampleRate: pcm.sampleRate,
    seconds: pcm.channels[0]!.length / pcm.sampleRate,
    bitsPerSample,
    audio: (start, size) => pcm.channels.map((c) => c.subarray(start, start + size)),
  });
}

/** A FLAC master of any length: `audio` gives each block's samples, or undefined where the master is silent. */
export function flacOf(master: FlacMaster): Uint8Array {
  const parts = [...flacParts(master)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

export interface FlacMaster {
  sampleRate: number;
  seconds: number;
  bitsPerSample: 16 | 24;
  audio: (start: number, size: number) => Float32Array[] | undefined;
}

/** A FLAC file's bytes in order, header then frame by frame: for writing a master too large to hold. */
export function* flacParts({ sampleRate, seconds, bitsPerSample, audio }: FlacMaster): Generator<Uint8Array> {
  const total = Math.round(seconds * sampleRate);
  const block = 4096;
  yield streamInfo(sampleRate, 2, bitsPerSample, total, block);
  for (let start = 0, number = 0; start < total; start += block, number++) {
    const size = Math.min(block, total - start);
    yield flacFrame(audio(start, size), size, number, sampleRate, bitsPerSample, block);
  }
}

function streamInfo(sampleRate: number, channelCount: number, bits: number, total: number, block: number): Uint8Array {
  const out = new Uint8Array(4 + 4 + 34);
  out.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34]);
  const s = 8;
  out.set([block >> 8, block & 0xff, block >> 8, block & 0xff, 0, 0, 0, 0, 0, 0], s);
  out[s + 10] = (sampleRate >> 12) & 0xff;
  out[s + 11] = (sampleRate >> 4) & 0xff;
  out[s + 12] = ((sampleRate & 0x0f) << 4) | ((channelCount - 1) << 1) | ((bits - 1) >> 4);
  out[s + 13] = (((bits - 1) & 0x0f) << 4) | Math.floor(total / 2 ** 32);
  new DataView(out.buffer).setUint32(s + 14, total % 2 ** 32);
  return out;
}

const RATE_CODES: Record<number, number> = {
  88200: 1,
  176400: 2,
  192000: 3,
  8000: 4,
  16000: 5,
  22050: 6,
  24000: 7,
  32000: 8,
  44100: 9,
  48000: 10,
  96000: 11,
};

function flacFrame(
  channels: Float32Array[] | undefined,
  size: number,
  number: number,
  rate: number,
  bits: 16 | 24,
  block: number,
): Uint8Array {
  const header: number[] = [
    0xff,
    0xf8,
    ((size === block ? 12 : 7) << 4) | (RATE_CODES[rate] ?? 0),
    (1 << 4) | ((bits === 16 ? 4 : 6) << 1),
  ];
  header.push(...utf8Number(number));
  if (size !== block) header.push((size - 1) >> 8, (size - 1) & 0xff);
  header.push(crc8(header));
  const bytes = bits / 8;
  const scale = 2 ** (bits - 1) - 1;
  const body = new Uint8Array(channels ? 2 * (1 + size * bytes) : 2 * (1 + bytes));
  let p = 0;
  for (let c = 0; c < 2; c++) {
    if (!channels) {
      p += 1 + bytes; // a CONSTANT subframe of zero: its header byte and the value are all zero bits
      continue;
    }
    body[p++] = 0x02;
    for (const x of channels[c]!) {
      const v = Math.round(Math.max(-1, Math.min(1, x)) * scale);
      for (let b = bytes - 1; b >= 0; b--) body[p++] = (v >> (8 * b)) & 0xff;
    }
  }
  const frame = new Uint8Array(header.length + body.length + 2);
  frame.set(header);
  frame.set(body, header.length);
  const crc = crc16(frame.subarray(0, frame.length - 2));
  frame.set([crc >> 8, crc & 0xff], frame.length - 2);
  return frame;
}

/** A frame number as FLAC writes it, UTF-8 style: the lead byte's ones count the bytes. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  const tail: number[] = [];
  let [lead, room] = [0xc0, 0x1f];
  for (;;) {
    tail.unshift(0x80 | (n & 0x3f));
    n = Math.floor(n / 64);
    if (n <= room) break;
    [lead, room] = [0x80 | (lead >> 1), room >> 1];
  }
  return [lead | n, ...tail];
}

function crc8(bytes: ArrayLike<number>): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const CRC16 = Uint16Array.from({ length: 256 }, (_, i) => {
  let crc = i << 8;
  for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ bytes[i]!]!;
  return crc;
}

/** Bytes overwritten with noise from `from` to `to` (fractions of the file): damage, as a bad copy or disk leaves it. */
export function damaged(bytes: Uint8Array, from: number, to: number): Uint8Array {
  const out = bytes.slice();
  const next = random(99);
  for (let i = Math.floor(from * out.length); i < Math.floor(to * out.length); i++) out[i] = Math.floor(next() * 256);
  return out;
}
