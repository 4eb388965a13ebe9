// The CPU slowdown that makes this machine stand for a mid-tier phone. Lighthouse's default, 4×, assumes a fast desktop
// (benchmark index 1,500 to 2,000); on a slower machine it stands for a low-end phone. Its docs/throttling.md
// ("Calibrating the CPU slowdown") says to lower it there; its calculator's anchors, one more × each 233 past 1,300:
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
  // Past the last anchor, the last segment's slope goes on.
  const found = ANCHORS.findIndex(([index]) => benchmarkIndex <= index);
  const upper = found === -1 ? ANCHORS.length - 1 : found;
  const [i0, s0] = ANCHORS[upper - 1]!;
  const [i1, s1] = ANCHORS[upper]!;
  return s0 + ((benchmarkIndex - i0) * (s1 - s0)) / (i1 - i0);
}
