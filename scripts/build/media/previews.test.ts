import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Band } from "../../../src/content/bands";
import { site } from "../../../src/content/site";
import type { Field, PreviewSource, SiteContent } from "../../../src/content/types";
import { ContentError, validateContent } from "../../../src/content/validate";
import { binaural } from "./audio/analyse";
import { decodeMp3, encodeMp3 } from "./audio/codec";
import { carrierUnder, flac, isochronic, pad, pinkNoise, render, sine, voice, wav, type Mix } from "./audio/corpus";
import { integratedLoudness, truePeak } from "./audio/loudness";
import { buildPreviews, PREVIEW_SETTINGS, previewTable, type PreviewFolders } from "./previews";

let folders: Required<PreviewFolders>;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-previews-"));
  folders = { folder: join(work, "previews"), cache: join(work, "cache") };
  await mkdir(folders.folder);
});
afterAll(() => rm(work, { recursive: true, force: true }));

const RATE = 16_000;

/** A mix of a bed both ears share and a carrier in each ear `depthDb` under it, as the owner's editor would make. */
function mixUnder(bed: () => Mix["both"], depthDb: number, pairs: [left: number, right: number][], { rate = RATE, seconds = 6 } = {}) {
  const amplitude = carrierUnder(() => bed()![0]!, rate, depthDb);
  return render({
    rate,
    seconds,
    both: bed(),
    left: pairs.map(([l]) => sine(rate, l, amplitude)),
    right: pairs.map(([, r]) => sine(rate, r, amplitude)),
  });
}

/** A site of one field, its preview as given, declaring the bands given. */
const withPreview = (preview: PreviewSource, bands?: Band[], change: Partial<Field> = {}): SiteContent => ({
  ...site,
  fields: [{ ...site.fields[0]!, bands, ...change, preview }],
});

/** The one preview a one-field site builds, and its MP3 decoded again (measured here, not by the pipeline). */
async function build(preview: PreviewSource, bands?: Band[]) {
  const built = await buildPreviews(withPreview(preview, bands), {}, folders);
  const [info] = [...built.byFieldUrl.values()];
  const mp3 = built.files.get(info!.path.slice(1))!;
  return { info: info!, decoded: await decodeMp3(mp3), notes: built.notes, report: built.report };
}

async function problemOf(preview: PreviewSource, bands?: Band[]): Promise<string> {
  try {
    await buildPreviews(withPreview(preview, bands), {}, folders);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("expected the preview to be refused");
}

const put = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) => writeFile(join(folders.folder, name), await bytes);

describe("#13 the preview pipeline, on a recipe synthesized in memory", () => {
  it("keeps the beat, each ear's own tone, a safe loudness and peak in the encoded file", async () => {
    const { info, decoded } = await build({ recipe: { carrierHz: 200, beatHz: 10, noise: 0.3, seconds: 6 } }, ["alpha"]);
    const [beat] = binaural(decoded).beats;
    expect(Math.abs(beat!.hz - 10)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(beat!.leftHz - 200)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(integratedLoudness(decoded) - PREVIEW_SETTINGS.targetLufs)).toBeLessThanOrEqual(0.5);
    expect(truePeak(decoded)).toBeLessThanOrEqual(PREVIEW_SETTINGS.ceilingDbtp);
    expect(info).toMatchObject({ kind: "beat", seconds: expect.closeTo(6, 0), beats: [10] });
    expect(info.wave).toMatch(new RegExp(`^\\d{${PREVIEW_SETTINGS.bars}}$`));
  });

  it("fades in from silence and out to silence", async () => {
    const { decoded } = await build({ recipe: { carrierHz: 300, beatHz: 6, noise: 0, seconds: 5 } });
    const rms = (channel: Float32Array, from: number, to: number) => Math.sqrt(channel.slice(from, to).reduce((s, x) => s + x * x, 0) / (to - from));
    const [left] = decoded.channels as [Float32Array];
    const rate = decoded.sampleRate;
    const middle = rms(left, 2 * rate, 3 * rate);
    expect(rms(left, 0, rate / 20)).toBeLessThan(0.05 * middle);
    expect(rms(left, left.length - rate / 20, left.length)).toBeLessThan(0.05 * middle);
  });
});

