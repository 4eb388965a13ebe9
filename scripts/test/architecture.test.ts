import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAst } from "rolldown/parseAst";
import { ROOT } from "../paths";

/**
 * Imports run one way: pages (and the browser entry) → components and islands → content → lib; the build sits
 * above all of them, what serves a build above the build (a build never imports a server), the dev loop above
 * both, and the benchmark at the top. Tests may import anything. What the tests and the bench share (scripts/test/:
 * the audio corpus, a copy of the project, the system's Chromium) only they import; the rest of the tests, nothing.
 */
const LAYERS: [pattern: RegExp, layer: number, name: string][] = [
  [/^src\/(lib|audio)\//, 0, "lib"],
  [/^src\/content\//, 1, "content"],
  [/^src\/(components|islands)\//, 2, "components and islands"],
  [/^src\/(pages|client)\//, 3, "pages and the browser entry"],
  [/^scripts\/(build\.ts|static-build\/|paths\.ts|within\.ts|types\/)/, 4, "the build"],
  [/^scripts\/serve\//, 5, "serving a build"],
  [/^scripts\/dev\//, 6, "the dev loop"],
  [/^scripts\/bench\//, 7, "the benchmark"],
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /^scripts\/(e2e|test)\//.test(file);

function layerOf(file: string): { layer: number; name: string } {
  const found = LAYERS.find(([pattern]) => pattern.test(file));
  if (!found) throw new Error(`${file} belongs to no layer: add its folder to LAYERS`);
  return { layer: found[1], name: found[2] };
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const parsed = new Map<string, ReturnType<typeof parseAst>>();
function astOf(file: string, text = readFileSync(join(ROOT, file), "utf8")) {
  const ast = parsed.get(file) ?? parseAst(text, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file);
  parsed.set(file, ast);
  return ast;
}

/**
 * The project files a module imports, resolved to their paths: static, re-exported and dynamic (`import()`), read
 * through a JavaScript parser; `loaded` leaves out what a module imports only when a function of it runs (dynamic). A
 * test may import a module it writes as it runs (an island added through the registry): what does not resolve there
 * is left out.
 */
function importsOf(file: string, { loaded = false } = {}): string[] {
  const specifiers: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const { type, source } = node as { type: string; source?: { type: string; value: unknown } };
    const dynamic = type === "ImportExpression";
    if (/^(Import|Export(All|Named))Declaration$|^ImportExpression$/.test(type) && !(loaded && dynamic)) {
      if (source?.type === "Literal" && typeof source.value === "string") specifiers.push(source.value);
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(astOf(file));
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => {
      const base = join(dirname(file), specifier);
      const resolved = ["", ".ts", ".tsx", "/index.ts"]
        .map((ext) => `${base}${ext}`)
        .find((path) => existsSync(join(ROOT, path)) && /\.tsx?$/.test(path));
      if (!resolved && !isTest(file)) throw new Error(`${file}: cannot resolve the import "${specifier}"`);
      return resolved;
    })
    .filter((path) => path !== undefined);
}

/** Every project file a module loads when it is imported, itself included: the static imports, followed. */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const target of importsOf(file, { loaded: true })) loadedBy(target, seen);
  return seen;
}

/** The one test file that reads the owner's content: the checks of the owner's own site. */
const OWNER_SUITE = "scripts/e2e/owner-site.test.ts";

/** The owner's content: a test that read it would turn red on an owner's edit that breaks nothing. */
const OWNER_CONTENT = "src/content/site.ts";

/** Each import that breaks the rule, said in words. */
function wrongEdges(edges: readonly [from: string, to: string][]): string[] {
  return edges.flatMap(([file, target]) => {
    if (isTest(file))
      return target === OWNER_CONTENT
        ? [`${file} imports the owner's content: give it its own (scripts/test/fixtures.ts)`]
        : [];
    if (isTest(target))
      return file.startsWith("scripts/bench/") && target.startsWith("scripts/test/")
        ? []
        : [`${file} imports the test code ${target}`];
    const [from, to] = [layerOf(file), layerOf(target)];
    return to.layer > from.layer ? [`${file} (${from.name}) imports ${target} (${to.name})`] : [];
  });
}

describe("the import graph", () => {
  const files = [...sources("src"), ...sources("scripts")];

  it("has no edge from a lower layer to a higher one, no module outside the tests imports a test's helpers, and no test the owner's content", () => {
    const edges = files.flatMap((file) => importsOf(file).map((target) => [file, target] as [string, string]));
    expect(edges.length).toBeGreaterThan(100);
    expect(wrongEdges(edges)).toEqual([]);
  });

  it("names an upward import, such as content naming a component's type, or the bench using a test's helpers", () => {
    expect(wrongEdges([["src/content/copy.ts", "src/components/Icon.tsx"]])).toEqual([
      "src/content/copy.ts (content) imports src/components/Icon.tsx (components and islands)",
    ]);
    expect(wrongEdges([["scripts/bench/index.ts", "scripts/e2e/site.ts"]])).toEqual([
      "scripts/bench/index.ts imports the test code scripts/e2e/site.ts",
    ]);
    expect(wrongEdges([["scripts/bench/index.ts", "scripts/test/chromium.ts"]])).toEqual([]);
    expect(wrongEdges([["scripts/serve/start.ts", "scripts/test/chromium.ts"]])).toEqual([
      "scripts/serve/start.ts imports the test code scripts/test/chromium.ts",
    ]);
    expect(wrongEdges([["scripts/static-build/assets.ts", "scripts/serve/static-server.ts"]])).toEqual([
      "scripts/static-build/assets.ts (the build) imports scripts/serve/static-server.ts (serving a build)",
    ]);
    expect(importsOf("src/islands/registry.ts")).toContain("src/islands/SiteHeader.tsx");
    expect(wrongEdges([["scripts/e2e/site.ts", "src/content/site.ts"]])).toEqual([
      "scripts/e2e/site.ts imports the owner's content: give it its own (scripts/test/fixtures.ts)",
    ]);
  });

  it("loads the owner's content in no test but the owner's-site suite: the build reads it only in main(), by import()", () => {
    const tests = files.filter((file) => /\.test\.tsx?$/.test(file) && file !== OWNER_SUITE);
    expect(tests.length).toBeGreaterThan(40);
    expect(tests.filter((file) => loadedBy(file).has(OWNER_CONTENT))).toEqual([]);
    // What reads it: the owner's settings for main(), and the suite that checks the owner's site.
    expect(loadedBy("scripts/static-build/owner.ts").has(OWNER_CONTENT)).toBe(false);
    expect(importsOf("scripts/static-build/owner.ts")).toContain(OWNER_CONTENT);
  });
});

/** The most lines a function may run to, from its first line to its last: what one reader follows in one go. */
const MOST_LINES = 120;

/**
 * Each function longer than MOST_LINES, as `file:line name (lines)`. A function's lines are all of them, the functions
 * written inside it included (Biome's rule leaves those out, so a component of many effects passes it at any length).
 */
function longFunctions(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
  const found: string[] = [];
  const visit = (node: unknown, name: string): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, name);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const { type, start, end, id } = node as {
      type: string;
      start: number;
      end: number;
      id?: { name?: string } | null;
    };
    let inner = type === "VariableDeclarator" || type === "Property" ? (nameOf(node) ?? name) : name;
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(type)) {
      const label = id?.name ?? name;
      const lines = lineAt(end) - lineAt(start) + 1;
      if (lines > MOST_LINES) found.push(`${file}:${lineAt(start)} ${label} (${lines} lines)`);
      inner = `a function in ${label}`;
    }
    for (const child of Object.values(node)) visit(child, inner);
  };
  visit(astOf(file, text), "an unnamed function");
  return found;
}

function nameOf(node: object): string | undefined {
  const { id, key } = node as { id?: { name?: unknown }; key?: { name?: unknown } };
  const name = id?.name ?? key?.name;
  return typeof name === "string" ? name : undefined;
}

describe("functions", () => {
  it(`runs none outside the tests past ${MOST_LINES} lines, the functions written inside it counted`, () => {
    const code = [...sources("src"), ...sources("scripts")].filter((file) => !isTest(file));
    expect(code.length).toBeGreaterThan(80);
    expect(code.flatMap((file) => longFunctions(file))).toEqual([]);
  });

  it("counts a component's effects as its lines, and names the function and where it starts", () => {
    const effect = Array.from({ length: MOST_LINES }, (_, i) => `    const step${i} = ${i};`).join("\n");
    const text = `export function Player() {\n  useEffect(() => {\n${effect}\n  });\n  return null;\n}\n`;
    expect(longFunctions("Player.tsx", text)).toEqual([
      `Player.tsx:1 Player (${MOST_LINES + 5} lines)`,
      `Player.tsx:2 a function in Player (${MOST_LINES + 2} lines)`,
    ]);
  });
});
