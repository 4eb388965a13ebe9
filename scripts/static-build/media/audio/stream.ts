import type { FileHandle } from "node:fs/promises";

/** Each reader seeks to about the frame asked for, so reading an excerpt costs the excerpt, not the file. */
export interface SourceStream {
  format: "WAV" | "FLAC" | "MP3";
  sampleRate: number;
  channels: number;
  /** Frames are samples per channel. */
  declaredFrames?: number;
  /** Starts at or before `frame`. */
  from(frame: number): AsyncGenerator<{ at: number; channels: Float32Array[] }>;
}

/** A file that cannot give a preview; the message completes "fields[i].preview (file) …". */
export class SourceError extends Error {}

/**
 * Decoding stopped at `atFrame`: "damaged", the bytes from there on are not valid audio; "short", the file ends before
 * its header says.
 */
export class Damaged extends Error {
  constructor(
    readonly atFrame: number,
    readonly kind: "damaged" | "short",
  ) {
    super(`${kind} at frame ${atFrame}`);
  }
}

/** Fewer bytes at the end of the file. */
export async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** How much of a file a reader takes at a time: enough to keep the disk busy, little enough to never matter. */
export const CHUNK_BYTES = 1 << 20;

export const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
