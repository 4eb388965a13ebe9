import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Band } from "../../../src/content/bands";
import { projectFolders, FIXTURE_SITE as site } from "../../test/fixtures";
import type { Field, PreviewSource, SiteContent } from "../../../src/content/types";
import { validateContent } from "../../../src/content/validate";
import { ContentError } from "../../../src/content/files";
import { fieldSlug } from "../../../src/content/fields";
import { binaural } from "./audio/analyse";
import { decodeMp3, encodeMp3 } from "./audio/codec";
import {
  carrierUnder,
  flac,
  isochronic,
  pad,
  pinkNoise,
  render,
  sine,
  sparseWav,
  voice,
  wav,
  type Mix,
} from "../../test/audio-corpus";
import { integratedLoudness, truePeak } from "./audio/loudness";
import { previewCode } from "./audio/preview";
import { writeSources } from "../write";
import { buildPreviews, PREVIEW_SETTINGS, previewTable, type PreviewFolders } from "./previews";

let folders: Required<PreviewFolders>;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "site-previews-"));
  // A project of the test's own (its src/ holds no audio), the owner's masters beside it, the committed previews in it.
  folders = {
    project: join(work, "project"),
    masters: join(work, "masters"),
    committed: join(work, "project/src/content/previews"),
    cache: join(work, "cache"),
  };
  await mkdir(folders.masters);
  await mkdir(folders.committed, { recursive: true });
});
afterAll(() => rm(work, { recursive: true, force: true }));

const RATE = 16_000;

/** A mix of a bed both ears share and a carrier in each ear `depthDb` under it, as the owner's editor would make. */
function mixUnder(
  bed: () => Mix["both"],
  depthDb: number,
  pairs: [left: number, right: number][],
  { rate = RATE, seconds = 6 } = {},
) {
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
  const [info] = [...built.bySlug.values()];
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

const put = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) =>
  writeFile(join(folders.masters, name), await bytes);

describe("the preview pipeline, on a recipe synthesized in memory", () => {
  it("keeps the beat, each ear's own tone, a safe loudness and peak in the encoded file", async () => {
    const { info, decoded } = await build({ recipe: { carrierHz: 200, beatHz: 10, noise: 0.3, seconds: 6 } }, [
      "alpha",
    ]);
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
    const rms = (channel: Float32Array, from: number, to: number) =>
      Math.sqrt(channel.slice(from, to).reduce((s, x) => s + x * x, 0) / (to - from));
    const [left] = decoded.channels as [Float32Array];
    const rate = decoded.sampleRate;
    const middle = rms(left, 2 * rate, 3 * rate);
    expect(rms(left, 0, rate / 20)).toBeLessThan(0.05 * middle);
    expect(rms(left, left.length - rate / 20, left.length)).toBeLessThan(0.05 * middle);
  });
});

