import { decoder } from "@audio/decode-mp3";
import type { FileHandle } from "node:fs/promises";
import { ascii, CHUNK_BYTES, Damaged, readAt, SourceError, type SourceStream } from "./stream";

/** Frames decoded before the one an excerpt starts in: enough to refill the bit reservoir later frames borrow from. */
const PREROLL_FRAMES = 16;

/** Frames do not say where they are: the file is walked by its 4-byte headers, never decoded, to the excerpt. */
export async function openMp3(file: FileHandle, size: number, tagBytes: number): Promise<SourceStream> {
  const head = await readAt(file, tagBytes, 4096);
  const firstAt = head.findIndex(
    (_, p) => frameOf(head, p) !== undefined && frameOf(head, p + frameOf(head, p)!.bytes) !== undefined,
  );
  if (firstAt < 0) throw new SourceError(`cannot be read as MP3: no audio frame follows its start. Export it again`);
  const first = frameOf(head, firstAt)!;
  // A Xing or Info frame is the encoder's note of the file's length; it carries no audio.
  const tagAt = firstAt + tagOffset(first);
  const note = ["Xing", "Info"].includes(ascii(head, tagAt, tagAt + 4));
  const view = new DataView(head.buffer, head.byteOffset);
  const xingFrames = note && view.getUint32(tagAt + 4) & 0x01 ? view.getUint32(tagAt + 8) : undefined;
  const audioStart = tagBytes + firstAt + (note ? first.bytes : 0);

  return {
    format: "MP3",
    sampleRate: first.sampleRate,
    channels: first.channels,
    declaredFrames: xingFrames === undefined ? undefined : xingFrames * first.samples,
    async *from(frame) {
      const startFrame = Math.max(0, Math.floor(frame / first.samples) - PREROLL_FRAMES);
      const start = startFrame === 0 ? { offset: tagBytes, index: 0 } : await walk(file, size, audioStart, startFrame);
      const decode = await decoder();
      try {
        let at = start.index * first.samples;
        for (let offset = start.offset; offset < size; offset += CHUNK_BYTES) {
          const bytes = await readAt(file, offset, CHUNK_BYTES);
          const out = quietly(() => decode.decode(bytes)) as {
            channelData: Float32Array[];
            errors?: { outputSamples: number }[];
          };
          // Errors in the preroll are the reservoir refilling; past where the excerpt starts, they are damage.
          const damage = out.errors?.find((e) => start.index * first.samples + e.outputSamples >= frame);
          if (damage) throw new Damaged(start.index * first.samples + damage.outputSamples, "damaged");
          if (out.channelData.length > 0) yield { at, channels: out.channelData };
          at += out.channelData[0]?.length ?? 0;
        }
        if (xingFrames !== undefined && at < (xingFrames - 2) * first.samples) throw new Damaged(at, "short");
      } finally {
        decode.free();
      }
    },
  };
}

/** Damage on the way counts as the frames its bytes would hold: only where the excerpt starts depends on it. */
async function walk(file: FileHandle, size: number, from: number, index: number) {
  let [offset, count, frameBytes, skipped] = [from, 0, 0, 0];
  let bytes = await readAt(file, offset, CHUNK_BYTES);
  let p = 0;
  const counted = () => count + (frameBytes > 0 ? Math.round((skipped * count) / frameBytes) : 0);
  while (counted() < index) {
    if (p + 8 > bytes.length) {
      offset += p;
      if (offset >= size) break;
      [bytes, p] = [await readAt(file, offset, CHUNK_BYTES), 0];
      continue;
    }
    const frame = frameOf(bytes, p);
    if (frame) {
      p += frame.bytes;
      frameBytes += frame.bytes;
      count++;
    } else {
      p++;
      skipped++;
    }
  }
  return { offset: offset + p, index: counted() };
}

const SAMPLE_RATES = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]];
// Kilobits per second, by [MPEG-1 or not][layer III, II, I][index].
const BITRATES = [
  [
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  ],
  [
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  ],
];

export function frameOf(b: Uint8Array, p: number) {
  if (p + 4 > b.length || b[p] !== 0xff || (b[p + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (b[p + 1]! >> 3) & 0x03;
  const layer = (b[p + 1]! >> 1) & 0x03;
  const [rateIndex, sampleIndex, padding] = [b[p + 2]! >> 4, (b[p + 2]! >> 2) & 0x03, (b[p + 2]! >> 1) & 0x01];
  if (version === 1 || layer === 0 || rateIndex === 0 || rateIndex === 15 || sampleIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = SAMPLE_RATES[version]![sampleIndex]!;
  const kbps = BITRATES[mpeg1 ? 1 : 0]![layer - 1]![rateIndex]!;
  const samples = layer === 3 ? 384 : layer === 1 && !mpeg1 ? 576 : 1152;
  const bytes =
    layer === 3
      ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
      : Math.floor((samples / 8) * ((kbps * 1000) / sampleRate)) + padding;
  return { bytes, samples, sampleRate, channels: b[p + 3]! >> 6 === 3 ? 1 : 2 };
}

type Frame = NonNullable<ReturnType<typeof frameOf>>;

/** Where a Layer III frame's data starts, after its header and side information: where a Xing frame's tag is. */
function tagOffset(frame: Frame): number {
  const mpeg1 = frame.samples === 1152 && frame.sampleRate >= 32000;
  return 4 + (mpeg1 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17);
}

/** The fields present: frame count, byte count, table of contents. */
const XING_FLAGS = 0x7;
const TOC_ENTRIES = 100;
const XING_BYTES = 4 + 4 + 4 + 4 + TOC_ENTRIES;

/**
 * Without a Xing frame a VBR MP3 has no length: WebKit, given one from memory, reports 0 and ends at a seek. The frame
 * is silent and carries no audio; every decoder skips it.
 */
export function withXingFrame(mp3: Uint8Array): Uint8Array {
  const offsets: number[] = [];
  for (let p = 0; p < mp3.length; ) {
    const frame = frameOf(mp3, p);
    if (!frame) throw new Error(`not a clean MP3 stream: no frame header at byte ${p} of ${mp3.length}`);
    offsets.push(p);
    p += frame.bytes;
  }
  const first = frameOf(mp3, 0)!;
  // The first frame's header at the lowest bitrate whose frame holds the note; no CRC, no padding.
  const header = Uint8Array.of(0xff, mp3[1]! | 0x01, mp3[2]! & 0x0c, mp3[3]!);
  let note: Frame | undefined;
  do {
    header[2] = header[2]! + 0x10;
    note = frameOf(header, 0);
  } while (note && note.bytes < tagOffset(first) + XING_BYTES);
  if (!note) throw new Error("no MP3 bitrate makes a frame large enough for a Xing frame");

  const out = new Uint8Array(note.bytes + mp3.length);
  out.set(header);
  out.set(mp3, note.bytes);
  const view = new DataView(out.buffer);
  let at = tagOffset(first);
  out.set(Buffer.from("Xing", "latin1"), at);
  view.setUint32((at += 4), XING_FLAGS);
  view.setUint32((at += 4), offsets.length);
  view.setUint32((at += 4), out.length);
  at += 4;
  for (let i = 0; i < TOC_ENTRIES; i++) {
    const offset = note.bytes + offsets[Math.floor((i / TOC_ENTRIES) * offsets.length)]!;
    out[at + i] = Math.min(255, Math.floor((offset / out.length) * 256));
  }
  return out;
}

/** mpg123 prints each frame it cannot decode as well as returning it; the build says what that means itself. */
function quietly<T>(run: () => T): T {
  const error = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = error;
  }
}
