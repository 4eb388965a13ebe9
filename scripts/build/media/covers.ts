import { BANDS, inBand, type Band } from "../../../src/content/bands";
import { fieldSlug } from "../../../src/content/fields";
import type { Field, SiteContent } from "../../../src/content/types";
import type { Cover } from "../../../src/lib/cover";
import { assetPath } from "../asset-path";
import type { Theme } from "../styles";
import type { Measured } from "./previews";

/** The size a drawn cover is made at: square, as covers in every shop are. */
export const COVER_SIZE = 1200;

/** The colour each band's pattern is drawn in, from the site's palette. */
const BAND_COLOURS: Record<Band, keyof Theme> = { delta: "blueLight", theta: "violetLight", alpha: "tealLight", beta: "teal", gamma: "rose" };

/** What a drawn cover is drawn from: a tone in each ear (the field's first beat), or none. */
interface Tones {
  leftHz: number;
  rightHz: number;
}

/** The tones a field's cover shows: measured in its preview, or its recipe's, or none for a field with no beat. */
function tonesOf(field: Field, measured: Measured | undefined): Tones | undefined {
  const beat = measured?.beats[0];
  if (beat) return { leftHz: beat.leftHz, rightHz: beat.rightHz };
  if (field.preview && "recipe" in field.preview) return { leftHz: field.preview.recipe.carrierHz, rightHz: field.preview.recipe.carrierHz + field.preview.recipe.beatHz };
  return undefined;
}

/** A number from a text, the same on every build: a field with no beat still gets a pattern of its own. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

const fixed = (n: number) => Math.round(n * 10) / 10;

/**
 * A cover drawn from the field's sound: each ear's tone as rings spreading from its own point, a wavelength apart
 * (in proportion to the tone's period), so that where the two sets cross they make the fringes two close tones
 * make: the slower the beat, the wider the fringes. Drawn in its band's colour, on the site's background.
 */
export function drawnCover(field: Field, measured: Measured | undefined, theme: Theme): { svg: string; alt: string } {
  const tones = tonesOf(field, measured);
  const seed = hashOf(field.title);
  const { leftHz, rightHz } = tones ?? { leftHz: 120 + (seed % 360), rightHz: 120 + (seed % 360) };
  const beat = Math.abs(rightHz - leftHz);
  const band = (Object.keys(BANDS) as Band[]).find((b) => inBand(beat, b)) ?? field.bands?.[0];
  // The band's colour for the left ear's rings, a second from the palette for the right's.
  const [ink, other] = [theme[band ? BAND_COLOURS[band] : "violetLight"], theme[band === "theta" ? "tealLight" : "violetLight"]];
  const size = COVER_SIZE;
  // Rings a wavelength apart: 200 Hz every 48 px. The two sources sit apart by more for a faster beat.
  const spacing = (hz: number) => (9600 / hz);
  const apart = 160 + 14 * Math.min(beat, 40);
  const centre = size / 2;
  const tilt = ((seed % 60) - 30) * (Math.PI / 180);
  const [dx, dy] = [(Math.cos(tilt) * apart) / 2, (Math.sin(tilt) * apart) / 2];
  const rings = (cx: number, cy: number, hz: number, colour: string) => {
    const step = spacing(hz);
    const count = Math.ceil((size * 0.75) / step);
    const circles = Array.from({ length: count }, (_, k) => `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed((k + 1) * step)}"/>`).join("");
    return `<g fill="none" stroke="${colour}" stroke-width="3" stroke-opacity="0.55">${circles}</g>`;
  };
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`,
    `<defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="${ink}" stop-opacity="0.35"/><stop offset="1" stop-color="${theme.background}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="fade" cx="0.5" cy="0.5" r="0.5"><stop offset="0.55" stop-color="${theme.background}" stop-opacity="0"/><stop offset="1" stop-color="${theme.background}" stop-opacity="0.9"/></radialGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="${theme.background}"/>`,
    `<rect width="${size}" height="${size}" fill="url(#glow)"/>`,
    rings(centre - dx, centre - dy, leftHz, ink),
    rings(centre + dx, centre + dy, rightHz, tones ? other : ink),
    `<rect width="${size}" height="${size}" fill="url(#fade)"/>`,
    `</svg>`,
  ].join("");
  const alt = tones
    ? `A pattern drawn from ${field.title}'s tones: ${fixed(leftHz)} Hz in the left ear and ${fixed(rightHz)} Hz in the right, whose rings cross in fringes as the two tones beat ${fixed(beat)} times a second.`
    : `A pattern of rings drawn for ${field.title}, which has no binaural beat.`;
  return { svg, alt };
}

/** Every field's cover, by its storefront URL, and the files to write: a drawn SVG each, named by its content. */
export function buildCovers(site: SiteContent, measured: ReadonlyMap<string, Measured>, theme: Theme): { byFieldUrl: Map<string, Cover>; files: Map<string, Uint8Array> } {
  const byFieldUrl = new Map<string, Cover>();
  const files = new Map<string, Uint8Array>();
  for (const field of site.fields) {
    const { svg, alt } = drawnCover(field, measured.get(field.url), theme);
    const bytes = new TextEncoder().encode(svg);
    const path = assetPath(`cover-${fieldSlug(field)}`, "svg", bytes);
    files.set(path.slice(1), bytes);
    byFieldUrl.set(field.url, { path, width: COVER_SIZE, height: COVER_SIZE, alt });
  }
  return { byFieldUrl, files };
}
