import { describe, expect, it } from "vitest";
import { site } from "./site";
import type { Field, SiteContent } from "./types";
import { CONTENT_FILE, ContentError, validateContent, withEnvironment } from "./validate";

const withField = (index: number, change: Partial<Record<keyof Field, unknown>>): SiteContent => ({
  ...site,
  fields: site.fields.map((f, i) => (i === index ? ({ ...f, ...change } as Field) : f)),
});

/** The error a content change causes, or a failure if it causes none. */
function errorFor(content: SiteContent): ContentError {
  try {
    validateContent(content);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("expected the content to be refused");
}

describe("validateContent", () => {
  it("accepts the site's own content", () => {
    expect(validateContent(site)).toBe(site);
  });

  it.each([
    ["no @", "hello.example.com"],
    ["no domain", "hello@"],
    ["a space", "hello there@example.com"],
    ["no top-level domain", "hello@example"],
    ["a character that breaks a mailto link", "sales?x@example.com"],
  ])("refuses a malformed e-mail (%s), naming the file and the field", (_, email) => {
    const error = errorFor({ ...site, email });
    expect(error.message).toContain(`${CONTENT_FILE}: email`);
  });

  it.each([
    ["http", "http://example.gumroad.com/l/field-booster"],
    ["no scheme", "example.gumroad.com/l/field-booster"],
    ["not a URL", "field booster"],
  ])("refuses a field URL that is not https (%s)", (_, url) => {
    expect(errorFor(withField(1, { url })).message).toContain(`${CONTENT_FILE}: fields[1].url must be a full https:// URL`);
  });

  it("refuses a storefront URL that is not https", () => {
    const error = errorFor({ ...site, storefront: { ...site.storefront, url: "http://example.gumroad.com" } });
    expect(error.message).toContain(`${CONTENT_FILE}: storefront.url`);
  });

  it.each([
    ["zero", 0],
    ["negative", -60],
    ["fractional", 59.5],
    ["text", "60"],
    ["not a number", Number.NaN],
  ])("refuses a duration that is not a positive whole number (%s)", (_, durationMinutes) => {
    const error = errorFor(withField(0, { durationMinutes }));
    expect(error.message).toContain(`${CONTENT_FILE}: fields[0].durationMinutes must be a positive whole number`);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["absent", undefined],
  ])("refuses a missing title (%s)", (_, title) => {
    expect(errorFor(withField(1, { title })).message).toContain(`${CONTENT_FILE}: fields[1].title is missing`);
  });

  it("refuses two fields with the same storefront URL, even spelt differently", () => {
    const sameWithCapitalHostAndSlash = `${site.fields[0]!.url.replace("example.gumroad", "Example.Gumroad")}/`;
    const error = errorFor(withField(1, { url: sameWithCapitalHostAndSlash }));
    expect(error.message).toContain(`${CONTENT_FILE}: fields[1].url is the same storefront page as fields[0].url`);
  });

  it("lists every problem at once, not only the first", () => {
    const error = errorFor({ ...withField(0, { durationMinutes: 0, title: "" }), email: "nope" });
    expect(error.problems.map((p) => p.field)).toEqual(["email", "fields[0].title", "fields[0].durationMinutes"]);
  });
});

describe("withEnvironment", () => {
  it("overrides the origin and base path from SITE_ORIGIN and SITE_BASE_PATH, in either spelling", () => {
    const { content, sources } = withEnvironment(site, { SITE_ORIGIN: "https://someone.github.io/", SITE_BASE_PATH: "/repo" });
    expect(content).toMatchObject({ origin: "https://someone.github.io", basePath: "/repo/" });
    expect(validateContent(content, sources)).toBe(content);
  });

  it("leaves the content alone when the variables are unset or empty", () => {
    expect(withEnvironment(site, { SITE_ORIGIN: "", SITE_BASE_PATH: undefined }).content).toEqual(site);
  });

  it("names the environment variable, not the file, when an override is wrong", () => {
    const { content, sources } = withEnvironment(site, { SITE_ORIGIN: "http://someone.github.io" });
    expect(() => validateContent(content, sources)).toThrow("SITE_ORIGIN (environment variable): origin must be the site's https origin");
  });
});

describe("origin and basePath", () => {
  it.each(["http://www.example.com", "https://www.example.com/", "https://www.example.com/shop", "www.example.com", "https://localhost"])(
    "refuses %s as an origin",
    (origin) => {
      expect(errorFor({ ...site, origin }).message).toContain(`${CONTENT_FILE}: origin`);
    },
  );

  it.each(["repo/", "/repo", "//", "/../", "/a b/", "/./"])("refuses %s as a base path", (basePath) => {
    expect(errorFor({ ...site, basePath }).message).toContain(`${CONTENT_FILE}: basePath`);
  });

  it.each(["/", "/repo/", "/a/b-c/"])("accepts %s as a base path", (basePath) => {
    expect(validateContent({ ...site, basePath }).basePath).toBe(basePath);
  });
});
