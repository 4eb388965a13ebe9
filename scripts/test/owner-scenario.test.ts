import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteContent } from "../../src/content/types";
import { carrierUnder, flac, isochronic, pad, pinkNoise, rain, render, sine, sparseWav, wav } from "./audio-corpus";
import { copyProject } from "./project-copy";
import { pages } from "../../src/pages/index";
import { selections } from "../../src/content/purposes";
import { FIXTURE_SITE, siteModule } from "./fixtures";

/** The scenario's own page: an address, title and nav label no owner's page would have. */
const PAGE = "owner-scenario-journal";

/**
 * The owner's first edits, as the README invites them, made to a copy of the project: a new name and real
 * addresses, the terms written, a third field with an excerpt of a real-sounding master, a page of their own in the
 * top bar; then a clone without their masters. Each step builds to publish (--deploy). No test reads the owner's
 * content (architecture.test.ts), so none can pin the shipped demo. (A catalogue of twelve is built for the browser
 * tests, scripts/e2e/catalogue-site.ts, and every size to 500 is rendered in budget.test.ts.)
 */
let copy: Awaited<ReturnType<typeof copyProject>>;
let out: string;
beforeAll(async () => {
  copy = await copyProject();
  out = await mkdtemp(join(tmpdir(), "site-owner-"));
});
afterAll(async () => {
  await copy?.remove();
  await rm(out, { recursive: true, force: true });
});

const run = (command: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, command, {
    cwd: copy.root,
    encoding: "utf8",
    env: { ...process.env, ...env, NO_COLOR: "1" },
  });
/** As `npm run build -- --deploy` runs it: one bundle with plain Node (scripts/bundled.mjs). */
const buildToPublish = (env: Record<string, string> = {}, folder = "dist") =>
  run(["scripts/bundled.mjs", "scripts/build.ts", "--deploy", "--out", join(out, folder)], env);
const edit = async (file: string, change: (text: string) => string) =>
  writeFile(join(copy.root, file), change(await readFile(join(copy.root, file), "utf8")));

/** The owner's own: a name, addresses of their own, this year. */
const owned = (fields: SiteContent["fields"]): SiteContent => ({
  ...FIXTURE_SITE,
  origin: "https://www.lumenfields.co",
  brand: "Lumen Field Studio",
  tagline: "Slow, layered headphone sessions for study, rest and quiet evenings.",
  email: "studio@lumenfields.co",
  copyrightYear: new Date().getFullYear(),
  storefront: { name: "Gumroad", url: "https://lumenfields.gumroad.com/" },
  fields: fields.map((f) => ({ ...f, url: f.url.replace(/^https:\/\/[^/]+/, "https://lumenfields.gumroad.com") })),
});

/** Every file of a built site and its bytes' hash: two equal maps are the same site, byte for byte. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return new Map(
    await Promise.all(
      files.map(
        async (e) =>
          [
            relative(dir, join(e.parentPath, e.name)),
            createHash("sha256")
              .update(await readFile(join(e.parentPath, e.name)))
              .digest("hex"),
          ] as [string, string],
      ),
    ),
  );
}

const RATE = 16_000;

/**
 * The owner's masters, as a studio mixes them (made here in code, short): carriers under a different rain in each
 * ear, an isochronic field with no binaural beat, a beat that glides across a 45-minute master, a two-beat field.
 */
async function writeMasters(folder: string) {
  await mkdir(folder, { recursive: true });
  const rainBed = { left: () => rain(RATE, 0.3, 21), right: () => rain(RATE, 0.3, 22) };
  const deep = carrierUnder(rainBed.left, RATE, 27);
  await writeFile(
    join(folder, "rain-theta.flac"),
    flac(
      render({
        rate: RATE,
        seconds: 24,
        left: [rainBed.left(), sine(RATE, 180, deep)],
        right: [rainBed.right(), sine(RATE, 186, deep)],
      }),
    ),
  );
  await writeFile(
    join(folder, "isochronic.wav"),
    wav(render({ rate: RATE, seconds: 12, both: [isochronic(RATE, 220, 10, 0.3), pinkNoise(0.03, 4)] })),
  );
  const layered = carrierUnder(() => pad(RATE, 0.3), RATE, 25);
  await writeFile(
    join(folder, "theta-gamma.flac"),
    flac(
      render({
        rate: RATE,
        seconds: 12,
        both: [pad(RATE, 0.3)],
        left: [sine(RATE, 150, layered), sine(RATE, 400, layered)],
        right: [sine(RATE, 156, layered), sine(RATE, 440, layered)],
      }),
    ),
  );
  // 45 minutes gliding from 10 to 6 Hz; the excerpt at 30:00 is where the beat is 7.33 Hz (a sparse file: only it is on disk).
  let phase = 0;
  const gliding = render({
    rate: RATE,
    seconds: 12,
    both: [pad(RATE, 0.3)],
    left: [sine(RATE, 200, 0.05)],
    right: [
      (i) => ((phase += (2 * Math.PI * (200 + 10 - (4 * (1800 + i / RATE)) / 2700)) / RATE), 0.05 * Math.sin(phase)),
    ],
  });
  await sparseWav(join(folder, "glide.wav"), { seconds: 2700, excerpt: gliding, at: 1800, format: "int16" });
}