describe("#19 an owner's real mix: carriers under music, noise and a voice, through the whole pipeline", () => {
  it.each([
    ["a pad, carriers 30 dB under, as a 96 kHz 24-bit WAV", "pad.wav", () => wav(mixUnder(() => [pad(96_000, 0.3), pinkNoise(0.02)], 30, [[200, 210]], { rate: 96_000, seconds: 6 }), "int24")],
    ["a voice over pink noise, carriers 25 dB under, as an MP3", "voice.mp3", () => encodeMp3(mixUnder(() => [voice(RATE, 0.3), pinkNoise(0.05)], 25, [[200, 210]]))],
    ["a Delta field's low carriers under a pad, as a FLAC", "delta.flac", () => flac(mixUnder(() => [pad(RATE, 0.3)], 30, [[100, 102]]))],
  ])("%s: the beat and loudness, measured in the encoded preview", async (_, name, make) => {
    await put(name, make());
    const { decoded, info } = await build({ file: name });
    const [beat] = binaural(decoded).beats;
    const [left, right] = name === "delta.flac" ? [100, 102] : [200, 210];
    expect(Math.abs(beat!.leftHz - left)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(beat!.rightHz - right)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(integratedLoudness(decoded) - PREVIEW_SETTINGS.targetLufs)).toBeLessThanOrEqual(0.5);
    expect(info.kind).toBe("excerpt");
  });
});

describe("#19 a field declares the bands its beats sit in, none or several", () => {
  const layered = () => put("layered.flac", flac(mixUnder(() => [pad(RATE, 0.3)], 25, [[150, 156], [400, 440]])));

  it("a Theta-Gamma field that declares both has each checked, and both beats on its data", async () => {
    await layered();
    const { info, notes } = await build({ file: "layered.flac" }, ["theta", "gamma"]);
    expect(info.beats).toEqual([expect.closeTo(6, 1), expect.closeTo(40, 1)]);
    expect(notes).toEqual([]);
  });

  it("a beat it plays and does not declare is reported, not refused", async () => {
    await layered();
    const { notes } = await build({ file: "layered.flac" }, ["theta"]);
    expect(notes).toEqual([
      `${site.fields[0]!.title} (fields[0]): its preview plays a 40.00 Hz (Gamma) beat it does not declare; add bands: ["gamma"] to have it checked and shown on its card`,
    ]);
  });

  it("a declared band it does not play stops the build, saying what it plays instead", async () => {
    expect(await problemOf({ recipe: { carrierHz: 200, beatHz: 10, seconds: 8 } }, ["alpha", "theta"])).toContain(
      "src/content/site.ts: fields[0].preview plays no beat in the Theta (4–8 Hz) band the field declares: it plays 10.00 Hz (its ears' carriers 200.0 and 210.0 Hz)",
    );
  });

  it("the build's table shows each field's beats, bands, carriers, loudness, peak and where it was cut", async () => {
    await layered();
    const { report } = await build({ file: "layered.flac", start: 0.5, seconds: 5 }, ["theta"]);
    const [head, first, second] = previewTable(report);
    expect(head).toMatch(/^Preview +Beat +Band +Carriers L \| R +Loudness +True peak +From$/);
    expect(first).toMatch(new RegExp(`^${site.fields[0]!.title} +(5\\.9\\d|6\\.0\\d) Hz +Theta ✓ +150\\.0 \\| 156\\.0 Hz +-1[78]\\.\\d LUFS +-\\d+\\.\\d dBTP +layered\\.flac \\(FLAC\\), 0\\.5 s–5\\.5 s of 6 s$`));
    expect(second).toMatch(/^ +(39\.9\d|40\.0\d) Hz +not declared +400\.0 \| 440\.0 Hz$/);
  });
});

