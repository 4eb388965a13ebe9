import type { FileHandle } from "node:fs/promises";

/**
 * An owner's audio file, read as a stream from a frame on: what each format's reader gives (wav.ts, flac.ts,
 * mp3.ts). Each reader seeks to about the frame asked for, so reading an excerpt costs the excerpt, not the file.
 */
export interface SourceStream {
  format: "WAV" | "FLAC" | "MP3";
  sampleRate: number;
  channels: number;
  /** How many frames (samples per channel) the file's header says it holds, where it says. */
  declaredFrames?: number;
  /** Decoded chunks from about `frame` on (at or before it), each with the index of its first frame. */
  from(frame: number): AsyncGenerator<{ at: number; channels: Float32Array[] }>;
}

/** A file that cannot give a preview; the message completes "fields[i].preview (file) …". */
export class SourceError extends Error {}

/** Decoding stopped at a frame: the bytes from there on are not valid audio ("damaged"), or the file ends before its header says ("short"). */
export class Damaged extends Error {
  constructor(
    readonly atFrame: number,
    readonly kind: "damaged" | "short",
  ) {
    super(`${kind} at frame ${atFrame}`);
  }
}

/** `length` bytes from `position` (fewer at the end of the file). */
export async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** How much of a file a reader takes at a time: enough to keep the disk busy, little enough to never matter. */
export const CHUNK_BYTES = 1 << 20;

export const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
