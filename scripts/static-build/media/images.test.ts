import { describe, expect, it } from "vitest";
import { frame } from "../../../src/content/frame";
import { FIXTURE_SITE as site } from "../../test/fixtures";
import type { SiteContent } from "../../../src/content/types";
import { ContentError } from "../../../src/content/files";
import { FALLBACK_FACES, isInstalled, MAIN_FACE, runsByFace } from "./fonts";
import { theme } from "../styles";
import { renderPng, shareImage } from "./images";

const withText = (change: Partial<SiteContent>) => shareImage({ ...site, ...change }, {}, theme());

/** The text of each <text> line of the image, with the typeface markup and joiners taken out. */
const lines = (svg: string) =>
  [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>(.*?)<\/text>/g)].map(([, size, inner]) => ({
    size: Number(size),
    text: inner!.replace(/<[^>]+>/g, "").replace(/\u200C/g, ""),
  }));

/** One character drawn alone at 96 px: the same picture for two characters means the same glyph. */
const drawn = (char: string, faces = [MAIN_FACE, ...FALLBACK_FACES.filter(isInstalled)]) => {
  const run = runsByFace(char)[0]!;
  const family = faces.includes(run.face) ? run.face.family : MAIN_FACE.family;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><text x="8" y="100" font-size="96" font-family="${family}">${char}</text></svg>`;
  return Buffer.from(renderPng(svg, undefined, faces)).toString("base64");
};

describe("the share image draws what the owner writes, or says why it cannot", () => {
  // The empty box a font draws for a character it lacks.
  const box = drawn("\u16A0", [MAIN_FACE]);

  it("draws a brand with emoji with the emoji typeface, not empty boxes", () => {
    const [brand, family] = ["EquiSync 🎧", "Noto Emoji"];
    const { svg, faces } = withText({ brand });
    expect(faces.map((f) => f.family)).toContain(family);
    expect(svg).toMatch(new RegExp(`<tspan font-family="${family}">[^<]*🎧`));
    expect(drawn("🎧")).not.toBe(box);
    // Without the fallback it would be the box: the check above can fail.
    expect(drawn("🎧", [MAIN_FACE])).toBe(box);
  });

  it.each([
    ["Chinese", "音场工作室", "音", "@expo-google-fonts/noto-sans-sc@0.4.3"],
    ["Japanese", "サウンド工房", "サ", "@expo-google-fonts/noto-sans-sc@0.4.3"],
    ["Korean", "사운드 스튜디오", "사", "@expo-google-fonts/noto-sans-kr@0.4.3"],
    ["Arabic", "استوديو", "ا", "@expo-google-fonts/noto-sans-arabic@0.4.3"],
    ["Thai", "สตูดิโอ", "ส", "@expo-google-fonts/noto-sans-thai@0.4.2"],
  ])(
    "a brand in %s, whose typeface is not installed, stops the build naming the package to add",
    (_, brand, first, pkg) => {
      const notInstalled = () => false;
      expect(() => shareImage({ ...site, brand }, {}, theme(), notInstalled)).toThrow(ContentError);
      expect(() => shareImage({ ...site, brand }, {}, theme(), notInstalled)).toThrow(
        new RegExp(
          `src/content/site\\.ts: brand has characters the share image draws with Noto Sans \\w+, which is not installed: "${first}" .*npm install --save-dev ${pkg.replace(/[.@/]/g, "\\$&")}`,
        ),
      );
    },
  );

  it("keeps an emoji beside an f-ligature (resvg dropped such a line whole)", () => {
    const { svg } = withText({ tagline: "Soft fields 🌙 for office afternoons" });
    expect(lines(svg).map((l) => l.text)).toContain("Soft fields 🌙 for office afternoons");
    expect(svg).toContain("f\u200Cields");
  });

  it("shrinks and wraps a long brand and tagline onto more lines, keeping every word", () => {
    const brand = "The EquiSync Fields Studio for Binaural Audio Experiences";
    const tagline =
      "Binaural audio fields, layered with EquiSync, for focus, relaxation, habit change, abundance and deeper meditation.";
    const drawnLines = lines(withText({ brand, tagline }).svg);
    const brandLines = drawnLines.filter((l) => l.size >= 64);
    expect(brandLines.length).toBe(2);
    expect(brandLines.map((l) => l.text).join(" ")).toBe(brand);
    const taglineLines = drawnLines.filter(
      (l) => l.size < 64 && l.size >= 32 && l.text !== "PREMIUM HEADPHONE AUDIO" && !l.text.includes("example.com"),
    );
    expect(taglineLines.length).toBeGreaterThan(1);
    expect(taglineLines.map((l) => l.text).join(" ")).toBe(tagline);
  });

  it("keeps a brand and tagline of ordinary length at full size on one line each", () => {
    const [brand, tagline] = ["Lumen Field Studio", "Slow, layered headphone sessions for quiet evenings."];
    const drawnLines = lines(withText({ brand, tagline }).svg);
    expect(drawnLines).toContainEqual({ size: 112, text: brand });
    expect(drawnLines).toContainEqual({ size: 46, text: tagline });
  });

  it.each([
    [
      "brand",
      { brand: "Supercalifragilisticexpialidociousfieldsstudiohouse" },
      "brand is too long for the share image (1200×630): even at 64 px",
    ],
    [
      "tagline",
      { tagline: "A field to settle into. ".repeat(20) },
      "tagline is too long for the share image (1200×630): even at 32 px",
    ],
  ])("stops with a named error when the %s cannot fit even at its smallest size", (_, change, message) => {
    expect(() => withText(change)).toThrow(ContentError);
    expect(() => withText(change)).toThrow(`src/content/site.ts: ${message}`);
  });

  it("stops with a named error for a character no typeface here can draw, naming it", () => {
    expect(() => withText({ brand: "ᚠᚢ Studio" })).toThrow(
      'src/content/site.ts: brand has characters the share image has no typeface for: "ᚠ" (U+16A0), "ᚢ" (U+16A2)',
    );
  });
});

describe("every word of the share image is content", () => {
  it("draws its top line from frame.ts in capitals, and refuses one too long, naming the file and field", () => {
    const before = frame.shareImage.eyebrow;
    try {
      frame.shareImage.eyebrow = "Slow music for headphones";
      expect(lines(withText({}).svg).map((l) => l.text)).toContain("SLOW MUSIC FOR HEADPHONES");
      frame.shareImage.eyebrow = "Headphone sessions ".repeat(4);
      expect(() => withText({})).toThrow(
        "src/content/frame.ts: shareImage.eyebrow is too long for the share image's top line",
      );
    } finally {
      frame.shareImage.eyebrow = before;
    }
  });
});