describe("an owner's real mix: carriers under music, noise and a voice, through the whole pipeline", () => {
  it.each([
    [
      "a pad, carriers 30 dB under, as a 96 kHz 24-bit WAV",
      "pad.wav",
      () =>
        wav(
          mixUnder(() => [pad(96_000, 0.3), pinkNoise(0.02)], 30, [[200, 210]], { rate: 96_000, seconds: 6 }),
          "int24",
        ),
    ],
    [
      "a voice over pink noise, carriers 25 dB under, as an MP3",
      "voice.mp3",
      () => encodeMp3(mixUnder(() => [voice(RATE, 0.3), pinkNoise(0.05)], 25, [[200, 210]])),
    ],
    [
      "a Delta field's low carriers under a pad, as a FLAC",
      "delta.flac",
      () => flac(mixUnder(() => [pad(RATE, 0.3)], 30, [[100, 102]])),
    ],
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

describe("a field declares the bands its beats sit in, none or several", () => {
  const layered = () =>
    put(
      "layered.flac",
      flac(
        mixUnder(() => [pad(RATE, 0.3)], 25, [
          [150, 156],
          [400, 440],
        ]),
      ),
    );

  it("a Theta-Gamma field that declares both has each checked, and both beats on its data", async () => {
    await layered();
    const { info, notes } = await build({ file: "layered.flac" }, ["theta", "gamma"]);
    expect(info.beats).toEqual([expect.closeTo(6, 1), expect.closeTo(40, 1)]);
    expect(notes.filter((note) => note.includes("does not declare"))).toEqual([]);
  });

  it("a beat it plays and does not declare is reported, not refused", async () => {
    await layered();
    const { notes } = await build({ file: "layered.flac" }, ["theta"]);
    expect(notes.filter((note) => note.includes("does not declare"))).toEqual([
      `src/content/site.ts: fields[0] ("${site.fields[0]!.title}").preview plays a 40.00 Hz (Gamma) beat it does not declare; add bands: ["gamma"] to have it checked and shown on its card`,
    ]);
  });

  it("a declared band it does not play stops the build, saying what it plays instead", async () => {
    expect(await problemOf({ recipe: { carrierHz: 200, beatHz: 10, seconds: 8 } }, ["alpha", "theta"])).toContain(
      "src/content/site.ts: fields[0].preview (its recipe) plays no beat in the Theta (4–8 Hz) band the field declares: it plays 10.00 Hz (its ears' carriers 200.0 and 210.0 Hz)",
    );
  });

  it("the build's table shows each field's beats, bands, carriers, loudness, peak and where it was cut", async () => {
    await layered();
    const { report } = await build({ file: "layered.flac", start: 0.5, seconds: 5 }, ["theta"]);
    const [head, first, second] = previewTable(report);
    expect(head).toMatch(/^Preview +Beat +Band +Carriers L \| R +Loudness +True peak +From$/);
    expect(first).toMatch(
      new RegExp(
        `^${site.fields[0]!.title} +(5\\.9\\d|6\\.0\\d) Hz +Theta ✓ +150\\.0 \\| 156\\.0 Hz +-1[78]\\.\\d LUFS +-\\d+\\.\\d dBTP +layered\\.flac \\(FLAC\\), 0\\.5 s–5\\.5 s of 6 s$`,
      ),
    );
    expect(second).toMatch(/^ +(39\.9\d|40\.0\d) Hz +not declared +400\.0 \| 440\.0 Hz$/);
  });
});

describe("what a preview must be, each refusal naming the field, the file and what it lacks", () => {
  const at = (file: string) => `fields[0].preview (${join(folders.masters, file)})`;

  it.each([
    [
      "a mono file",
      "mono.wav",
      () => ((mix) => ({ ...mix, channels: [mix.channels[0]!] }))(mixUnder(() => [pad(RATE, 0.3)], 20, [[200, 210]])),
      "it is mono (one channel), and a binaural beat needs two channels",
    ],
    [
      "a monaural beat in two identical channels",
      "monaural.wav",
      () => render({ rate: RATE, seconds: 6, both: [sine(RATE, 200, 0.2), sine(RATE, 210, 0.2)] }),
      "both ears hear the same sound (its two channels are identical)",
    ],
    [
      "music, noise and a voice, the noise different in each ear",
      "music.wav",
      () =>
        render({
          rate: RATE,
          seconds: 6,
          both: [pad(RATE, 0.3), voice(RATE, 0.2)],
          left: [pinkNoise(0.02, 1)],
          right: [pinkNoise(0.02, 2)],
        }),
      "its ears differ, but no steady tone stands out in one ear and not the other",
    ],
    [
      "tones in one ear with nothing to beat against in the other",
      "one-ear.wav",
      () => render({ rate: RATE, seconds: 6, both: [pad(RATE, 0.3)], left: [sine(RATE, 200, 0.05)] }),
      "it has tones in one ear only (200.0 Hz left), but no pair of them",
    ],
  ] as const)("a field that declares a band refuses %s, saying what its ears hear", async (_, file, pcm, heard) => {
    await put(file, wav(pcm()));
    const problem = await problemOf({ file }, ["alpha"]);
    expect(problem).toContain(`src/content/site.ts: ${at(file)} plays no beat, and the field declares one: ${heard}`);
    // "The same sound" only where it is.
    if (file !== "monaural.wav") expect(problem).not.toContain("same sound");
  });

  it("refuses a clipped file", async () => {
    await put(
      "clipped.wav",
      wav(render({ rate: RATE, seconds: 6, left: [sine(RATE, 200, 1.6)], right: [sine(RATE, 210, 1.6)] })),
    );
    expect(await problemOf({ file: "clipped.wav" })).toContain(`${at("clipped.wav")} is clipped: `);
  });

  it("refuses a preview asked to be longer than a minute, and cuts a long file to a minute", async () => {
    expect(() => validateContent(withPreview({ file: "long.wav", seconds: 90 }))).toThrow(
      "src/content/site.ts: fields[0].preview.seconds must be the preview's length in seconds, from 5 to 60 (got 90)",
    );
    await put(
      "long.wav",
      wav(render({ rate: 8_000, seconds: 75, left: [sine(8_000, 200, 0.3)], right: [sine(8_000, 210, 0.3)] })),
    );
    const { info } = await build({ file: "long.wav" });
    expect(info.seconds).toBeGreaterThanOrEqual(60);
    expect(info.seconds).toBeLessThan(60.5);
  });

  it("refuses a file that is not audio, and one that is not there, naming what the masters folder holds", async () => {
    await put("notes.wav", new TextEncoder().encode("these are my notes, not audio"));
    expect(await problemOf({ file: "notes.wav" })).toContain(`${at("notes.wav")} cannot be read as WAV, FLAC or MP3`);
    expect(await problemOf({ file: "gone.flac" })).toMatch(
      /gone\.flac\) is not in the masters folder \(the nearest it holds is "[^"]+\.(flac|wav)"/,
    );
  });
});

describe("every kind of field: no beat, a beat that glides", () => {
  it("a field that declares no band takes an excerpt with no binaural beat: an isochronic pulse, measured and loud enough", async () => {
    await put(
      "isochronic.flac",
      flac(render({ rate: RATE, seconds: 8, both: [isochronic(RATE, 200, 10, 0.3), pinkNoise(0.02)] })),
    );
    const { info, decoded, report, notes } = await build({ file: "isochronic.flac" }, []);
    expect(info).toMatchObject({ kind: "excerpt", beats: [] });
    expect(Math.abs(integratedLoudness(decoded) - PREVIEW_SETTINGS.targetLufs)).toBeLessThanOrEqual(0.5);
    expect(notes.filter((n) => n.includes("does not declare"))).toEqual([]);
    expect(previewTable(report)[1]).toMatch(/ +no beat +-1[78]\.\d LUFS .*isochronic\.flac \(FLAC\)/);
  });

  // A 10-minute master whose beat glides evenly from 10 to 6 Hz: its carriers 200 Hz left, 210 falling to 206 right.
  const gliding = (minutes: number, at: number, seconds = 12) => {
    const rate = 8_000;
    const beatAt = (t: number) => 10 - (4 * t) / (minutes * 60);
    let phase = 0;
    const right = (i: number) => {
      phase += (2 * Math.PI * (200 + beatAt(at + i / rate))) / rate;
      return 0.1 * Math.sin(phase);
    };
    return render({ rate, seconds, both: [pad(rate, 0.3)], left: [sine(rate, 200, 0.1)], right: [right] });
  };

  it("a glide the field declares is checked where the excerpt sits: 10 to 6 Hz, the excerpt at 6:00 of 10:00 plays 7.6 Hz", async () => {
    // The excerpt alone is written at its place in a sparse master, as an editor would have rendered it.
    await sparseWav(join(folders.masters, "glide.wav"), {
      seconds: 600,
      excerpt: gliding(10, 360),
      at: 360,
      format: "int16",
    });
    const glide = { fromHz: 10, toHz: 6 };
    const field = { ...site.fields[0]!, bands: undefined, glide, durationMinutes: 10 };
    const built = await buildPreviews(
      { ...site, fields: [{ ...field, preview: { file: "glide.wav", start: 360, seconds: 12 } }] },
      {},
      folders,
    );
    expect([...built.bySlug.values()][0]!.beats).toEqual([expect.closeTo(7.6, 1)]);
    // Declared the other way, or as a steady Alpha beat, it is refused, naming where and what it plays.
    const refused = (change: Partial<Field>) =>
      buildPreviews(
        { ...site, fields: [{ ...field, ...change, preview: { file: "glide.wav", start: 360, seconds: 12 } }] },
        {},
        folders,
      ).then(
        () => "built",
        (error: Error) => error.message,
      );
    expect(await refused({ glide: { fromHz: 6, toHz: 10 } })).toMatch(
      /plays no beat on the glide the field declares, from 6\.00 Hz to 10\.00 Hz at 6:00–6:12 of 10:00, where it would be 8\.4\d Hz: it plays 7\.\d\d Hz/,
    );
    expect(await refused({ glide: undefined, bands: ["alpha"] })).toMatch(
      /plays no beat in the Alpha \(8–12 Hz\) band the field declares: it plays 7\.\d\d Hz/,
    );
  });
});

const fresh = () => projectFolders(work);
const theta = () => flac(mixUnder(() => [pad(RATE, 0.3)], 25, [[150, 156]], { seconds: 10 }));
const one = (preview: PreviewSource) => withPreview(preview, ["theta"]);
/** A build's previews, and what it made for src/ written as a build that passed every check writes it. */
const committing = async (content: SiteContent, f: PreviewFolders) => {
  const built = await buildPreviews(content, {}, f);
  await writeSources(built.commit);
  return built;
};
const message = (promise: Promise<unknown>) =>
  promise.then(
    () => "built",
    (error: Error) => error.message,
  );

describe("masters outside the project, their previews committed in it", () => {
  it("commits the MP3 and its record; without the masters, a clone builds the same files; with them, a warm build makes nothing", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    const unwritten = await buildPreviews(one({ file: "theta.flac", start: 1, seconds: 6 }), {}, f);
    expect(await readdir(f.committed).catch(() => []), "nothing is written until the build has passed").toEqual([]);
    expect([...unwritten.commit.write.keys()].map((path) => path.slice(f.committed.length + 1)).sort()).toEqual([
      "theta-flac-1s-6s.json",
      "theta-flac-1s-6s.mp3",
    ]);
    const first = await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    // Named by what it is made from, the master's file and the excerpt: no title in it.
    const name = "theta-flac-1s-6s";
    expect((await readdir(f.committed)).sort()).toEqual([`${name}.json`, `${name}.mp3`]);
    const record = JSON.parse(await readFile(join(f.committed, `${name}.json`), "utf8"));
    expect(record).not.toHaveProperty("field");
    expect(record).toMatchObject({
      source: { file: "theta.flac", format: "FLAC", channels: 2 },
      excerpt: { start: 1, seconds: 6 },
      settings: PREVIEW_SETTINGS,
    });
    expect(first.notes.join("\n")).toContain(
      `made its preview from theta.flac (FLAC), 1 s–7 s of 10 s (none was made yet); commit src/content/previews/${name}.mp3`,
    );

    const written = (await stat(join(f.committed, `${name}.mp3`))).mtimeMs;
    const warm = await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    expect(warm.files).toEqual(first.files);
    expect(warm.notes).toEqual([]);
    expect((await stat(join(f.committed, `${name}.mp3`))).mtimeMs).toBe(written);

    await rm(f.masters, { recursive: true });
    const clone = await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    expect(clone.files).toEqual(first.files);
    expect(clone.report).toEqual(first.report);
  });

  it("with the master away, a changed excerpt stops the build, naming the field and what changed; a damaged commit too", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    await rm(f.masters, { recursive: true });
    expect(await message(committing(one({ file: "theta.flac", start: 2, seconds: 6 }), f))).toContain(
      `fields[0].preview (${join(f.masters, "theta.flac")}) is not here (the masters folder, ${f.masters}, is not on this machine) to make its preview again, and the committed one (src/content/previews/theta-flac-1s-6s.mp3) no longer matches the field: it starts at 1 s, and the field now asks for 2 s. Build where the masters are`,
    );
    const mp3 = join(f.committed, "theta-flac-1s-6s.mp3");
    await writeFile(mp3, (await readFile(mp3)).subarray(0, 1000));
    expect(await message(committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f))).toContain(
      "is not the one its record describes: it was changed or damaged since it was made",
    );
  });

  it("with the master here and changed, makes the preview again and says why", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    const before = await committing(one({ file: "theta.flac", seconds: 6 }), f);
    await writeFile(
      join(f.masters, "theta.flac"),
      flac(mixUnder(() => [pad(RATE, 0.3)], 25, [[150, 157]], { seconds: 10 })),
    );
    const after = await committing(one({ file: "theta.flac", seconds: 6 }), f);
    expect([...after.bySlug.values()][0]!.beats).toEqual([expect.closeTo(7, 1)]);
    expect([...before.bySlug.values()][0]!.beats).toEqual([expect.closeTo(6, 1)]);
    expect(after.notes.join("\n")).toMatch(
      /made its preview from .*\(the master has changed since \(.* bytes then, .* now, other audio in the excerpt\)\)/,
    );
  });

  it("with the master here and the excerpt moved, says the excerpt moved, not that the master changed", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    const moved = await committing(one({ file: "theta.flac", start: 2, seconds: 6 }), f);
    expect(moved.notes.join("\n")).toMatch(/\(it starts at 1 s, and the field now asks for 2 s\); commit /);
    // The earlier excerpt, which no field plays now, goes with the commit.
    expect(moved.notes.join("\n")).toContain(
      "theta-flac-1s-6s.mp3 and .json, the earlier excerpt of theta.flac, are removed",
    );
    expect((await readdir(f.committed)).sort()).toEqual(["theta-flac-2s-6s.json", "theta-flac-2s-6s.mp3"]);
  });
});

