import { BANDS, inBand, type Band } from "../content/bands";
import { fieldPage } from "../content/field-page";
import { traceTracks, type Trace, type TraceTrack } from "../lib/preview";
import { fillSlots } from "../lib/slots";

/** The chart's own units, stretched by the stylesheet; inset so that a beat at either end of the scale is whole. */
const [WIDTH, HEIGHT, INSET] = [600, 200, 8];

const words = fieldPage.trace;
/** "6 Hz", never broken between the number and its unit. */
const rate = (hz: number) => fillSlots(words.rate, { rate: hz }).replace(" ", "\u00a0");

/** The band a rate sits in (the higher of two it bounds), or none outside them all. */
const bandOf = (hz: number) => (Object.keys(BANDS) as Band[]).findLast((band) => inBand(hz, band));

/** One beat in words, with its band: "a steady 6 Hz beat (Theta)". */
function said(track: TraceTrack): string {
  const [start, end] = [bandOf(track.from), bandOf(track.to)];
  const bands = [start, end]
    .filter((band, i, all): band is Band => band !== undefined && all.indexOf(band) === i)
    .map((band) => BANDS[band].name)
    .join(" to ");
  return fillSlots(words[track.kind], {
    rate: rate(track.from),
    from: rate(track.from),
    to: rate(track.to),
    bands: bands || "no band",
  });
}

/** A field's beats across its master, drawn at build time; colours from the stylesheet (no inline style allowed). */
export function BeatTrace({ trace, bands }: { trace: Trace; bands: readonly Band[] }) {
  const tracks = traceTracks(trace);
  if (tracks.length === 0) return null;
  const rates = tracks.flatMap((track) => track.points.map((p) => p.hz));
  const shown = [...new Set([...bands, ...rates.flatMap((hz) => bandOf(hz) ?? [])])].sort(
    (a, b) => BANDS[a].low - BANDS[b].low,
  );
  const edges = shown.flatMap((band) => [BANDS[band].low, BANDS[band].high]);
  const [low, high] = [Math.max(0, Math.floor(Math.min(...rates, ...edges))), Math.ceil(Math.max(...rates, ...edges))];
  const x = (seconds: number) => Math.round((WIDTH * seconds) / trace.seconds);
  const y = (hz: number) => Math.round(INSET + (HEIGHT - 2 * INSET) * (1 - (hz - low) / (high - low)));
  const minutes = Math.round(trace.seconds / 60);
  const sentence = fillSlots(words.measured, { minutes, beats: tracks.map(said).join(words.and) });
  return (
    <figure className="beat-trace">
      <div className="beat-trace__plot">
        <span className="beat-trace__high" aria-hidden="true">
          {rate(high)}
        </span>
        <span className="beat-trace__low" aria-hidden="true">
          {rate(low)}
        </span>
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by the figure's caption, which says in words what it draws */}
        <svg
          className="beat-trace__chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="beat-trace-caption"
        >
          {shown.map((band) => (
            <rect
              key={band}
              className={`beat-trace__band beat-trace__band--${band}`}
              x={0}
              y={y(Math.min(high, BANDS[band].high))}
              width={WIDTH}
              height={y(Math.max(low, BANDS[band].low)) - y(Math.min(high, BANDS[band].high))}
            />
          ))}
          {tracks.map((track) => (
            <path
              key={track.from}
              className="beat-trace__line"
              d={`M${track.points.map((p) => `${x(p.at)} ${y(p.hz)}`).join("L")}`}
            />
          ))}
          {/* Each point measured, a dot that keeps its shape however the chart stretches (a round cap on no length). */}
          <path
            className="beat-trace__points"
            d={tracks.flatMap((track) => track.points.map((p) => `M${x(p.at)} ${y(p.hz)}h0`)).join("")}
          />
        </svg>
        <span className="beat-trace__start" aria-hidden="true">
          0
        </span>
        <span className="beat-trace__end" aria-hidden="true">
          {fillSlots(words.time, { minutes }).replace(" ", "\u00a0")}
        </span>
      </div>
      <ul className="beat-trace__key" aria-hidden="true">
        {shown.map((band) => (
          <li key={band} className={`beat-trace__swatch beat-trace__band--${band}`}>
            {BANDS[band].name} {`${BANDS[band].low}–${rate(BANDS[band].high)}`}
          </li>
        ))}
      </ul>
      <figcaption className="beat-trace__caption" id="beat-trace-caption">
        {sentence}
      </figcaption>
    </figure>
  );
}

/** What a field with no binaural beat plays, in the trace's place: a pulse both ears hear, or neither. */
export function NoBeat({ pulse }: { pulse?: number }) {
  const sound = fieldPage.sound;
  return <p>{pulse === undefined ? sound.none : fillSlots(sound.pulse, { rate: rate(pulse) })}</p>;
}
