import { readFile } from "node:fs/promises";
import { SourceMap } from "node:module";
import { join } from "node:path";
import vm from "node:vm";
import * as esbuild from "esbuild";
import { describe as suite, expect, it } from "vitest";
import { ContentError } from "../../src/content/files";
import { ROOT } from "../paths";
import { describe, lineOfField, parseTypeErrors, sourceOf } from "./problems";

const content = `export const site = {
  brand: "Studio",
  fields: [
    {
      title: "One",
      durationMinutes: 60,
    },
    {
      title: "Two",
      durationMinutes: 90,
    },
  ],
};
export const mail = {
  press: { subject: "Press", body: "Hi" },
};
`;

suite("lineOfField", () => {
  it.each([
    ["brand", 2],
    ["fields[0].durationMinutes", 6],
    ["fields[1].title", 9],
    ["fields[1].durationMinutes", 10],
    ['fields[1] ("Two \\"Dots\\". (Deep)").durationMinutes', 10],
    ["mail.press.subject", 15],
  ])("finds %s on line %i", (field, line) => {
    expect(lineOfField(content, field)).toBe(line);
  });

  it("finds a field whose keys are quoted, as JSON writes them", () => {
    expect(lineOfField(content.replace(/(\w+):/g, '"$1":'), "fields[1].durationMinutes")).toBe(10);
  });

  it("says nothing for a field that is not written in the file", () => {
    expect(lineOfField(content, "fields[5].title")).toBeUndefined();
    expect(lineOfField(content, "origin")).toBeUndefined();
  });
});

suite("parseTypeErrors", () => {
  it("takes the first error of tsc's plain output, with its file, line and column", () => {
    const output =
      "src/islands/SamplePlayer.tsx(23,48): error TS2345: Argument of type 'string' is not assignable.\nscripts/x.ts(1,1): error TS1005: ';' expected.\n";
    expect(parseTypeErrors(output)).toEqual({
      kind: "type",
      file: "src/islands/SamplePlayer.tsx",
      line: 23,
      column: 48,
      message: "TS2345: Argument of type 'string' is not assignable.",
    });
  });

  it("takes an error with no place, as a configuration tsc cannot read gives", () => {
    expect(parseTypeErrors("error TS5083: Cannot read file '/project/tsconfig.json'.\n")).toEqual({
      kind: "type",
      message: "TS5083: Cannot read file '/project/tsconfig.json'.",
    });
  });

  it("finds nothing in a clean check", () => {
    expect(parseTypeErrors("")).toBeUndefined();
  });
});

suite("sourceOf", () => {
  it("follows a stack through the bundle's source map to the project file and line that threw", async () => {
    const bundleFile = join(ROOT, "scripts/.problems-test.cjs");
    const built = await esbuild.build({
      absWorkingDir: ROOT,
      stdin: {
        contents: 'export function go() {\n  const x = 1;\n  throw new Error("no services today");\n}\n',
        sourcefile: "src/pages/imagined.ts",
        resolveDir: ROOT,
        loader: "ts",
      },
      outfile: bundleFile,
      bundle: true,
      format: "cjs",
      platform: "node",
      sourcemap: "external",
      write: false,
    });
    const code = built.outputFiles.find((f) => f.path.endsWith(".cjs"))!.text;
    const map = new SourceMap(JSON.parse(built.outputFiles.find((f) => f.path.endsWith(".map"))!.text));
    const module = { exports: {} as { go(): void } };
    vm.compileFunction(code, ["exports", "module"], { filename: bundleFile })(module.exports, module);
    let thrown: unknown;
    try {
      module.exports.go();
    } catch (error) {
      thrown = new Error("Rendering the page failed", { cause: error });
    }
    expect(sourceOf(thrown, map, bundleFile)).toEqual({
      file: "src/pages/imagined.ts",
      line: 3,
      column: expect.any(Number),
    });
  });
});

suite("describe", () => {
  it("names a content problem's own file and the line of its field, whichever content file it is in", async () => {
    const error = new ContentError([
      { source: "src/content/mail.ts", field: "mail.press.subject", message: "has a line break" },
    ]);
    const text = await readFile(join(ROOT, "src/content/mail.ts"), "utf8");
    const problem = await describe(error, undefined, "");
    expect(problem).toMatchObject({
      kind: "build",
      file: "src/content/mail.ts",
      line: lineOfField(text, "mail.press.subject"),
    });
    expect(text.split("\n")[problem.line! - 1]).toContain("subject:");
  });

  it("names the environment variable when an override is at fault, with no line", async () => {
    const error = new ContentError([
      { source: "SITE_ORIGIN (environment variable)", field: "origin", message: "must be https" },
    ]);
    expect(await describe(error, undefined, "")).toMatchObject({
      file: "SITE_ORIGIN (environment variable)",
      line: undefined,
    });
  });
});
