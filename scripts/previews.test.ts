import { copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../src/content/site";
import type { Field, PreviewSource, SiteContent } from "../src/content/types";
import { ContentError, validateContent } from "../src/content/validate";
import { binaural } from "./audio/analyse";
import { decodeAudio, encodeMp3 } from "./audio/codec";
import { integratedLoudness, truePeak } from "./audio/loudness";
import type { Pcm } from "./audio/pcm";
import { buildPreviews, PREVIEW_SETTINGS, type PreviewFolders } from "./previews";

let folders: Required<PreviewFolders>;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-previews-"));
  folders = { folder: join(work, "previews"), cache: join(work, "cache") };
  await import("node:fs/promises").then(({ mkdir }) => mkdir(folders.folder));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A stereo fixture made in memory: a tone in each ear, at a peak level, faded in and out over 0.2 s. */
function tones({ left, right, seconds = 5, rate = 44_100, peak = 0.4 }: { left: number; right: number; seconds?: number; rate?: number; peak?: number }): Pcm {
  const n = Math.round(seconds * rate);
  const channel = (hz: number) =>
    Float32Array.from({ length: n }, (_, i) => Math.max(-1, Math.min(1, peak * Math.min(1, i / (0.2 * rate), (n - i) / (0.2 * rate)) * Math.sin((2 * Math.PI * hz * i) / rate))));
  return { sampleRate: rate, channels: [channel(left), channel(right)] };
}

/** 16-bit PCM WAV bytes, as an audio editor exports them. */
function wav({ sampleRate, channels }: Pcm): Uint8Array {
  const frames = channels[0]!.length;
  const data = Buffer.alloc(44 + frames * channels.length * 2);
  data.write("RIFF", 0);
  data.writeUInt32LE(36 + frames * channels.length * 2, 4);
  data.write("WAVEfmt ", 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(channels.length, 22);
  data.writeUInt32LE(sampleRate, 24);
  data.writeUInt32LE(sampleRate * channels.length * 2, 28);
  data.writeUInt16LE(channels.length * 2, 32);
  data.writeUInt16LE(16, 34);
  data.write("data", 36);
  data.writeUInt32LE(frames * channels.length * 2, 40);
  for (let i = 0; i < frames; i++) {
    channels.forEach((channel, c) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, channel[i]!)) * 32767), 44 + (i * channels.length + c) * 2));
  }
  return data;
}

const withPreview = (preview: PreviewSource, change: Partial<Field> = {}): SiteContent => ({
  ...site,
  fields: [{ ...site.fields[0]!, band: undefined, ...change, preview }],
});

/** The one preview a one-field site builds, and its MP3 decoded again (measured here, not by the pipeline). */
async function build(preview: PreviewSource, change: Partial<Field> = {}) {
  const built = await buildPreviews(withPreview(preview, change), {}, folders);
  const [info] = [...built.byField.values()];
  const mp3 = built.files.get(info!.path.slice(1))!;
  return { info: info!, mp3, decoded: await decodeAudio(mp3), notes: built.notes };
}