describe("a preview known by what it is made from, committed only by a build that passed", () => {
  it("a field renamed, retitled in another alphabet or moved keeps its committed preview where the masters are not", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    const other = {
      ...site.fields[1]!,
      preview: { recipe: { carrierHz: 200, beatHz: 10, seconds: 5 } },
      bands: ["alpha" as Band],
    };
    const before: SiteContent = {
      ...site,
      fields: [one({ file: "theta.flac", start: 1, seconds: 6 }).fields[0]!, other],
    };
    const first = await committing(before, f);
    await rm(f.masters, { recursive: true });
    const after: SiteContent = {
      ...before,
      fields: [other, { ...before.fields[0]!, title: "Глубокий сон", slug: "deep-sleep" }],
    };
    const clone = await committing(after, f);
    expect(clone.files).toEqual(first.files);
    expect(clone.notes).toEqual([]);
    expect(clone.bySlug.get("deep-sleep")).toEqual(first.bySlug.get(fieldSlug(before.fields[0]!)));
  });

  it("two fields that play one excerpt share one preview, made once", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    const excerpt = { file: "theta.flac", start: 1, seconds: 6 };
    const [first] = one(excerpt).fields;
    const twin = { ...first!, title: "The Same Excerpt", url: "https://example.shopfront.com/l/twin" };
    const built = await committing({ ...site, fields: [first!, twin] }, f);
    expect((await readdir(f.committed)).sort()).toEqual(["theta-flac-1s-6s.json", "theta-flac-1s-6s.mp3"]);
    expect(built.bySlug.get(fieldSlug(twin))).toEqual(built.bySlug.get(fieldSlug(first!)));
    expect(built.notes.filter((note) => note.includes("made its preview"))).toHaveLength(1);
  });

  it("a refused build leaves the committed previews as they were, and commits nothing", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    await committing(one({ file: "theta.flac", start: 1, seconds: 6 }), f);
    const kept = await Promise.all(
      (await readdir(f.committed)).sort().map(async (n) => [n, await readFile(join(f.committed, n))]),
    );
    // A new excerpt, made here, of a field that declares a band its beat is not in.
    const wrong = withPreview({ file: "theta.flac", start: 2, seconds: 6 }, ["alpha"]);
    expect(await message(committing(wrong, f))).toContain(
      "plays no beat in the Alpha (8–12 Hz) band the field declares",
    );
    const now = await Promise.all(
      (await readdir(f.committed)).sort().map(async (n) => [n, await readFile(join(f.committed, n))]),
    );
    expect(now).toEqual(kept);
  });
});

