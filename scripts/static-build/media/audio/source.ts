import { open, readdir, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { openFlac } from "./flac";
import { openMp3 } from "./mp3";
import { ascii, Damaged, readAt, SourceError, type SourceStream } from "./stream";
import { openWav } from "./wav";

export { SourceError };

interface ExcerptRange {
  start?: number;
  /** How long; when not given, as much as there is, up to `longest` and at least `shortest`. */
  seconds?: number;
  longest: number;
  shortest: number;
}

/** Its first two channels. Memory holds the excerpt and a chunk of the file, never the file. */
export async function readExcerpt(path: string, { start = 0, seconds, longest, shortest }: ExcerptRange) {
  const file = await opened(path);
  try {
    const { size } = await file.stat();
    const stream = await openSource(file, size);
    const rate = stream.sampleRate;
    const sourceSeconds = stream.declaredFrames === undefined ? undefined : stream.declaredFrames / rate;
    const first = Math.round(start * rate);
    const wanted = Math.round((seconds ?? longest) * rate);
    const channels = [new Float32Array(wanted), new Float32Array(wanted)];
    let filled = 0;
    try {
      for await (const chunk of stream.from(first)) {
        const from = Math.max(chunk.at, first);
        const to = Math.min(chunk.at + chunk.channels[0]!.length, first + wanted);
        for (let c = 0; c < 2 && from < to; c++)
          channels[c]!.set(
            chunk.channels[Math.min(c, chunk.channels.length - 1)]!.subarray(from - chunk.at, to - chunk.at),
            from - first,
          );
        filled = Math.max(filled, to - first);
        if (filled >= wanted) break;
      }
    } catch (error) {
      if (!(error instanceof Damaged)) throw error;
      const at = clock(error.atFrame / rate);
      const length = sourceSeconds ? ` (its header says it is ${clock(sourceSeconds)} long)` : "";
      throw new SourceError(
        error.kind === "damaged"
          ? `is damaged at ${at}: no audio can be decoded from there on${length}. Export it again`
          : `ends at ${at}${length}: the file was cut short, by an export or a copy that did not finish. Export or copy it again`,
      );
    }
    const got = filled / rate;
    if (filled < wanted && (seconds !== undefined || got < shortest)) {
      const length = clock(start + Math.max(got, 0));
      throw new SourceError(
        seconds !== undefined
          ? `is ${length} long: it has no ${seconds} s from ${clock(start)} on`
          : `is ${length} long: from ${clock(start)} on it has ${clock(got)}, and a preview needs at least ${shortest} s`,
      );
    }
    return {
      pcm: { sampleRate: rate, channels: channels.map((c) => c.subarray(0, filled)) },
      format: stream.format,
      start,
      /** The file's length in seconds, where its header says. */
      sourceSeconds,
      /** A mono file's one channel is read into both ears. */
      channels: stream.channels,
    };
  } finally {
    await file.close();
  }
}

export type Excerpt = Awaited<ReturnType<typeof readExcerpt>>;

async function opened(path: string): Promise<FileHandle> {
  try {
    const file = await open(path, "r");
    if ((await file.stat()).isDirectory()) {
      await file.close();
      throw new SourceError(`is a folder, not an audio file`);
    }
    return file;
  } catch (error) {
    if (error instanceof SourceError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      const there = await readdir(dirname(path)).catch(() => [] as string[]);
      const audio = there.filter((name) => /\.(wav|flac|mp3)$/i.test(name));
      const holds =
        audio.length === 0 ? "no audio file" : `${audio.slice(0, 5).join(", ")}${audio.length > 5 ? ", …" : ""}`;
      throw new SourceError(`does not exist: there is no such file (the folder holds ${holds})`);
    }
    if (code === "EACCES" || code === "EPERM")
      throw new SourceError(`cannot be read: permission denied (${code}). Check the file's permissions`);
    throw new SourceError(`cannot be read: ${(error as Error).message}`);
  }
}

/** Told apart by its first bytes, not its name. */
async function openSource(file: FileHandle, size: number): Promise<SourceStream> {
  const head = await readAt(file, 0, 12);
  const text = (from: number, to: number) => ascii(head, from, to);
  if ((text(0, 4) === "RIFF" || text(0, 4) === "RF64") && text(8, 12) === "WAVE") return openWav(file, size);
  if (text(0, 4) === "fLaC") return openFlac(file, size, 0);
  if (text(0, 3) === "ID3") {
    // An ID3 tag (size in 7-bit bytes) can stand before a FLAC stream as well as an MP3 one.
    const after = 10 + ((head[6]! << 21) | (head[7]! << 14) | (head[8]! << 7) | head[9]!) + (head[5]! & 0x10 ? 10 : 0);
    const next = await readAt(file, after, 4);
    if (ascii(next, 0, 4) === "fLaC") return openFlac(file, size, after);
    return openMp3(file, size, after);
  }
  if (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return openMp3(file, size, 0);
  throw new SourceError(
    `cannot be read as WAV, FLAC or MP3: it does not start as any of them. Export it again as one of these`,
  );
}

/** "6.5 s", "30:00", "1:30:00": how an owner reads a place in a long recording. */
export function clock(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
