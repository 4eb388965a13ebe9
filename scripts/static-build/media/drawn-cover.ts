import { BANDS, inBand, type Band } from "../../../src/content/bands";
import { fieldSlug } from "../../../src/content/fields";
import type { Field } from "../../../src/content/types";
import type { Theme } from "../styles";
import type { Measured } from "./audio/preview";

/** The size a drawn cover is made at: square, as covers in every shop are. */
export const COVER_SIZE = 1200;

/** One figure per kind of beat, so that a cover says at a glance how its field moves; "pulse": no binaural beat. */
type Figure = "waves" | "petals" | "rings" | "knot" | "rays" | "pulse";

const FIGURE_OF_BAND: Record<Band, Figure> = {
  delta: "waves",
  theta: "petals",
  alpha: "rings",
  beta: "knot",
  gamma: "rays",
};

/** How many hues covers are drawn in, evenly around the colour wheel: the most a page of the catalogue shows. */
const HUES = 12;

/** `hue` is a step around the wheel, one of HUES, not degrees. */
export interface Look {
  figure: Figure;
  hue: number;
}

interface Tones {
  leftHz: number;
  rightHz: number;
}

/** The tones a field's cover shows: measured in its preview, or its recipe's, or none for a field with no beat. */
function tonesOf(field: Field, measured: Measured | undefined): Tones | undefined {
  const beat = measured?.beats[0];
  if (beat) return { leftHz: beat.leftHz, rightHz: beat.rightHz };
  if (measured) return undefined;
  if (field.preview && "recipe" in field.preview)
    return {
      leftHz: field.preview.recipe.carrierHz,
      rightHz: field.preview.recipe.carrierHz + field.preview.recipe.beatHz,
    };
  return undefined;
}

/** A number from a text, the same on every build. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** Figure from the beat's band, hue from the carrier (an octave up is a third of the wheel), or from the slug. */
export function naturalLook(field: Field, measured: Measured | undefined): Look {
  const tones = tonesOf(field, measured);
  if (!tones) return { figure: "pulse", hue: hashOf(fieldSlug(field)) % HUES };
  const beat = Math.abs(tones.rightHz - tones.leftHz);
  const band = (Object.keys(BANDS) as Band[]).findLast((b) => inBand(beat, b)) ?? (beat < 1 ? "delta" : "gamma");
  const octaves = Math.log2(Math.min(tones.leftHz, tones.rightHz) / 100);
  return { figure: FIGURE_OF_BAND[band], hue: ((Math.round((octaves * HUES) / 3) % HUES) + HUES) % HUES };
}

/** A field keeps its first hue (`recorded`), so that adding, removing or moving a field never changes another's. */
export function fieldLooks(
  fields: readonly Field[],
  measured: (field: Field) => Measured | undefined,
  recorded: ReadonlyMap<string, number>,
): Map<string, Look> {
  const looks = new Map<string, Look>();
  // How many fields have each hue, and each figure's hues: kept as looks are given, so that a catalogue of thousands
  // without a record is looked at once, not once for every field.
  const uses: number[] = Array(HUES).fill(0);
  const figureHues = new Map<Figure, Set<number>>();
  const give = (slug: string, look: Look) => {
    looks.set(slug, look);
    uses[look.hue]!++;
    figureHues.set(look.figure, (figureHues.get(look.figure) ?? new Set()).add(look.hue));
  };
  const natural = new Map(fields.map((field) => [fieldSlug(field), naturalLook(field, measured(field))]));
  for (const [slug, look] of natural) {
    const hue = recorded.get(slug);
    if (hue !== undefined && Number.isInteger(hue) && hue >= 0 && hue < HUES) give(slug, { ...look, hue });
  }
  const apart = (a: number, b: number) => Math.min((a - b + HUES) % HUES, (b - a + HUES) % HUES);
  for (const [slug, { figure, hue: wanted }] of natural) {
    if (looks.has(slug)) continue;
    const room = (hue: number) =>
      Math.min(HUES, ...[...(figureHues.get(figure) ?? [])].map((other) => apart(other, hue)));
    const fewest = Math.min(...uses);
    const hue = Array.from({ length: HUES }, (_, h) => h)
      .filter((h) => uses[h] === fewest)
      .reduce((best, h) =>
        room(h) > room(best) || (room(h) === room(best) && apart(h, wanted) < apart(best, wanted)) ? h : best,
      );
    give(slug, { figure, hue });
  }
  return looks;
}