describe("previews known by the code that made them", () => {
  it("a committed preview made by other code is used as it is while the master is away, with a note, and made again once it is here", async () => {
    const f = await fresh();
    await writeFile(join(f.masters, "theta.flac"), theta());
    const field = one({ file: "theta.flac", start: 1, seconds: 6 });
    const first = await committing(field, f);
    const recordPath = join(f.committed, "theta-flac-1s-6s.json");
    const record = JSON.parse(await readFile(recordPath, "utf8"));
    expect(record.code).toBe(previewCode());
    await writeFile(recordPath, JSON.stringify({ ...record, code: "earlier" }));

    const away = join(f.masters, "../away");
    await rename(f.masters, away);
    const clone = await committing(field, f);
    expect(clone.files).toEqual(first.files);
    expect(clone.notes.join("\n")).toContain("was made by an earlier version of the preview code and is used as it is");

    await rename(away, f.masters);
    const remade = await committing(field, f);
    expect(remade.notes.join("\n")).toContain("(the site's code now makes previews another way)");
    expect(JSON.parse(await readFile(recordPath, "utf8")).code).toBe(previewCode());
  });
});

describe("the preview cache", () => {
  it("serves a preview it has made before from the cache, without making it again", async () => {
    const preview: PreviewSource = { recipe: { carrierHz: 240, beatHz: 5, seconds: 6 } };
    await build(preview);
    const kept = join(folders.cache, "previews");
    const cached = (await readdir(kept)).filter((f) => f.endsWith(".mp3"));
    // Stand a marker in for every cached file: a second build that made the preview again could not return it.
    for (const file of cached) await writeFile(join(kept, file), "from the cache");
    const again = await buildPreviews(withPreview(preview), {}, folders);
    expect(new TextDecoder().decode([...again.files.values()][0])).toBe("from the cache");
  });

  it("makes a file's preview again when the file changes", async () => {
    const tones = (right: number) =>
      wav(render({ rate: RATE, seconds: 6, left: [sine(RATE, 200, 0.3)], right: [sine(RATE, right, 0.3)] }));
    await put("changing.wav", tones(206));
    expect((await build({ file: "changing.wav" })).info.beats).toEqual([expect.closeTo(6, 1)]);
    await put("changing.wav", tones(210));
    expect((await build({ file: "changing.wav" })).info.beats).toEqual([expect.closeTo(10, 1)]);
  });
});