async function problemOf(preview: PreviewSource, change: Partial<Field> = {}): Promise<string> {
  try {
    await buildPreviews(withPreview(preview, change), {}, folders);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("expected the preview to be refused");
}

describe("#13 the preview pipeline, on a recipe synthesized in memory", () => {
  it("keeps the beat, each ear's own tone, a safe loudness and peak in the encoded file", async () => {
    const { info, decoded } = await build({ recipe: { carrierHz: 200, beatHz: 10, noise: 0.3, seconds: 12 } }, { band: "alpha" });
    const measured = binaural(decoded);
    expect(Math.abs(measured.beatHz - 10)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(measured.left.hz - 200)).toBeLessThanOrEqual(0.1);
    expect(measured.left.otherEarDb).toBeGreaterThanOrEqual(40);
    expect(measured.right.otherEarDb).toBeGreaterThanOrEqual(40);
    expect(Math.abs(integratedLoudness(decoded) - PREVIEW_SETTINGS.targetLufs)).toBeLessThanOrEqual(0.5);
    expect(truePeak(decoded)).toBeLessThanOrEqual(PREVIEW_SETTINGS.ceilingDbtp);
    expect(decoded.channels).toHaveLength(2);
    expect(info).toMatchObject({ kind: "beat", seconds: expect.closeTo(12, 0) });
    expect(info.peaks).toHaveLength(PREVIEW_SETTINGS.bars);
  });

  it("fades in from silence and out to silence", async () => {
    const { decoded } = await build({ recipe: { carrierHz: 300, beatHz: 6, noise: 0, seconds: 8 } });
    const rms = (channel: Float32Array, from: number, to: number) => Math.sqrt(channel.slice(from, to).reduce((s, x) => s + x * x, 0) / (to - from));
    const [left] = decoded.channels as [Float32Array];
    const rate = decoded.sampleRate;
    const middle = rms(left, 3 * rate, 4 * rate);
    expect(rms(left, 0, rate / 20)).toBeLessThan(0.05 * middle);
    expect(rms(left, left.length - rate / 20, left.length)).toBeLessThan(0.05 * middle);
  });
});

describe("#13 every accepted source format, from a real file, through the whole pipeline", () => {
  it.each([
    ["WAV (written by the test)", "alpha.wav", async () => wav(tones({ left: 200, right: 210 })), 10, "alpha"],
    ["FLAC (a committed 4-second fixture, 16 kHz)", "theta.flac", undefined, 6, "theta"],
    ["MP3 (encoded by the test)", "delta.mp3", async () => encodeMp3(tones({ left: 300, right: 303 })), 3, "delta"],
  ] as const)("%s", async (_, file, make, beatHz, band) => {
    if (make) await writeFile(join(folders.folder, file), await make());
    else await copyFile(join(import.meta.dirname, "audio/fixtures/theta-220-226.flac"), join(folders.folder, file));
    const { info, decoded } = await build({ file }, { band });
    expect(Math.abs(binaural(decoded).beatHz - beatHz)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(integratedLoudness(decoded) - PREVIEW_SETTINGS.targetLufs)).toBeLessThanOrEqual(0.5);
    expect(info.kind).toBe("excerpt");
  });
});

describe("#13 what a preview must be, each refusal naming the field and the file", () => {
  it("refuses a mono file", async () => {
    const mono = tones({ left: 200, right: 210 });
    await writeFile(join(folders.folder, "mono.wav"), wav({ ...mono, channels: [mono.channels[0]!] }));
    expect(await problemOf({ file: "mono.wav" })).toContain(
      "src/content/site.ts: fields[0].preview (src/content/previews/mono.wav) is mono, or its two channels are the same: a binaural preview needs a different tone in each ear",
    );
  });

  it("refuses a stereo file whose two channels are the same", async () => {
    await writeFile(join(folders.folder, "same.wav"), wav(tones({ left: 200, right: 200 })));
    expect(await problemOf({ file: "same.wav" })).toContain("a binaural preview needs a different tone in each ear");
  });

  it("refuses a beat outside the band the field declares, saying what it measured", async () => {
    expect(await problemOf({ recipe: { carrierHz: 200, beatHz: 10, seconds: 8 } }, { band: "theta" })).toContain(
      "fields[0].preview plays a 10.00 Hz beat (the difference of its ears' carriers, 200.0 and 210.0 Hz), outside the Theta band the field declares (4–8 Hz)",
    );
  });

  it("reports the measured beat of a field that declares no band", async () => {
    const { notes } = await build({ recipe: { carrierHz: 200, beatHz: 7.5, seconds: 8 } });
    expect(notes).toEqual([expect.stringContaining("its preview's beat measures 7.50 Hz (left 200.0 Hz, right 207.5 Hz)")]);
  });

  it("refuses a clipped file", async () => {
    await writeFile(join(folders.folder, "clipped.wav"), wav(tones({ left: 200, right: 210, peak: 1.6 })));
    expect(await problemOf({ file: "clipped.wav" })).toMatch(/fields\[0\]\.preview \(src\/content\/previews\/clipped\.wav\) is clipped: \d+ stretches stuck at full scale/);
  });

  it("refuses a preview asked to be longer than a minute, and cuts a long file to a minute", async () => {
    expect(() => validateContent(withPreview({ file: "long.wav", seconds: 90 }))).toThrow(
      "src/content/site.ts: fields[0].preview.seconds must be the preview's length in seconds, from 5 to 60 (got 90)",
    );
    await writeFile(join(folders.folder, "long.wav"), wav(tones({ left: 200, right: 210, seconds: 75, rate: 16_000 })));
    const { info } = await build({ file: "long.wav" });
    expect(info.seconds).toBeGreaterThanOrEqual(60);
    expect(info.seconds).toBeLessThan(60.5);
  });

  it("refuses a file that is not audio, and one that is not there", async () => {
    await writeFile(join(folders.folder, "notes.wav"), "these are my notes, not audio");
    expect(await problemOf({ file: "notes.wav" })).toContain("fields[0].preview (src/content/previews/notes.wav) cannot be read as WAV, FLAC or MP3");
    expect(await problemOf({ file: "gone.flac" })).toContain("fields[0].preview names src/content/previews/gone.flac, and there is no such file");
  });
});

describe("#13 the preview cache", () => {
  it("serves a preview it has made before from the cache, without making it again", async () => {
    const preview: PreviewSource = { recipe: { carrierHz: 240, beatHz: 5, seconds: 6 } };
    await build(preview);
    const cached = (await readdir(folders.cache)).filter((f) => f.endsWith(".mp3"));
    // Stand a marker in for every cached file: a second build that made the preview again could not return it.
    for (const file of cached) await writeFile(join(folders.cache, file), "from the cache");
    const again = await buildPreviews(withPreview(preview), {}, folders);
    expect(new TextDecoder().decode([...again.files.values()][0])).toBe("from the cache");
  });
});
