/**
 * The previews' part of npm run bench (also `tsx scripts/bench/previews.ts` alone): what a full-length master adds to a
 * cold build, by /usr/bin/time -v. The masters, made in a copy of the project, are a minute of pad, noise and carriers
 * over and over; each is new, so every build is cold, set against the same field with no preview, built cold first.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { site } from "../../src/content/site";
import type { Field } from "../../src/content/types";
import { encodeMp3 } from "../static-build/media/audio/codec";
import { carrierUnder, flacParts, pad, pinkNoise, render, sine, wav } from "../test/audio-corpus";
import type { Pcm } from "../static-build/media/audio/pcm";
import { CACHE_ROOT } from "../static-build/media/cache";
import { copyProject, siteModule } from "../test/project-copy";

/** What the issues set: a 90-minute master adds at most this to a cold build; any build peaks under this. */
const PREVIEW_BUDGET = { seconds: 10, megabytes: 500 } as const;
const MINUTES = 90;

export interface PreviewBenchRow {
  what: string;
  seconds: number;
  /** Seconds over the same build with no preview. */
  adds: number;
  megabytes: number;
  withinBudget: boolean;
}

/** A minute of what a field sounds like: a pad and noise both ears share, carriers 25 dB under, 6 Hz apart. */
function minute(rate: number): Pcm {
  const amplitude = carrierUnder(() => pad(rate, 0.3), rate, 25);
  return render({
    rate,
    seconds: 60,
    both: [pad(rate, 0.3), pinkNoise(0.02)],
    left: [sine(rate, 200, amplitude)],
    right: [sine(rate, 206, amplitude)],
  });
}

async function makeMasters(folder: string): Promise<Record<string, string>> {
  const rate = 96_000;
  const block = minute(rate);
  // A WAV's header (44 bytes, with a 16-byte format chunk) gives the whole's length; its body is the minute repeated.
  const one = wav(block, "int24");
  const head = one.slice(0, 44);
  const data = MINUTES * (one.length - 44);
  new DataView(head.buffer).setUint32(4, 36 + data, true);
  new DataView(head.buffer).setUint32(40, data, true);
  await writeFile(join(folder, "master.wav"), [head, ...Array(MINUTES).fill(one.subarray(44))]);
  const frames = block.channels[0]!.length;
  await writeFile(
    join(folder, "master.flac"),
    flacParts({
      sampleRate: rate,
      seconds: MINUTES * 60,
      bitsPerSample: 24,
      audio: (start, size) => block.channels.map((c) => repeatSlice(c, start % frames, size)),
    }),
  );
  // An MP3 of the minute, encoded once at 48 kHz and repeated: a stream of MP3 streams, as a joined file is.
  const mp3 = await encodeMp3(minute(48_000));
  await writeFile(join(folder, "master.mp3"), Array(MINUTES).fill(mp3));
  const sizes = await Promise.all(
    ["wav", "flac", "mp3"].map(async (ext) => [
      ext,
      ((await stat(join(folder, `master.${ext}`))).size / 1e9).toFixed(2),
    ]),
  );
  return Object.fromEntries(sizes);
}

/** `size` samples from `start`, wrapping round to the start of the channel. */
function repeatSlice(channel: Float32Array, start: number, size: number): Float32Array {
  if (start + size <= channel.length) return channel.subarray(start, start + size);
  const out = new Float32Array(size);
  out.set(channel.subarray(start));
  out.set(channel.subarray(0, size - (channel.length - start)), channel.length - start);
  return out;
}

const field = (i: number, preview: Field["preview"]): Field => ({
  ...site.fields[0]!,
  title: `Field ${i + 1}`,
  url: `https://example.gumroad.com/l/field-${i + 1}`,
  bands: ["theta"],
  preview,
});

