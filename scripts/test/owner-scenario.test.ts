import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteContent } from "../../src/content/types";
import { carrierUnder, flac, pad, pinkNoise, render, sine } from "../build/media/audio/corpus";
import { copyProject } from "../dev/project-copy";
import { twelveFields } from "../bench/catalogue";
import { pages } from "../../src/pages/index";
import { FIXTURE_SITE, siteModule } from "./fixtures";

/** The scenario's own page: an address, title and nav label no owner's page would have. */
const PAGE = "owner-scenario-journal";

/**
 * #20 The owner's first edits, as the README invites them, made to a copy of the project: a new name and real
 * addresses, the terms written, a third field with an excerpt of a real-sounding master, a page of their own in the
 * top bar; then a catalogue of twelve. Each step builds to publish (--deploy), and the tests that read the content
 * pass on it: nothing in them may pin the shipped demo.
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
  spawnSync(process.execPath, command, { cwd: copy.root, encoding: "utf8", env: { ...process.env, ...env, NO_COLOR: "1" } });
const buildToPublish = () => run(["--import", "tsx", "scripts/build.ts", "--deploy", "--out", join(out, "dist")]);
const edit = async (file: string, change: (text: string) => string) => writeFile(join(copy.root, file), change(await readFile(join(copy.root, file), "utf8")));

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

describe("#20 an owner's site, as the README has them make it", () => {
  it("rebranded, addressed, its terms written, a third field with a real excerpt and a page of its own: builds to publish", async () => {
    // A minute of the master: a pad and noise both ears share, a 6 Hz pair of carriers 25 dB under them.
    const rate = 22_050;
    const amplitude = carrierUnder(() => pad(rate, 0.3), rate, 25);
    const master = render({ rate, seconds: 40, both: [pad(rate, 0.3), pinkNoise(0.02)], left: [sine(rate, 160, amplitude)], right: [sine(rate, 166, amplitude)] });
    await writeFile(join(copy.root, "src/content/previews/deep-theta-drift.flac"), flac(master));
    const third = {
      ...FIXTURE_SITE.fields[0]!,
      title: "Deep Theta Drift",
      description: "Forty-five minutes of slow theta pulses under a soft piano pad and distant rain, for the hour before sleep.",
      durationMinutes: 45,
      tuning: "Theta wave entrainment",
      bands: ["theta" as const],
      url: "https://lumenfields.gumroad.com/l/deep-theta-drift",
      preview: { file: "deep-theta-drift.flac", start: 20, seconds: 15 },
    };
    await writeFile(join(copy.root, "src/content/site.ts"), siteModule(owned([...FIXTURE_SITE.fields, third])));
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
    await edit("src/pages/index.ts", (text) => text.replace(/(\nimport \* as home from "\.\/home";)/, `$1\nimport * as scenarioPage from "./${PAGE}";`).replace(/notFound\]/, "scenarioPage, notFound]"));

    const built = buildToPublish();
    expect(built.stderr, built.stderr.slice(0, 2000)).toBe("");
    expect(built.status).toBe(0);
    expect(built.stdout).toContain(`Built ${pages.length + 1} pages`);
    expect(built.stdout).toMatch(/Deep Theta Drift +6\.0\d Hz +Theta ✓ +160\.0 \| 166\.0 Hz .* deep-theta-drift\.flac \(FLAC\), 20 s–35 s of 40 s/);
    expect(built.stdout).not.toContain("Placeholders still in use");
    expect(await readFile(join(out, `dist/${PAGE}/index.html`), "utf8")).toContain(`href="/${PAGE}/"`);

    // The tests that read the content, run on this content.
    const tests = run(["node_modules/vitest/vitest.mjs", "run", "--config", "scripts/test/vitest.config.ts", "--project", "unit", "scripts/build/render.test.ts", "src/content/validate.test.ts"]);
    expect(tests.stdout.match(/Tests .*/)?.[0], tests.stdout.slice(-3000)).toMatch(/Tests +\d+ passed/);
    expect(tests.status).toBe(0);
  });

  it("with a catalogue of twelve fields, still builds to publish, every page within its budget", async () => {
    await writeFile(join(copy.root, "src/content/site.ts"), siteModule(owned(twelveFields(FIXTURE_SITE.fields[0]!))));
    const built = buildToPublish();
    expect(built.stderr, built.stderr.slice(0, 2000)).toBe("");
    expect(built.status).toBe(0);
    expect((await readFile(join(out, "dist/products/index.html"), "utf8")).match(/class="card field-card"/g)).toHaveLength(12);
  });
});
