import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeMp3 } from "./codec";
import { frameOf } from "./mp3";
import { damaged, flac, flacOf, render, sparseWav, wav, type Signal } from "../../../test/audio-corpus";
import type { Pcm } from "./pcm";
import { readExcerpt, SourceError } from "./source";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-sources-"));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * A tone in each ear whose level steps every second through five values: the level at the start of an excerpt
 * says where in the file it was taken from, in any format, lossy ones included.
 */
const stepLevel = (t: number) => 0.1 + 0.08 * (Math.floor(t) % 5);
const stepped =
  (rate: number, hz: number): Signal =>
  (i) =>
    stepLevel(i / rate) * Math.sin((2 * Math.PI * hz * i) / rate);
const clockTrack = (rate: number, seconds: number): Pcm =>
  render({ rate, seconds, left: [stepped(rate, 300)], right: [stepped(rate, 306)] });

/** The level the excerpt's first second has, as the stepped tone's peak. */
function levelAtStart(pcm: Pcm): number {
  const [from, to] = [Math.round(0.2 * pcm.sampleRate), Math.round(0.8 * pcm.sampleRate)];
  const left = pcm.channels[0]!.subarray(from, to);
  return Math.SQRT2 * Math.sqrt(left.reduce((s, x) => s + x * x, 0) / left.length);
}

const withoutFirstFrame = (mp3: Uint8Array) => mp3.subarray(frameOf(mp3, 0)!.bytes);

async function file(name: string, bytes: Uint8Array | Promise<Uint8Array>): Promise<string> {
  const path = join(work, name);
  await writeFile(path, await bytes);
  return path;
}