/** An sRGB hex colour from OKLCH (lightness 0 to 1, chroma, hue in degrees): the cover's colours, evenly bright. */
function oklch(l: number, c: number, h: number): string {
  const [a, b] = [c * Math.cos((h * Math.PI) / 180), c * Math.sin((h * Math.PI) / 180)];
  const cube = (x: number) => x * x * x;
  const [lms1, lms2, lms3] = [
    cube(l + 0.3963377774 * a + 0.2158037573 * b),
    cube(l - 0.1055613458 * a - 0.0638541728 * b),
    cube(l - 0.0894841775 * a - 1.291485548 * b),
  ];
  const linear = [
    4.0767416621 * lms1 - 3.3077115913 * lms2 + 0.2309699292 * lms3,
    -1.2684380046 * lms1 + 2.6097574011 * lms2 - 0.3413193965 * lms3,
    -0.0041960863 * lms1 - 0.7034186147 * lms2 + 1.707614701 * lms3,
  ];
  const gamma = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
  return `#${linear
    .map((x) =>
      Math.round(Math.min(1, Math.max(0, gamma(x))) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Where on the wheel a look's hue sits: the first step the site's violet (tokens.css' --violet-300), about 290°. */
const hueDegrees = (step: number) => (290 + (step * 360) / HUES) % 360;

const fixed = (n: number) => Math.round(n);

const closed = (points: readonly [number, number][]) =>
  `M${points.map(([x, y]) => `${fixed(x)} ${fixed(y)}`).join("L")}Z`;

/** A circle of whole radius `r` as a path draws one: two half-circle arcs. */
const circle = (cx: number, cy: number, r: number) =>
  `M${fixed(cx - r)} ${fixed(cy)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

function figurePaths(figure: Figure, tones: Tones | undefined, turn: number): string[] {
  const c = COVER_SIZE / 2;
  const beat = tones ? Math.abs(tones.rightHz - tones.leftHz) : 0;
  switch (figure) {
    case "waves": {
      const lines = 5 + Math.min(4, Math.round(beat));
      return Array.from({ length: lines }, (_, k) => {
        const y = 220 + (760 * k) / (lines - 1);
        const wave = 170 + 40 * k;
        const height = 70 + 10 * ((k + Math.round(turn * 10)) % 3);
        const half = wave / 2;
        let d = `M${-wave} ${fixed(y)}`;
        for (let x = -wave; x < COVER_SIZE + wave; x += wave)
          d += `q${fixed(half / 2)} ${-height} ${fixed(half)} 0t${fixed(half)} 0`;
        return d;
      });
    }
    case "petals": {
      const petals = Math.max(3, Math.round(beat));
      return [1, 0.55].map((scale, layer) =>
        Array.from({ length: petals }, (_, k) => {
          const angle = turn + ((k + layer / 2) * 2 * Math.PI) / petals;
          const [length, width] = [420 * scale, (1300 * scale) / petals];
          // A petal from the centre out: an ellipse's two halves, drawn as arcs along its axis.
          const [x, y] = [length * Math.cos(angle), length * Math.sin(angle)];
          const turnDeg = fixed((angle * 180) / Math.PI);
          const [rx, ry] = [fixed(length / 2), fixed(width / 2)];
          return `M${c} ${c}a${rx} ${ry} ${turnDeg} 0 1 ${fixed(x)} ${fixed(y)}a${rx} ${ry} ${turnDeg} 0 1 ${fixed(-x)} ${fixed(-y)}`;
        }).join(""),
      );
    }
    case "rings": {
      // Where each ear's rings cross they make the fringes two close tones make. Fewer, bolder rings than the tones'
      // wavelengths would give, so that a thumbnail still shows them.
      const apart = 180 + 16 * Math.min(beat, 40);
      const [dx, dy] = [(Math.cos(turn) * apart) / 2, (Math.sin(turn) * apart) / 2];
      const set = (cx: number, cy: number, hz: number) => {
        const step = 24000 / hz;
        return Array.from({ length: Math.ceil(780 / step) }, (_, k) => circle(cx, cy, fixed((k + 1) * step))).join("");
      };
      return [set(c - dx, c - dy, tones!.leftHz), set(c + dx, c + dy, tones!.rightHz)];
    }
    case "knot": {
      // The figure two rhythms a step apart trace against each other (a Lissajous knot): more loops for a faster beat.
      const a = 2 + (Math.round(beat) % 4);
      return [
        closed(
          Array.from({ length: 360 }, (_, k) => {
            const t = (2 * Math.PI * k) / 360;
            return [c + 420 * Math.sin(a * t + turn), c + 420 * Math.sin((a + 1) * t)] as [number, number];
          }),
        ),
      ];
    }
    case "rays": {
      const rays = Math.min(40, Math.round(beat));
      return [
        Array.from({ length: rays }, (_, k) => {
          const angle = (2 * Math.PI * k) / rays + turn;
          const r = 300 + 160 * ((k * 7) % 3);
          return `M${fixed(c + 90 * Math.cos(angle))} ${fixed(c + 90 * Math.sin(angle))}L${fixed(c + r * Math.cos(angle))} ${fixed(c + r * Math.sin(angle))}`;
        }).join(""),
      ];
    }
    case "pulse":
      return [Array.from({ length: 6 }, (_, k) => circle(c, c, 90 * (k + 1))).join("")];
  }
}

function describe(figure: Figure, title: string, tones: Tones | undefined): string {
  if (!tones) return `One set of rings drawn for ${title}, which has no binaural beat.`;
  const beat = Math.round(Math.abs(tones.rightHz - tones.leftHz) * 10) / 10;
  const hz = (n: number) => `${Math.round(n * 10) / 10} Hz`;
  const said: Record<Exclude<Figure, "pulse">, string> = {
    waves: `long waves for its slow ${hz(beat)} beat`,
    petals: `a flower of ${Math.max(3, Math.round(beat))} petals for its ${hz(beat)} beat`,
    rings: `the rings of its two tones, ${hz(tones.leftHz)} in the left ear and ${hz(tones.rightHz)} in the right, crossing as they beat ${beat} times a second`,
    knot: `a knot of loops for its ${hz(beat)} beat`,
    rays: `${Math.min(40, Math.round(beat))} rays for its ${hz(beat)} beat`,
  };
  return `A pattern drawn from ${title}'s sound: ${said[figure as Exclude<Figure, "pulse">]}.`;
}

/** A cover drawn from the field's sound, the same on every build. */
export function drawnCover(
  field: Field,
  measured: Measured | undefined,
  theme: Theme,
  look: Look = naturalLook(field, measured),
): { svg: string; alt: string } {
  const tones = tonesOf(field, measured);
  const turn = ((hashOf(fieldSlug(field)) % 360) * Math.PI) / 180;
  const degrees = hueDegrees(look.hue);
  const [ink, glow, deep] = [oklch(0.86, 0.11, degrees), oklch(0.5, 0.11, degrees), oklch(0.27, 0.05, degrees)];
  const size = COVER_SIZE;
  const paths = figurePaths(look.figure, tones, turn)
    .map((d) => `<path d="${d}"/>`)
    .join("");
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`,
    `<defs><radialGradient id="glow" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="${glow}"/><stop offset="0.55" stop-color="${deep}"/><stop offset="1" stop-color="${theme.background}"/></radialGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#glow)"/>`,
    `<g fill="none" stroke="${ink}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85">${paths}</g>`,
    `</svg>`,
  ].join("");
  return { svg, alt: describe(look.figure, field.title, tones) };
}
