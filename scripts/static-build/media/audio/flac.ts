import { decoder } from "@audio/decode-flac";
import type { FileHandle } from "node:fs/promises";
import { CHUNK_BYTES, Damaged, readAt, SourceError, type SourceStream } from "./stream";

/** Frames carry their position, so an excerpt is found by bisection: any master costs about what the excerpt does. */
export async function openFlac(file: FileHandle, size: number, tagBytes: number): Promise<SourceStream> {
  let position = tagBytes + 4;
  let info: StreamInfo | undefined;
  for (let last = false; !last; ) {
    const block = await readAt(file, position, 4);
    if (block.length < 4) throw new SourceError(`cannot be read as FLAC: it ends inside its header. Export it again`);
    last = (block[0]! & 0x80) !== 0;
    const length = (block[1]! << 16) | (block[2]! << 8) | block[3]!;
    if ((block[0]! & 0x7f) === 0) info = streamInfo(await readAt(file, position + 4, 34));
    position += 4 + length;
  }
  if (!info) throw new SourceError(`cannot be read as FLAC: it has no STREAMINFO block. Export it again`);
  const first = await frameAfter(file, position, info);
  if (!first) throw new SourceError(`cannot be read as FLAC: no audio frame follows its header. Export it again`);
  // Past this many bytes with no audio out, the decoder has met a frame it cannot read (it does not say so).
  const silentLimit = Math.max(4 * info.maxFrameBytes, CHUNK_BYTES) + CHUNK_BYTES;

  return {
    format: "FLAC",
    sampleRate: info.sampleRate,
    channels: info.channels,
    declaredFrames: info.totalSamples || undefined,
    async *from(frame) {
      // The last frame that starts at or before `frame`, by bisecting the bytes between the first frame and the end.
      let [start, high] = [first, size];
      while (frame > 0 && high - start.offset > reach(info)) {
        const middle = start.offset + Math.floor((high - start.offset) / 2);
        const found = await frameAfter(file, middle, info);
        if (!found || found.offset >= high || found.sample > frame) high = middle;
        else start = found;
      }
      const decode = await decoder();
      try {
        decode.decode(Uint8Array.of(0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34, ...info.bytes));
        let at = start.sample;
        let silent = 0;
        for (let offset = start.offset; offset < size; offset += CHUNK_BYTES) {
          const bytes = await readAt(file, offset, CHUNK_BYTES);
          const out = decoded(() => decode.decode(bytes), at);
          silent = out.length > 0 ? 0 : silent + bytes.length;
          if (silent > silentLimit) throw new Damaged(at, "damaged");
          if (out.length > 0) yield { at, channels: out };
          at += out[0]?.length ?? 0;
        }
        const out = decoded(() => decode.flush(), at);
        if (out.length > 0) yield { at, channels: out };
        at += out[0]?.length ?? 0;
        if (info.totalSamples && at < info.totalSamples) {
          // Short of what STREAMINFO says: a frame further on means one before it could not be decoded; none, a file cut short.
          const last = await frameAfter(file, Math.max(start.offset, size - 2 * reach(info)), info);
          throw new Damaged(at, last && last.sample > at ? "damaged" : "short");
        }
      } finally {
        decode.free();
      }
    },
  };
}

function decoded(run: () => { channelData: Float32Array[] }, at: number): Float32Array[] {
  try {
    return run().channelData;
  } catch {
    throw new Damaged(at, "damaged");
  }
}

type StreamInfo = ReturnType<typeof streamInfo>;

