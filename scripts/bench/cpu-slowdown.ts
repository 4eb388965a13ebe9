/**
 * How much slower than this machine Lighthouse's model should run the page's work to stand for a mid-tier phone.
 * Lighthouse's default, 4×, assumes a fast desktop (a benchmark index of 1,500 to 2,000); on a slower machine it
 * stands for a low-end phone instead, and a route's work weighs more against the bare page than it would on the
 * phone the bench means. Lighthouse's throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") says to
 * lower it there, and its calculator's anchors are these: an index of 150 needs 1×, 800 needs 2×, 1,300 needs 3×,
 * and each 233 above 1,300 one more.
 */
const ANCHORS: readonly (readonly [index: number, slowdown: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

/** The slowdown for a machine with this benchmark index (Lighthouse's `environment.benchmarkIndex`), never below 1×. */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`not a benchmark index: ${benchmarkIndex}`);
  if (benchmarkIndex <= ANCHORS[0]![0]) return 1;
  // The segment the index falls in; past the last anchor, the last segment's slope goes on.
  const found = ANCHORS.findIndex(([index]) => benchmarkIndex <= index);
  const upper = found === -1 ? ANCHORS.length - 1 : found;
  const [i0, s0] = ANCHORS[upper - 1]!;
  const [i1, s1] = ANCHORS[upper]!;
  return s0 + ((benchmarkIndex - i0) * (s1 - s0)) / (i1 - i0);
}
