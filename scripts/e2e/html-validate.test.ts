import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import { describe, expect, inject, it } from "vitest";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // React's serializer has one consistent style for each of these, both valid HTML; the validator enforces
    // it: void elements self-closed (<meta/>), boolean attributes with an empty value (checked="").
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
  },
});

describe("HTML validity", async () => {
  const dist = inject("distDir");
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html")).sort();

  it("finds all seven pages to validate", () => {
    expect(files).toHaveLength(7);
  });

  it.each(files)("%s passes html-validate with no error or warning", async (file) => {
    const report = await validator.validateString(await readFile(join(dist, file), "utf8"), file);
    const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`));
    expect(messages).toEqual([]);
  });
});