/** The build of these fields in the copy at `root`, timed: its seconds and its peak memory. */
async function timedBuild(root: string, masters: string, fields: Field[]) {
  await writeFile(join(root, "src/content/site.ts"), siteModule({ ...site, fields }));
  const run = spawnSync(
    "/usr/bin/time",
    // As `npm run build` runs it: one bundle, React's production build.
    ["-v", process.execPath, "scripts/bundled.mjs", "scripts/build.ts", "--out", join(root, "dist")],
    { cwd: root, encoding: "utf8", env: { ...process.env, SITE_MASTERS: masters } },
  );
  if (run.status !== 0) throw new Error(`the build failed:\n${run.stdout}\n${run.stderr}`);
  const clock = run.stderr.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/)!;
  const seconds = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const kilobytes = Number(run.stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)![1]);
  return { seconds, megabytes: kilobytes / 1024 };
}

export async function benchPreviews(): Promise<PreviewBenchRow[]> {
  if (!existsSync("/usr/bin/time"))
    throw new Error(
      "The previews' bench measures the build with /usr/bin/time -v: install it with `sudo apt-get install -y time`.",
    );
  const started = Date.now();
  const copy = await copyProject();
  // Beside the copy, as an owner keeps them: outside the project.
  const folder = `${copy.root}-masters`;
  const rows: PreviewBenchRow[] = [];
  try {
    await mkdir(folder, { recursive: true });
    process.stdout.write("Making 90-minute masters (WAV, FLAC, MP3)... ");
    const sizes = await makeMasters(folder);
    process.stdout.write("done.\n");
    const masters = { wav: "96 kHz 24-bit WAV", flac: "96 kHz 24-bit FLAC", mp3: "48 kHz MP3" };
    const cases: [string, Field[]][] = [
      ...Object.entries(masters).map(([ext, kind]): [string, Field[]] => [
        `45 s from 30:00 of a 90-minute ${kind} (${sizes[ext]} GB)`,
        [field(0, { file: `master.${ext}`, start: 1800, seconds: 45 })],
      ]),
      [
        "40 fields, each 60 s of the WAV master",
        Array.from({ length: 40 }, (_, i) => field(i, { file: "master.wav", start: 60 * i + 30, seconds: 60 })),
      ],
    ];
    process.stdout.write("Building: the same field with no preview... ");
    const base = await timedBuild(copy.root, folder, [field(0, undefined)]);
    process.stdout.write(`${base.seconds.toFixed(1)} s, ${Math.round(base.megabytes)} MB\n`);
    for (const [what, fields] of cases) {
      process.stdout.write(`Building: ${what}... `);
      const { seconds, megabytes } = await timedBuild(copy.root, folder, fields);
      const adds = seconds - base.seconds;
      const withinBudget =
        megabytes <= PREVIEW_BUDGET.megabytes && (fields.length > 1 || adds <= PREVIEW_BUDGET.seconds);
      rows.push({ what, seconds, adds, megabytes, withinBudget });
      process.stdout.write(`${seconds.toFixed(1)} s (adds ${adds.toFixed(1)} s), ${Math.round(megabytes)} MB\n`);
    }
  } finally {
    await copy.remove();
    await rm(folder, { recursive: true, force: true });
    // The copy shares node_modules, and its cache: the previews made here are of masters that no longer exist.
    const cache = join(CACHE_ROOT, "previews");
    for (const name of await readdir(cache).catch(() => [] as string[]))
      if ((await stat(join(cache, name))).mtimeMs >= started) await rm(join(cache, name), { force: true });
  }
  return rows;
}

export function previewBenchTable(rows: readonly PreviewBenchRow[]): string {
  const width = Math.max(...rows.map((r) => r.what.length));
  return [
    `Previews: the whole build, cold, by /usr/bin/time -v, and what it adds to the same build with no preview (budget: ${PREVIEW_BUDGET.seconds} s added by one master, ${PREVIEW_BUDGET.megabytes} MB peak for all):`,
    ...rows.map(
      (r) =>
        `  ${r.what.padEnd(width)}  ${r.seconds.toFixed(1).padStart(5)} s  adds ${r.adds.toFixed(1).padStart(5)} s  ${Math.round(r.megabytes).toString().padStart(4)} MB${r.withinBudget ? "" : "  ! over budget"}`,
    ),
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`\n${previewBenchTable(await benchPreviews())}`);
}
