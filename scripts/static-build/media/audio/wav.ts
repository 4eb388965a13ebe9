import { decoder } from "@audio/decode-wav";
import type { FileHandle } from "node:fs/promises";
import { ascii, CHUNK_BYTES, Damaged, readAt, SourceError, type SourceStream } from "./stream";

// WAVE format tags the decoder reads: integer PCM, float, A-law, µ-law (WAVE_FORMAT_EXTENSIBLE names one of them).
const READABLE = new Set([1, 3, 6, 7]);

/** An excerpt is read from its own byte offset, so a master of any length costs what the excerpt does. */
export async function openWav(file: FileHandle, size: number): Promise<SourceStream> {
  const rf64 = ascii(await readAt(file, 0, 4), 0, 4) === "RF64";
  let format: Uint8Array | undefined;
  let data: { start: number; bytes: number } | undefined;
  let longSize: number | undefined;
  for (let position = 12; position + 8 <= size && !data; ) {
    const header = await readAt(file, position, 8);
    const view = new DataView(header.buffer, header.byteOffset);
    const [id, bytes] = [ascii(header, 0, 4), view.getUint32(4, true)];
    if (id === "fmt ") format = await readAt(file, position + 8, Math.min(bytes, 64));
    if (id === "ds64")
      longSize = Number(new DataView((await readAt(file, position + 8, 16)).buffer).getBigUint64(8, true));
    if (id === "data")
      data = { start: position + 8, bytes: rf64 && bytes === 0xffffffff && longSize !== undefined ? longSize : bytes };
    position += 8 + bytes + (bytes & 1);
  }
  if (!format || format.length < 16)
    throw new SourceError(`cannot be read as WAV: it has no format chunk. Export it again`);
  if (!data) throw new SourceError(`cannot be read as WAV: it has no audio (no data chunk). Export it again`);
  const view = new DataView(format.buffer, format.byteOffset, format.length);
  const tag =
    view.getUint16(0, true) === 0xfffe && format.length >= 26 ? view.getUint16(24, true) : view.getUint16(0, true);
  if (!READABLE.has(tag)) {
    throw new SourceError(
      `is a WAV file in a compressed encoding (format 0x${tag.toString(16)}), which the build does not read: export it as PCM WAV, FLAC or MP3`,
    );
  }
  const [channels, sampleRate, blockAlign] = [
    view.getUint16(2, true),
    view.getUint32(4, true),
    view.getUint16(12, true),
  ];
  if (channels === 0 || sampleRate === 0 || blockAlign === 0)
    throw new SourceError(`cannot be read as WAV: its format chunk says it holds no audio. Export it again`);
  const declaredFrames = Math.floor(data.bytes / blockAlign);
  const presentFrames = Math.floor(Math.min(data.bytes, size - data.start) / blockAlign);
  const { start } = data;

  return {
    format: "WAV",
    sampleRate,
    channels,
    declaredFrames,
    async *from(frame) {
      const decode = decoder();
      try {
        // A RIFF header around the file's own format chunk, and a data chunk of unknown length (0): what it reads first.
        decode.decode(
          Buffer.concat([
            Buffer.from("RIFF\0\0\0\0WAVEfmt "),
            Uint8Array.of(format.length, 0, 0, 0),
            format,
            Buffer.from("data\0\0\0\0"),
          ]),
        );
        const step = Math.max(1, Math.floor(CHUNK_BYTES / blockAlign));
        for (let at = frame; at < presentFrames; at += step) {
          const bytes = await readAt(file, start + at * blockAlign, Math.min(step, presentFrames - at) * blockAlign);
          yield { at, channels: decode.decode(bytes).channelData };
        }
        if (presentFrames < declaredFrames) throw new Damaged(presentFrames, "short");
      } finally {
        decode.free();
      }
    },
  };
}
