import { describe, expect, it } from "vitest";
import type { Field } from "../../../src/content/types";
import { FIXTURE_SITE } from "../../test/fixtures";
import { twelveFields } from "../../bench/catalogue";
import { theme } from "../styles";
import { buildCovers, drawnCover } from "./covers";

const colours = Object.values(theme());

describe("#24 a cover drawn from the sound, until the owner has one", () => {
  const fields = twelveFields(FIXTURE_SITE.fields[0]!);

  it("is the same on every build, different for every field, and drawn only in the site's palette", () => {
    const drawn = fields.map((f) => drawnCover(f, undefined, theme()).svg);
    expect(fields.map((f) => drawnCover(f, undefined, theme()).svg)).toEqual(drawn);
    expect(new Set(drawn).size).toBe(fields.length);
    for (const svg of drawn) for (const [, colour] of svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]+)"/gi)) expect(colours).toContain(colour);
  });

  it("draws the measured tones, and says so in its text; a field with no beat says it has none, and nothing calls it artwork", () => {
    const field = fields[1]!;
    const measured = { beats: [{ hz: 6, leftHz: 150, rightHz: 156, db: -20 }] } as never;
    const { svg, alt } = drawnCover(field, measured, theme());
    // Rings a wavelength apart for each ear: 150 Hz every 64 px, 156 Hz every 61.5 px.
    expect(svg).toContain('r="64"');
    expect(svg).toContain('r="61.5"');
    expect(alt).toBe(`A pattern drawn from ${field.title}'s tones: 150 Hz in the left ear and 156 Hz in the right, whose rings cross in fringes as the two tones beat 6 times a second.`);
    const silent: Field = { ...field, preview: undefined, bands: [] };
    expect(drawnCover(silent, undefined, theme()).alt).toBe(`A pattern of rings drawn for ${field.title}, which has no binaural beat.`);
    expect([alt, drawnCover(silent, undefined, theme()).alt].join(" ")).not.toMatch(/\bart(work)?\b/i);
  });

  it("gives every field its cover as a file named by its content, with its size", () => {
    const { byFieldUrl, files } = buildCovers({ ...FIXTURE_SITE, fields }, new Map(), theme());
    expect(byFieldUrl.size).toBe(fields.length);
    for (const cover of byFieldUrl.values()) {
      expect(cover).toMatchObject({ path: expect.stringMatching(/^\/assets\/cover-[a-z0-9-]+-[a-z0-9]+\.svg$/), width: 1200, height: 1200 });
      expect(files.has(cover.path.slice(1))).toBe(true);
    }
  });
});