describe("#13 #19 what a preview must be, each refusal naming the field, the file and what it lacks", () => {
  it("refuses a mono file", async () => {
    const mix = mixUnder(() => [pad(RATE, 0.3)], 20, [[200, 210]]);
    await put("mono.wav", wav({ ...mix, channels: [mix.channels[0]!] }));
    expect(await problemOf({ file: "mono.wav" })).toContain(
      "src/content/site.ts: fields[0].preview (src/content/previews/mono.wav) is mono (one channel): a binaural preview needs two channels, with a different tone in each ear",
    );
  });

  it.each([
    ["music, noise and a voice alone", "music.wav", { both: [pad(RATE, 0.3), voice(RATE, 0.2)], left: [pinkNoise(0.02, 1)], right: [pinkNoise(0.02, 2)] }, ""],
    ["an isochronic pulse, over a little stereo noise", "isochronic.wav", { both: [isochronic(RATE, 200, 10, 0.3)], left: [pinkNoise(0.001, 3)], right: [pinkNoise(0.001, 4)] }, ""],
    ["a monaural beat in two identical channels", "monaural.wav", { both: [sine(RATE, 200, 0.2), sine(RATE, 210, 0.2)] }, " (its two channels are identical)"],
  ] as const)("refuses %s: no tone that differs between the ears, unlike a mono file", async (_, file, layers, identical) => {
    await put(file, wav(render({ rate: RATE, seconds: 6, ...layers })));
    expect(await problemOf({ file })).toContain(
      `fields[0].preview (src/content/previews/${file}) has no tone that differs between the ears: both ears hear the same sound. Music, noise or a voice on its own, an isochronic pulse or a monaural beat (both tones in both ears) is not a binaural beat, which needs a different carrier tone in each ear${identical}`,
    );
  });

  it("refuses tones in one ear with nothing to beat against in the other", async () => {
    await put("one-ear.wav", wav(render({ rate: RATE, seconds: 6, both: [pad(RATE, 0.3)], left: [sine(RATE, 200, 0.05)] })));
    expect(await problemOf({ file: "one-ear.wav" })).toContain("(src/content/previews/one-ear.wav) has tones in one ear only (200.0 Hz left), but no pair of them, one in each ear, close enough to beat");
  });

  it("refuses a clipped file", async () => {
    await put("clipped.wav", wav(render({ rate: RATE, seconds: 6, left: [sine(RATE, 200, 1.6)], right: [sine(RATE, 210, 1.6)] })));
    expect(await problemOf({ file: "clipped.wav" })).toMatch(/fields\[0\]\.preview \(src\/content\/previews\/clipped\.wav\) is clipped: \d+ stretches stuck at full scale/);
  });

  it("refuses a preview asked to be longer than a minute, and cuts a long file to a minute", async () => {
    expect(() => validateContent(withPreview({ file: "long.wav", seconds: 90 }))).toThrow(
      "src/content/site.ts: fields[0].preview.seconds must be the preview's length in seconds, from 5 to 60 (got 90)",
    );
    await put("long.wav", wav(render({ rate: 8_000, seconds: 75, left: [sine(8_000, 200, 0.3)], right: [sine(8_000, 210, 0.3)] })));
    const { info } = await build({ file: "long.wav" });
    expect(info.seconds).toBeGreaterThanOrEqual(60);
    expect(info.seconds).toBeLessThan(60.5);
  });

  it("refuses a file that is not audio and one that is not there, naming the folder's files", async () => {
    await put("notes.wav", new TextEncoder().encode("these are my notes, not audio"));
    expect(await problemOf({ file: "notes.wav" })).toContain("fields[0].preview (src/content/previews/notes.wav) cannot be read as WAV, FLAC or MP3");
    expect(await problemOf({ file: "gone.flac" })).toMatch(/fields\[0\]\.preview \(src\/content\/previews\/gone\.flac\) does not exist: there is no such file \(the folder holds .*layered\.flac/);
  });
});

describe("#13 #19 the preview cache", () => {
  it("serves a preview it has made before from the cache, without making it again", async () => {
    const preview: PreviewSource = { recipe: { carrierHz: 240, beatHz: 5, seconds: 6 } };
    await build(preview);
    const cached = (await readdir(folders.cache)).filter((f) => f.endsWith(".mp3"));
    // Stand a marker in for every cached file: a second build that made the preview again could not return it.
    for (const file of cached) await writeFile(join(folders.cache, file), "from the cache");
    const again = await buildPreviews(withPreview(preview), {}, folders);
    expect(new TextDecoder().decode([...again.files.values()][0])).toBe("from the cache");
  });

  it("makes a file's preview again when the file changes", async () => {
    const tones = (right: number) => wav(render({ rate: RATE, seconds: 6, left: [sine(RATE, 200, 0.3)], right: [sine(RATE, right, 0.3)] }));
    await put("changing.wav", tones(206));
    expect((await build({ file: "changing.wav" })).info.beats).toEqual([expect.closeTo(6, 1)]);
    await put("changing.wav", tones(210));
    expect((await build({ file: "changing.wav" })).info.beats).toEqual([expect.closeTo(10, 1)]);
  });
});