function streamInfo(b: Uint8Array) {
  if (b.length < 34)
    throw new SourceError(`cannot be read as FLAC: its STREAMINFO block is cut short. Export it again`);
  const sampleRate = (b[10]! << 12) | (b[11]! << 4) | (b[12]! >> 4);
  const channels = ((b[12]! >> 1) & 0x07) + 1;
  const bitsPerSample = (((b[12]! & 0x01) << 4) | (b[13]! >> 4)) + 1;
  const totalSamples = (b[13]! & 0x0f) * 2 ** 32 + ((b[14]! << 24) >>> 0) + (b[15]! << 16) + (b[16]! << 8) + b[17]!;
  if (sampleRate === 0)
    throw new SourceError(`cannot be read as FLAC: its STREAMINFO gives no sample rate. Export it again`);
  return {
    /** The block itself, 34 bytes, to hand the decoder. */
    bytes: b.slice(0, 34),
    minBlock: (b[0]! << 8) | b[1]!,
    maxBlock: (b[2]! << 8) | b[3]!,
    maxFrameBytes: (b[7]! << 16) | (b[8]! << 8) | b[9]!,
    sampleRate,
    channels,
    bitsPerSample,
    /** 0 when the encoder did not know. */
    totalSamples,
  };
}

/** A stretch sure to hold a frame's start: two of the largest frames, or 64 KiB where STREAMINFO does not say. */
const reach = (info: StreamInfo) => Math.max(2 * info.maxFrameBytes, 1 << 16);

async function frameAfter(file: FileHandle, offset: number, info: StreamInfo) {
  const bytes = await readAt(file, offset, reach(info) + 32);
  for (let p = 0; p + 16 < bytes.length; p++) {
    if (bytes[p] !== 0xff || (bytes[p + 1]! & 0xfe) !== 0xf8) continue;
    const sample = frameHeader(bytes, p, info);
    if (sample !== undefined) return { offset: offset + p, sample };
  }
  return undefined;
}

const RATES = [0, 88200, 176400, 192000, 8000, 16000, 22050, 24000, 32000, 44100, 48000, 96000];
const BITS = [0, 8, 12, 0, 16, 20, 24, 32];

/** CRC-8 and STREAMINFO must agree, so that audio data that looks like a sync code is never taken for a frame. */
function frameHeader(b: Uint8Array, p: number, info: StreamInfo): number | undefined {
  const variable = (b[p + 1]! & 0x01) === 1;
  const [sizeCode, rateCode] = [b[p + 2]! >> 4, b[p + 2]! & 0x0f];
  const [channelCode, bitsCode] = [b[p + 3]! >> 4, (b[p + 3]! >> 1) & 0x07];
  if (sizeCode === 0 || rateCode === 15 || channelCode > 10 || bitsCode === 3 || (b[p + 3]! & 0x01) !== 0)
    return undefined;
  if ((channelCode < 8 ? channelCode + 1 : 2) !== info.channels) return undefined;
  if (rateCode > 0 && rateCode < 12 && RATES[rateCode] !== info.sampleRate) return undefined;
  if (bitsCode > 0 && BITS[bitsCode] !== info.bitsPerSample) return undefined;
  // The frame (or sample) number, UTF-8 style: the first byte's leading ones count the bytes that follow (at most 6).
  const lead = b[p + 4]!;
  const ones = Math.clz32(~(lead << 24));
  if (ones === 1) return undefined;
  const extra = Math.min(Math.max(ones - 1, 0), 6);
  let number = extra === 0 ? lead : lead & (0x3f >> extra);
  for (let i = 1; i <= extra; i++) {
    const next = b[p + 4 + i]!;
    if ((next & 0xc0) !== 0x80) return undefined;
    number = number * 64 + (next & 0x3f);
  }
  const numberEnd = p + 5 + extra;
  const q =
    numberEnd +
    (sizeCode === 6 ? 1 : sizeCode === 7 ? 2 : 0) +
    (rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0);
  if (q >= b.length || crc8(b, p, q) !== b[q]) return undefined;
  const sample = variable
    ? number
    : number * (info.minBlock === info.maxBlock ? info.maxBlock : blockSize(b, numberEnd, sizeCode));
  if (info.totalSamples && sample >= info.totalSamples) return undefined;
  return sample;
}

function blockSize(b: Uint8Array, numberEnd: number, code: number): number {
  if (code === 1) return 192;
  if (code <= 5) return 576 << (code - 2);
  if (code >= 8) return 256 << (code - 8);
  // 6 and 7: the size less one, in the byte or two after the frame number.
  return (code === 6 ? b[numberEnd]! : (b[numberEnd]! << 8) | b[numberEnd + 1]!) + 1;
}

function crc8(b: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= b[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}
