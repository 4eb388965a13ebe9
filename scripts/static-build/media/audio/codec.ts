import { decoder as mpegDecoder } from "@audio/decode-mp3";
import { createMp3Encoder } from "wasm-media-encoders";
import { withXingFrame } from "./mp3";
import type { Pcm } from "./pcm";

/** LAME's VBR quality 2: about 130 to 190 kbps. */
export const MP3 = { vbrQuality: 2 } as const;

/** Above 48 kHz, the most MP3 holds, LAME resamples to it. */
export async function encodeMp3(pcm: Pcm): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: pcm.sampleRate, channels: 2, ...MP3 });
  const [left, right] = pcm.channels as [Float32Array, Float32Array];
  const chunks: Uint8Array[] = [];
  const step = 1152 * 32;
  for (let i = 0; i < left.length; i += step)
    chunks.push(encoder.encode([left.subarray(i, i + step), right.subarray(i, i + step)]).slice());
  chunks.push(encoder.finalize().slice());
  return withXingFrame(Buffer.concat(chunks));
}

/** Both channels are kept, even when they are the same. */
export async function decodeMp3(bytes: Uint8Array): Promise<Pcm> {
  // The decoder by name, not the package's default export: the dev server bundles this code as CommonJS, where an
  // ES module's default export arrives as the whole module.
  const decode = await mpegDecoder();
  try {
    const { channelData, sampleRate } = decode.decode(bytes);
    return { sampleRate, channels: channelData };
  } finally {
    decode.free();
  }
}
