// Lighthouse and chrome-launcher are installed only for `npm run bench` (scripts/bench/package.json): these are
// the parts scripts/bench/index.ts uses, so the project type-checks without them.
declare module "lighthouse" {
  interface Audit {
    score: number | null;
    numericValue?: number;
    displayValue?: string;
    details?: unknown;
  }
  interface Result {
    runtimeError?: { code: string; message: string };
    audits: Record<string, Audit>;
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    environment: { benchmarkIndex: number };
  }
  interface Flags {
    port: number;
    output: "json";
    logLevel: "error" | "info" | "silent";
    onlyCategories: string[];
    clearStorageTypes?: string[];
    throttling?: { cpuSlowdownMultiplier: number };
  }
  export default function lighthouse(
    url: string,
    flags: Flags,
  ): Promise<{ lhr: Result; artifacts: Record<string, unknown> } | undefined>;
}

// Lantern, the model Lighthouse replays a load through: its largest paint, and the nodes it waited for.
declare module "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js" {
  type Node = { type: "network"; isMainDocument(): boolean } | { type: "cpu"; startTime: number; endTime: number };
  export const LanternLargestContentfulPaint: {
    request(
      data: Record<string, unknown>,
      context: { computedCache: Map<string, unknown> },
    ): Promise<{ pessimisticEstimate: { nodeTimings: Map<Node, { endTime: number }> } }>;
  };
}

declare module "chrome-launcher" {
  export function launch(options: {
    chromePath: string;
    chromeFlags: string[];
  }): Promise<{ port: number; kill(): void }>;
}
