import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import { describe, expect, inject, it } from "vitest";
import { outputFileFor } from "../../src/lib/routes";
import { pages } from "../../src/pages/index";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // React's serializer has one consistent style for each of these, both valid HTML; the validator enforces
    // it: void elements self-closed (<meta/>), boolean attributes with an empty value (checked="").
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    // It writes an attribute it has no HTML name for as JSX spells it (fetchPriority); HTML ignores the case.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
  },
});

/** Every page the build wrote: the six routes, each field's, each purpose's and band's list, the 404. */
const built = readdirSync(inject("distDir"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html"))
  .sort();

describe("HTML validity", () => {
  it("covers the six routes among every page built", () => {
    expect(built).toEqual(expect.arrayContaining(pages.map((p) => outputFileFor(p.meta.path))));
  });

  it.each(built)("%s passes html-validate with no error or warning", async (file) => {
    const report = await validator.validateString(await readFile(join(inject("distDir"), file), "utf8"), file);
    const messages = report.results.flatMap((r) =>
      r.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`),
    );
    expect(messages).toEqual([]);
  });
});
