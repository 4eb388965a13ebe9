import { BANDS, type Band } from "../content/bands";
import { fieldPage } from "../content/field-page";
import { traceShape, type Trace } from "../lib/preview";
import { Text } from "./Text";

/** The chart's drawing space, in its own units: wide and low, scaled to its column by the stylesheet; its labels' size. */
const [WIDTH, HEIGHT, LEFT, BOTTOM, LABEL] = [600, 180, 36, 24, 13];

/**
 * A field's beat across its whole master, as measured at evenly spaced points: the rate over time, the bands it
 * declares shaded behind, and a sentence that says it in words. Drawn at build time, no script; every colour from
 * the stylesheet (the page's policy allows no inline style).
 */
export function BeatTrace({ trace, bands }: { trace: Trace; bands: readonly Band[] }) {
  const shape = traceShape(trace);
  if (!shape) return null;
  const words = fieldPage.trace;
  const rates = trace.points.flatMap((p) => p.beats);
  const edges = bands.flatMap((band) => [BANDS[band].low, BANDS[band].high]);
  const [low, high] = [
    Math.max(0, Math.floor(Math.min(...rates, ...edges) - 1)),
    Math.ceil(Math.max(...rates, ...edges) + 1),
  ];
  const x = (seconds: number) => LEFT + ((WIDTH - LEFT) * seconds) / trace.seconds;
  const y = (hz: number) => (HEIGHT - BOTTOM) * (1 - (hz - low) / (high - low));
  const round = (n: number) => Math.round(n * 10) / 10;
  // Each beat's line: the slowest at each point, then the next, for a layered field.
  const lines = Array.from({ length: Math.max(...trace.points.map((p) => p.beats.length)) }, (_, k) =>
    trace.points.filter((p) => p.beats[k] !== undefined).map((p) => `${round(x(p.at))},${round(y(p.beats[k]!))}`),
  );
  const minutes = Math.round(trace.seconds / 60);
  const sentence = words[shape.kind];
  const local = { minutes: String(minutes), from: String(shape.from), to: String(shape.to) };
  return (
    <figure className="beat-trace">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by the figure's caption, which says in words what it draws */}
      <svg
        className="beat-trace__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        fontSize={LABEL}
        role="img"
        aria-labelledby="beat-trace-caption"
      >
        {bands.map((band) => (
          <g key={band} className={`beat-trace__band beat-trace__band--${band}`}>
            <rect
              x={LEFT}
              y={round(y(Math.min(high, BANDS[band].high)))}
              width={WIDTH - LEFT}
              height={round(y(Math.max(low, BANDS[band].low)) - y(Math.min(high, BANDS[band].high)))}
            />
            <text x={WIDTH - 4} y={round(y(Math.min(high, BANDS[band].high)) + 14)} textAnchor="end">
              {BANDS[band].name}
            </text>
          </g>
        ))}
        <g className="beat-trace__axis">
          <line x1={LEFT} y1={HEIGHT - BOTTOM} x2={WIDTH} y2={HEIGHT - BOTTOM} />
          <text x={LEFT} y={HEIGHT - 6}>
            0
          </text>
          <text x={WIDTH} y={HEIGHT - 6} textAnchor="end">
            {minutes} {words.time}
          </text>
          <text x={LEFT - 6} y={round(y(high)) + 12} textAnchor="end">
            {high}
          </text>
          <text x={LEFT + 6} y={round(y(high)) + 12}>
            {words.rate}
          </text>
          <text x={LEFT - 6} y={HEIGHT - BOTTOM} textAnchor="end">
            {low}
          </text>
        </g>
        {lines.map((points, k) => (
          <polyline key={k} className="beat-trace__line" points={points.join(" ")} />
        ))}
        {trace.points.flatMap((p) =>
          p.beats.map((hz, k) => (
            <circle key={`${p.at}-${k}`} className="beat-trace__point" cx={round(x(p.at))} cy={round(y(hz))} r={3} />
          )),
        )}
      </svg>
      <figcaption className="beat-trace__caption" id="beat-trace-caption">
        <Text text={sentence} local={local} />
      </figcaption>
    </figure>
  );
}