/** The scenario's fields beside the fixture's two: each names a master, one declares no band, one a glide. */
const masteredFields = (base: SiteContent["fields"][number]): SiteContent["fields"] => [
  {
    ...base,
    title: "Rain Theta",
    bands: ["theta"],
    url: "https://example.shopfront.com/l/rain-theta",
    preview: { file: "rain-theta.flac", start: 2, seconds: 20 },
  },
  {
    ...base,
    title: "Pulse Isochronic",
    bands: [],
    tuning: "Isochronic pulses",
    url: "https://example.shopfront.com/l/pulse",
    preview: { file: "isochronic.wav", seconds: 10 },
  },
  {
    ...base,
    title: "Long Glide",
    bands: undefined,
    glide: { fromHz: 10, toHz: 6 },
    durationMinutes: 45,
    url: "https://example.shopfront.com/l/long-glide",
    preview: { file: "glide.wav", start: 1800, seconds: 12 },
  },
  {
    ...base,
    title: "Theta Gamma",
    bands: ["theta", "gamma"],
    url: "https://example.shopfront.com/l/theta-gamma",
    preview: { file: "theta-gamma.flac", seconds: 10 },
  },
  { ...base, title: "No Preview Yet", url: "https://example.shopfront.com/l/no-preview", preview: undefined },
];