async function refusal(path: string, range: { start?: number; seconds?: number } = {}): Promise<string> {
  const error = await readExcerpt(path, { longest: 60, shortest: 5, ...range }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error.message;
}

describe("an excerpt is read from where it starts, in every format an editor exports", () => {
  it.each([
    ["WAV, 16-bit, 44.1 kHz", "a.wav", () => wav(clockTrack(44_100, 12), "int16"), 44_100, 12],
    ["WAV, 24-bit, 96 kHz", "b.wav", () => wav(clockTrack(96_000, 12), "int24"), 96_000, 12],
    [
      "WAV, 32-bit float (WAVE_FORMAT_EXTENSIBLE), 48 kHz",
      "c.wav",
      () => wav(clockTrack(48_000, 12), "float32"),
      48_000,
      12,
    ],
    ["FLAC, 24-bit, 48 kHz", "d.flac", () => flac(clockTrack(48_000, 12), 24), 48_000, 12],
    // With the Xing frame LAME writes, which counts its frames (and the encoder's delay and last frame's padding).
    ["MP3 (LAME), 44.1 kHz", "e.mp3", () => encodeMp3(clockTrack(44_100, 12)), 44_100, 12],
    // Without one, as some encoders write: its length is not known until it is read.
    [
      "MP3 without a Xing frame, 44.1 kHz",
      "f.mp3",
      async () => withoutFirstFrame(await encodeMp3(clockTrack(44_100, 12))),
      44_100,
      undefined,
    ],
  ] as const)("%s", async (_, name, make, rate, length) => {
    const path = await file(`clock-${name}`, make());
    const excerpt = await readExcerpt(path, { start: 7, seconds: 5, longest: 60, shortest: 5 });
    expect(excerpt.pcm.sampleRate).toBe(rate);
    expect(excerpt.pcm.channels[0]!.length).toBe(5 * rate);
    expect(levelAtStart(excerpt.pcm)).toBeCloseTo(stepLevel(7), 1);
    expect(excerpt.sourceSeconds === undefined ? undefined : Math.round(excerpt.sourceSeconds * 10) / 10).toBe(length);
  });
});

describe("a master of any length costs what its excerpt does", () => {
  // The bench (npm run bench) times whole builds of 45 s from such masters; here, that the excerpt is the right one.
  it("reads an excerpt from 30 minutes into a 90-minute 96 kHz 24-bit WAV of 3.1 GB, holding only the excerpt", async () => {
    // Over 2 GiB: a whole-file read fails here (ERR_FS_FILE_TOO_LARGE), which was once reported as a missing file.
    const path = join(work, "master-90min.wav");
    await sparseWav(path, { seconds: 90 * 60, excerpt: clockTrack(96_000, 12), at: 30 * 60 - 2, format: "int24" });
    const before = process.memoryUsage().rss;
    const excerpt = await readExcerpt(path, { start: 30 * 60, seconds: 8, longest: 60, shortest: 5 });
    expect(process.memoryUsage().rss - before).toBeLessThan(200e6);
    expect(excerpt.sourceSeconds).toBe(90 * 60);
    expect(excerpt.pcm.channels[0]!.length).toBe(8 * 96_000);
    expect(levelAtStart(excerpt.pcm)).toBeCloseTo(stepLevel(2), 1);
  });

  it("finds 30:00 in a 90-minute 96 kHz FLAC by its frame headers, without decoding the hour before", async () => {
    const track = clockTrack(96_000, 12);
    const from = (30 * 60 - 2) * 96_000;
    const master = flacOf({
      sampleRate: 96_000,
      seconds: 90 * 60,
      bitsPerSample: 24,
      audio: (start, size) =>
        start >= from && start + size <= from + 12 * 96_000
          ? track.channels.map((c) => c.subarray(start - from, start - from + size))
          : undefined,
    });
    const path = await file("master-90min.flac", master);
    const excerpt = await readExcerpt(path, { start: 30 * 60, seconds: 8, longest: 60, shortest: 5 });
    expect(excerpt.sourceSeconds).toBe(90 * 60);
    expect(levelAtStart(excerpt.pcm)).toBeCloseTo(stepLevel(2), 1);
    // Decoding every frame before 30:00 would have given silence first; the excerpt is the tone from its start.
    expect(excerpt.pcm.channels[0]!.subarray(0, 96_000).some((x) => Math.abs(x) > 0.05)).toBe(true);
  });

  it("walks an MP3's frame headers to where its excerpt starts", async () => {
    const path = await file("long.mp3", encodeMp3(clockTrack(8_000, 30)));
    const excerpt = await readExcerpt(path, { start: 23, seconds: 5, longest: 60, shortest: 5 });
    expect(levelAtStart(excerpt.pcm)).toBeCloseTo(stepLevel(23), 1);
  });
});

describe("a damaged file is named as damaged, at the time decoding failed, never as a shorter file", () => {
  const track = () => clockTrack(16_000, 20);

  it("a FLAC with frames overwritten: the time where they start", async () => {
    const bytes = flac(track());
    const path = await file("damaged.flac", damaged(bytes, 0.5, 0.6));
    const message = await refusal(path, { seconds: 20 });
    expect(message).toMatch(
      /^is damaged at (\d+(\.\d)?) s: no audio can be decoded from there on \(its header says it is 20 s long\)/,
    );
    expect(Number(message.match(/damaged at ([\d.]+) s/)![1])).toBeCloseTo(10, 0);
  });

  it("a FLAC damaged before the excerpt still gives the excerpt, which it does not touch", async () => {
    const path = await file("damaged-early.flac", damaged(flac(track()), 0.2, 0.3));
    const excerpt = await readExcerpt(path, { start: 12, seconds: 5, longest: 60, shortest: 5 });
    expect(levelAtStart(excerpt.pcm)).toBeCloseTo(stepLevel(12), 1);
  });

  it("an MP3 with frames overwritten", async () => {
    const path = await file("damaged.mp3", damaged(await encodeMp3(track()), 0.5, 0.55));
    expect(await refusal(path, { seconds: 20 })).toMatch(
      /^is damaged at 1\d(\.\d)? s: no audio can be decoded from there on/,
    );
  });

  it.each([
    ["a WAV", () => wav(track())],
    ["a FLAC", () => flac(track())],
  ])("%s cut short: where it ends, against the length its header gives", async (name, make) => {
    const bytes = make();
    const path = await file(`cut-${name.slice(2)}`, bytes.subarray(0, Math.round(bytes.length * 0.6)));
    expect(await refusal(path, { start: 5, seconds: 10 })).toMatch(
      /^ends at 1[12](\.\d)? s \(its header says it is 20 s long\): the file was cut short/,
    );
  });
});

describe("a mono file", () => {
  it("is read into both ears, and says it has one channel (a field with no binaural beat may be mono)", async () => {
    const mono = clockTrack(16_000, 8);
    const path = await file("mono.wav", wav({ ...mono, channels: [mono.channels[0]!] }));
    const excerpt = await readExcerpt(path, { start: 1, seconds: 5, longest: 60, shortest: 5 });
    expect(excerpt.channels).toBe(1);
    expect(excerpt.pcm.channels[1]).toEqual(excerpt.pcm.channels[0]);
    expect(Math.max(...excerpt.pcm.channels[0]!.map(Math.abs))).toBeGreaterThan(0.1);
  });
});

describe("a file that cannot give an excerpt says why", () => {
  it("one too short for what is asked", async () => {
    const path = await file("short.wav", wav(clockTrack(16_000, 20)));
    expect(await refusal(path, { start: 0, seconds: 45 })).toBe("is 20 s long: it has no 45 s from 0 s on");
    expect(await refusal(path, { start: 18 })).toBe(
      "is 20 s long: from 18 s on it has 2 s, and a preview needs at least 5 s",
    );
  });

  it("one that is not audio, one that is a folder, one that is not there (naming what is)", async () => {
    expect(await refusal(await file("notes.wav", new TextEncoder().encode("these are my notes, not audio")))).toMatch(
      /^cannot be read as WAV, FLAC or MP3/,
    );
    await mkdir(join(work, "folder.flac"));
    expect(await refusal(join(work, "folder.flac"))).toBe("is a folder, not an audio file");
    await mkdir(join(work, "previews"));
    await file("previews/field-booster.flac", flac(clockTrack(16_000, 6)));
    expect(await refusal(join(work, "previews/field-boster.flac"))).toBe(
      "does not exist: there is no such file (the folder holds field-booster.flac)",
    );
  });
});
