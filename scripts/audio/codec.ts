import decode from "audio-decode";
import { createMp3Encoder } from "wasm-media-encoders";
import type { Pcm } from "./pcm";

/** WAV, FLAC or MP3 bytes as samples. Throws with the decoder's own words when the bytes are none of these. */
export async function decodeAudio(bytes: Uint8Array): Promise<Pcm> {
  const { channelData, sampleRate } = await decode(bytes);
  if (!sampleRate || channelData.length === 0 || channelData[0]!.length === 0) throw new Error("it holds no audio");
  return { sampleRate, channels: channelData };
}

/** MP3 settings: LAME's VBR quality 2 (about 130 to 190 kbps), which every browser plays. */
export const MP3 = { vbrQuality: 2 } as const;

/** Stereo audio as an MP3 file. */
export async function encodeMp3(pcm: Pcm): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: pcm.sampleRate, channels: 2, ...MP3 });
  const [left, right] = pcm.channels as [Float32Array, Float32Array];
  const chunks: Uint8Array[] = [];
  const step = 1152 * 32;
  for (let i = 0; i < left.length; i += step) chunks.push(encoder.encode([left.subarray(i, i + step), right.subarray(i, i + step)]).slice());
  chunks.push(encoder.finalize().slice());
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