describe("an owner's site, as the README has them make it", () => {
  it("rebranded, addressed, its terms written, a third field with a real excerpt and a page of its own: builds to publish", async () => {
    // A minute of the master: a pad and noise both ears share, a 6 Hz pair of carriers 25 dB under them.
    const rate = 22_050;
    const amplitude = carrierUnder(() => pad(rate, 0.3), rate, 25);
    const master = render({
      rate,
      seconds: 40,
      both: [pad(rate, 0.3), pinkNoise(0.02)],
      left: [sine(rate, 160, amplitude)],
      right: [sine(rate, 166, amplitude)],
    });
    await mkdir(join(out, "masters"), { recursive: true });
    await writeFile(join(out, "masters/deep-theta-drift.flac"), flac(master));
    const third = {
      ...FIXTURE_SITE.fields[0]!,
      title: "Deep Theta Drift",
      description:
        "Forty-five minutes of slow theta pulses under a soft piano pad and distant rain, for the hour before sleep.",
      durationMinutes: 45,
      tuning: "Theta wave entrainment",
      bands: ["theta" as const],
      url: "https://lumenfields.gumroad.com/l/deep-theta-drift",
      preview: { file: "deep-theta-drift.flac", start: 20, seconds: 15 },
      // Their own cover, and a price.
      cover: "deep-theta-drift.jpg",
      price: { amount: 14, currency: "EUR" },
    };
    await sharp({ create: { width: 1500, height: 1500, channels: 3, background: "#2b3a6e" } })
      .jpeg()
      .toFile(join(copy.root, "src/content/covers/deep-theta-drift.jpg"));
    // the fields a studio mixes, from masters kept beside the project.
    await writeMasters(join(out, "masters"));
    const content = owned([...FIXTURE_SITE.fields, third, ...masteredFields(FIXTURE_SITE.fields[0]!)]);
    await writeFile(join(copy.root, "src/content/site.ts"), siteModule(content));
    // The terms the site must not invent, written: the same words without their brackets.
    await edit("src/content/questions.ts", (text) => text.replace(/\[\[([^\]]*)\]\]/g, "$1"));
    // A page of their own, as "Adding a page" describes: under a name no owner's page has, whatever pages they add.
    await writeFile(
      join(copy.root, `src/pages/${PAGE}.tsx`),
      [
        'import { PageIntro } from "../components/Section";',
        'import type { PageMeta } from "./types";',
        "",
        `export const meta: PageMeta = { path: "/${PAGE}/", title: "Scenario notes", description: "Notes this test writes as an owner would: how each field is made, and what comes next.", nav: { label: "Scenario notes", order: 99 } };`,
        "",
        "export function Page() {",
        '  return <PageIntro eyebrow="Journal" title="Notes from the studio" lead="How each field is made, and what we listen for." />;',
        "}",
        "",
      ].join("\n"),
    );
    await edit("src/pages/index.ts", (text) =>
      text
        .replace(/(\nimport \* as home from "\.\/home";)/, `$1\nimport * as scenarioPage from "./${PAGE}";`)
        .replace(/notFound\]/, "scenarioPage, notFound]"),
    );

    const built = buildToPublish({ SITE_MASTERS: join(out, "masters") });
    expect(built.stderr, built.stderr.slice(0, 2000)).toBe("");
    expect(built.status).toBe(0);
    // The site's pages, the owner's own, a page for each of the eight fields, and a list for each purpose and band.
    expect(built.stdout).toContain(`Built ${pages.length + 1 + 8 + selections(content).length} pages`);
    expect(built.stdout).toMatch(
      /Deep Theta Drift +6\.0\d Hz +Theta ✓ +160\.0 \| 166\.0 Hz .* deep-theta-drift\.flac \(FLAC\), 20 s–35 s of 40 s/,
    );
    expect(built.stdout).toMatch(/Rain Theta +(5\.9\d|6\.0\d) Hz +Theta ✓ +180\.0 \| 186\.0 Hz/);
    expect(built.stdout).toMatch(/Pulse Isochronic +no beat +-1[78]\.\d LUFS/);
    expect(built.stdout).toMatch(/Long Glide +7\.3\d Hz +Theta ✓ .* glide\.wav \(WAV\), 30:00–30:12 of 45:00/);
    expect(built.stdout).toMatch(/Theta Gamma +6\.0\d Hz +Theta ✓[^\n]*\n +(39\.9\d|40\.0\d) Hz +Gamma ✓/);
    expect(built.stdout).toContain("commit src/content/previews/rain-theta-flac-2s-20s.mp3");
    expect(await readFile(join(out, "dist/fields/long-glide/index.html"), "utf8")).toContain(
      "A beat that glides from 10 Hz (Alpha) to 6 Hz (Theta)",
    );
    const own = await readFile(join(out, "dist/fields/deep-theta-drift/index.html"), "utf8");
    expect(own).toMatch(
      /<source type="image\/avif" srcSet="\/assets\/cover-deep-theta-drift-480-[^"]+\.avif 480w, [^"]+ 800w, [^"]+ 1200w"/i,
    );
    expect(own).toContain('<p class="price" aria-hidden="true">€14</p>');
    expect(built.stdout).not.toContain("Placeholders still in use");
    expect(await readFile(join(out, `dist/${PAGE}/index.html`), "utf8")).toContain(`href="/${PAGE}/"`);
  });

  it("a clone without the masters builds the same site, byte for byte; a changed excerpt stops it, naming the field", async () => {
    const masters = join(out, "masters");
    await rm(masters, { recursive: true });
    const clone = buildToPublish({ SITE_MASTERS: masters }, "clone");
    expect(clone.stderr, clone.stderr.slice(0, 2000)).toBe("");
    expect(clone.stdout).not.toContain("commit src/content/previews");
    expect(await snapshot(join(out, "clone"))).toEqual(await snapshot(join(out, "dist")));

    await edit("src/content/site.ts", (text) => text.replace('"start": 1800', '"start": 1500'));
    const changed = buildToPublish({ SITE_MASTERS: masters }, "changed");
    expect(changed.status).toBe(1);
    expect(changed.stderr).toMatch(
      /fields\[\d+\] \("[^"]+"\)\.preview \(.*glide\.wav\) is not here \(the masters folder, .*, is not on this machine\) to make its preview again, and the committed one \(src\/content\/previews\/glide-wav-1800s-12s\.mp3\) no longer matches the field: it starts at 30:00, and the field now asks for 25:00/,
    );
  });
});
