import { describe, expect, it } from "vitest";
import type * as BuildModule from "../build";
import { FIXTURE_SITE } from "../test/fixtures";
import { cachedTools } from "./tools";

describe("the dev server's remembered share image", () => {
  it("is drawn afresh when any word it draws changes, a copy file's as well as site.ts'", () => {
    let eyebrow = "A STUDIO OF FIELDS";
    const drawn: string[] = [];
    const build = {
      shareImageWords: () => [{ field: "shareImage.eyebrow", source: "src/content/frame.ts", text: eyebrow }],
      theme: () => ({}),
      plainTools: {
        renderShareImage: () => {
          drawn.push(eyebrow);
          return new Uint8Array([drawn.length]);
        },
      },
    } as unknown as typeof BuildModule;
    const { tools } = cachedTools(() => build);
    tools.renderShareImage(FIXTURE_SITE, {});
    tools.renderShareImage(FIXTURE_SITE, {});
    expect(drawn).toEqual(["A STUDIO OF FIELDS"]);
    eyebrow = "HEADPHONE FIELDS";
    expect(tools.renderShareImage(FIXTURE_SITE, {})).toEqual(new Uint8Array([2]));
    expect(drawn).toEqual(["A STUDIO OF FIELDS", "HEADPHONE FIELDS"]);
  });
});
