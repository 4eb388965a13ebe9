import { describe, expect, it } from "vitest";
import { contentFiles } from "./index";
import { FIXTURE_QUESTIONS as questions, FIXTURE_SITE as site, named } from "../../scripts/test/fixtures";
import type { QuestionGroup } from "./questions";
import { fieldLengths, siteSlots } from "./slots";
import { mail } from "./mail";
import type { ContentFile, Field, SiteContent } from "./types";
import { sample } from "./sample";
import { fieldPath } from "./fields";
import { MAKER_WORDS_MAX } from "./checks";
import { CONTENT_FILE, ContentError } from "./files";
import {
  findPlaceholders,
  questionProblems,
  sampleProblems,
  validateContent,
  withEnvironment,
  type ValidateOptions,
} from "./validate";

const withField = (index: number, change: Partial<Record<keyof Field, unknown>>): SiteContent => ({
  ...site,
  fields: site.fields.map((f, i) => (i === index ? ({ ...f, ...change } as Field) : f)),
});

/** The error a content change causes, or a failure if it causes none. */
function errorFor(content: SiteContent, options?: ValidateOptions): ContentError {
  try {
    validateContent(content, options);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("expected the content to be refused");
}

describe("validateContent", () => {
  it("accepts the tests' own content, returned as it is", () => {
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

  it("refuses listeners' words without who said them or where, or with a source address that is not https, naming each", () => {
    const listeners = [
      { words: "Sits under my work without asking for attention.", who: "Sam", source: "" },
      { words: "The first one I finished.", who: "", source: "Gumroad review", url: "http://example.gumroad.com/l/x" },
    ];
    const message = errorFor({ ...site, listeners }).message;
    expect(message).toContain(`${CONTENT_FILE}: listeners[0].source`);
    expect(message).toContain(`${CONTENT_FILE}: listeners[1].who`);
    expect(message).toContain(`${CONTENT_FILE}: listeners[1].url must be a full https:// URL`);
    expect(errorFor({ ...site, maker: { name: "Ada", text: " " } }).message).toContain(`${CONTENT_FILE}: maker.text`);
    // A paragraph where a sentence or two is asked for: About would set it as a wall of quoted serif.
    const paragraph = "I record the harbour at night and tune each field by ear. ".repeat(7).trim();
    expect(named(errorFor({ ...site, maker: { name: "Ada", text: paragraph } }))).toContain(
      `${CONTENT_FILE}: maker.text`,
    );
    expect(
      validateContent({ ...site, maker: { name: "Ada", text: paragraph.slice(0, MAKER_WORDS_MAX) } }),
    ).toBeTruthy();
    expect(
      validateContent({
        ...site,
        maker: { name: "Ada", text: "I make each field at home." },
        listeners: [{ ...listeners[0]!, source: "E-mail to the studio" }],
      }),
    ).toBeTruthy();
  });

  it.each([
    ["http", "http://example.gumroad.com/l/field-booster"],
    ["no scheme", "example.gumroad.com/l/field-booster"],
    ["not a URL", "field booster"],
  ])("refuses a field URL that is not https (%s)", (_, url) => {
    expect(named(errorFor(withField(1, { url })))).toContain(`${CONTENT_FILE}: fields[1].url`);
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
    expect(named(error)).toContain(`${CONTENT_FILE}: fields[0].durationMinutes`);
  });

  it("takes a price in cents as a shop writes it, 19.99 or 1.15, though such a number times 100 is not whole in floating point", () => {
    for (const amount of [19, 24.5, 19.99, 1.15, 0.29, 1234.56])
      expect(() => validateContent(withField(0, { price: { amount, currency: "USD" } })), String(amount)).not.toThrow();
  });

  it.each([
    ["three decimals", 19.999],
    ["zero", 0],
    ["negative", -5],
    ["endless", Number.POSITIVE_INFINITY],
    ["text", "19"],
  ])("refuses a price that is not a positive amount of cents (%s)", (_, amount) => {
    expect(named(errorFor(withField(0, { price: { amount, currency: "USD" } })))).toContain(
      `${CONTENT_FILE}: fields[0].price.amount`,
    );
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["absent", undefined],
  ])("refuses a missing title (%s)", (_, title) => {
    expect(errorFor(withField(1, { title })).message).toContain(`${CONTENT_FILE}: fields[1].title is missing`);
  });
});

describe("validateContent: a field's beats, address and settings", () => {
  it.each([
    ["a band that is not one", ["alfa"]],
    ["the same band twice", ["theta", "theta"]],
    ["a band not in a list", "alpha"],
  ])("refuses a field's bands when they are %s", (_, bands) => {
    expect(errorFor(withField(0, { bands })).message).toContain(
      `${CONTENT_FILE}: fields[0].bands must list the bands its beats sit in, each once, from "delta", "theta", "alpha", "beta", "gamma"`,
    );
  });

  it("accepts several bands, or none", () => {
    expect(() => validateContent(withField(0, { bands: ["theta", "gamma"] }))).not.toThrow();
    expect(() => validateContent(withField(0, { bands: undefined }))).not.toThrow();
  });

  it("accepts a glide between two beats, and refuses one out of range or that does not move, by field", () => {
    expect(() => validateContent(withField(0, { bands: undefined, glide: { fromHz: 10, toHz: 6 } }))).not.toThrow();
    const problem = errorFor({
      ...site,
      fields: [
        { ...site.fields[0]!, glide: { fromHz: 50, toHz: 6 } },
        { ...site.fields[1]!, glide: { fromHz: 7, toHz: 7 } },
      ],
    }).message;
    expect(problem).toMatch(/site\.ts: fields\[0\]\.glide\.fromHz .*from 0\.5 to 40.*\(got 50\)/);
    expect(problem).toContain(`${CONTENT_FILE}: fields[1].glide must move: it starts and ends at 7 Hz`);
  });

  it("refuses a slug that is not an address part, and two fields whose pages would share an address", () => {
    expect(named(errorFor(withField(0, { slug: "Deep Theta!" })))).toContain(`${CONTENT_FILE}: fields[0].slug`);
    const twins = {
      ...site,
      fields: [site.fields[0]!, { ...site.fields[1]!, title: site.fields[0]!.title.toUpperCase() }],
    };
    expect(named(errorFor(twins))).toContain(`${CONTENT_FILE}: fields[1].title`);
    expect(() =>
      validateContent({
        ...twins,
        fields: [twins.fields[0]!, { ...twins.fields[1]!, slug: "first-fixture-field-loud" }],
      }),
    ).not.toThrow();
  });

  it("a title an address cannot spell asks for a slug by name; an accented Latin one makes its own", () => {
    expect(errorFor(withField(1, { title: "Глубокий сон" })).message).toContain(
      `${CONTENT_FILE}: fields[1].slug is needed: its page's address is made from its title, and "Глубокий сон" has letters an address cannot spell (Г л у)`,
    );
    expect(errorFor(withField(0, { title: "★ ☾ ★" })).message).toContain(
      `${CONTENT_FILE}: fields[0].slug is needed: its page's address is made from its title, and "★ ☾ ★" has no letter or digit`,
    );
    expect(() => validateContent(withField(1, { title: "Глубокий сон", slug: "deep-sleep" }))).not.toThrow();
    expect(fieldPath({ ...site.fields[0]!, title: "Ruhe für Körper und Straße" })).toBe(
      "/fields/ruhe-fur-korper-und-strasse/",
    );
  });

  it("refuses a home-screen name a phone would cut short", () => {
    expect(errorFor({ ...site, shortName: "Fixture Sound Studio" }).message).toContain(
      `${CONTENT_FILE}: shortName must be at most 12 characters, or a phone cuts it short under the icon (got "Fixture Sound Studio", 20)`,
    );
  });

  it("refuses a masters setting that is not a folder's name", () => {
    expect(errorFor({ ...site, masters: "" }).message).toContain(`${CONTENT_FILE}: masters is missing`);
  });

  it("names a setting a field does not have, which would otherwise be skipped in silence", () => {
    const field = { ...site.fields[0]!, band: "alpha" } as Field;
    expect(named(errorFor({ ...site, fields: [field] }))).toContain(`${CONTENT_FILE}: fields[0].band`);
  });

  it("names a setting the site does not have, at any depth: a typo would otherwise be skipped in silence", () => {
    const typos = {
      ...site,
      storefront: { ...site.storefront, nmae: "Gumroad" },
      maker: { name: "Ada", text: "I make each field at home.", photos: "ada.jpg" },
    };
    const message = errorFor(typos as SiteContent).message;
    expect(message).toContain(
      `${CONTENT_FILE}: storefront.nmae is not something a storefront has: a storefront has name, url`,
    );
    expect(message).toContain(
      `${CONTENT_FILE}: maker.photos is not something a maker has: a maker has name, text, photo`,
    );
  });

  it("refuses two fields with the same storefront URL, even spelt differently", () => {
    const sameWithSlash = `${site.fields[0]!.url}/`;
    const error = errorFor(withField(1, { url: sameWithSlash }));
    expect(named(error)).toContain(`${CONTENT_FILE}: fields[1].url`);
  });

  it("lists every problem at once, not only the first", () => {
    const error = errorFor({ ...withField(0, { durationMinutes: 0, title: "" }), email: "nope" });
    expect(error.problems.map((p) => p.field)).toEqual(["email", "fields[0].title", "fields[0].durationMinutes"]);
  });
});

describe("content URLs are written exactly as browsers read them", () => {
  it.each([
    ["one slash, which a browser reads as a path on this site", "https:/example.gumroad.com/l/x"],
    ["no slashes, likewise", "https:example.gumroad.com/l/x"],
  ])("refuses a URL with %s", (_, url) => {
    expect(errorFor(withField(0, { url })).message).toContain(
      `${CONTENT_FILE}: fields[0].url must be a full https:// URL, starting with "https://"`,
    );
  });

  it("refuses a login part before @, saying where the link would really lead", () => {
    const error = errorFor(withField(0, { url: "https://example.gumroad.com@evil.example/l/x" }));
    expect(named(error)).toContain(`${CONTENT_FILE}: fields[0].url`);
    expect(error.message).toContain("this link leads to evil.example");
  });

  it.each([
    ["a leading space", " https://example.gumroad.com/l/x"],
    ["a trailing line break", "https://example.gumroad.com/l/x\n"],
    ["a space inside", "https://example.gumroad.com/l/field booster"],
    ["a tab inside the host", "https://example.gum\troad.com/l/x"],
  ])("refuses %s", (_, url) => {
    expect(named(errorFor({ ...site, storefront: { ...site.storefront, url } }))).toContain(
      `${CONTENT_FILE}: storefront.url`,
    );
  });

  it.each([
    ["https://Example.Gumroad.com/l/x", "https://example.gumroad.com/l/x"],
    ["https://example.gumroad.com", "https://example.gumroad.com/"],
    ["https://example.gumroad.com:443/l/x", "https://example.gumroad.com/l/x"],
  ])("refuses %s, naming its canonical form", (url, canonical) => {
    expect(errorFor(withField(1, { url })).message).toContain(`written in its canonical form, "${canonical}"`);
  });

  it("refuses a host with no dot", () => {
    expect(errorFor(withField(1, { url: "https://gumroad/l/x" })).message).toContain("whose host has a dot");
  });
});

describe("every content string is checked, naming its file and field", () => {
  const mailFile = (change: Partial<Record<string, { subject: string; body: string }>>): ContentFile => ({
    file: "src/content/mail.ts",
    data: { mail: { ...mail, ...change } },
    multiline: /^mail\.\w+\.body$/,
  });

  it("passes every content file the site ships (its copy, mail and questions)", () => {
    expect(validateContent(site, { files: contentFiles })).toBe(site);
  });

  it("refuses a lone surrogate (half an emoji) in a mail preset", () => {
    const error = errorFor(site, { files: [mailFile({ generalInquiry: { subject: "Hello \uD83D", body: "Hi" } })] });
    expect(named(error)).toContain("src/content/mail.ts: mail.generalInquiry.subject");
  });

  it.each(["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"])(
    "refuses the direction control %j, which could reverse the text around it, naming file and field",
    (char) => {
      expect(named(errorFor({ ...site, brand: `Equi${char}Sync` }))).toContain(`${CONTENT_FILE}: brand`);
    },
  );

  it("accepts right-to-left words and the right-to-left mark, which reorder nothing around them", () => {
    expect(() =>
      validateContent({ ...site, tagline: "Fields for focus \u200F\u05E9\u05DC\u05D5\u05DD\u200F, for rest" }),
    ).not.toThrow();
  });

  it("refuses a control character in the brand", () => {
    expect(named(errorFor({ ...site, brand: "Equi\u0007Sync" }))).toContain(`${CONTENT_FILE}: brand`);
  });

  it("refuses a line break in a mail subject, and allows one in its body", () => {
    const error = errorFor(site, {
      files: [mailFile({ press: { subject: "Press\r\nBcc: x@example.net", body: "Line one\nLine two" } })],
    });
    expect(error.problems).toEqual([
      {
        source: "src/content/mail.ts",
        field: "mail.press.subject",
        message: expect.stringContaining("has a carriage return (U+000D) at position 5"),
      },
    ]);
  });

  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["a word joiner and a no-break space", "\u2060\u00A0"],
    ["a Hangul filler", "\u3164"],
  ])("refuses a title made only of %s", (_, title) => {
    expect(errorFor(withField(0, { title })).message).toContain(
      `${CONTENT_FILE}: fields[0].title has no visible character`,
    );
  });

  it("checks strings in the other content files by their path, and refuses a slot nothing fills", () => {
    const copy: ContentFile = {
      file: "src/content/copy.ts",
      data: { cards: [{ title: "Fine", text: "Only {price} today" }] },
    };
    expect(named(errorFor(site, { files: [copy] }))).toContain("src/content/copy.ts: cards[0].text");
  });
});

describe("placeholders", () => {
  const real: SiteContent = {
    ...site,
    origin: "https://www.fixture.studio",
    email: "studio@fixture.studio",
    storefront: { ...site.storefront, url: "https://fixture.shopfront.com/" },
    fields: site.fields.map((f) => ({ ...f, url: f.url.replace("example.shopfront.com", "fixture.shopfront.com") })),
  };

  it("lists every example address the content still holds, by file and field", () => {
    expect(findPlaceholders(site).map((p) => p.field)).toEqual([
      "origin",
      "email",
      "storefront.url",
      "fields[0].url",
      "fields[1].url",
    ]);
    expect(findPlaceholders(site)[1]).toEqual({ source: CONTENT_FILE, field: "email", value: "hello@example.com" });
  });

  // The owner's terms written in: the same words, without the brackets that mark them as still to write.
  const files: ContentFile[] = [{ file: "src/content/questions.ts", data: questions }];
  const written = files.map((f) => ({
    ...f,
    data: JSON.parse(JSON.stringify(f.data).replace(/\[\[([^\]]*)\]\]/g, "$1")) as object,
  }));

  it.each([
    ["the .example domain", "harbour-sound.example"],
    ["example.com", "example.com"],
    ["example.net", "shop.example.net"],
    ["example.org", "example.org"],
    ["the .test domain", "harbour-sound.test"],
    ["the .invalid domain", "harbour-sound.invalid"],
    ["localhost", "localhost"],
  ])("finds %s in every address: e-mail, origin, storefront and each field's page", (_, host) => {
    const reserved: SiteContent = {
      ...real,
      origin: `https://${host}`,
      email: `hello@${host}`,
      storefront: { ...real.storefront, url: `https://${host}/` },
      fields: real.fields.map((f, i) => (i === 1 ? { ...f, url: `https://${host}/l/second` } : f)),
    };
    expect(findPlaceholders(reserved).map((p) => p.field)).toEqual([
      "origin",
      "email",
      "storefront.url",
      "fields[1].url",
    ]);
    expect(
      findPlaceholders({ ...real, email: `hello@${host.replace(/(example|test|invalid|localhost)/, "$1s")}` }),
    ).toEqual([]);
  });

  it("lists none once the owner's own addresses and terms are in, and names the environment variable for an override", () => {
    expect(findPlaceholders(real, { files: written })).toEqual([]);
    const { content, sources } = withEnvironment(real, { SITE_ORIGIN: "https://www.example.com" });
    expect(findPlaceholders(content, { sources })).toEqual([
      { source: "SITE_ORIGIN (environment variable)", field: "origin", value: "https://www.example.com" },
    ]);
  });
});

describe("text still to write, and the questions", () => {
  const questionsFile: ContentFile = { file: "src/content/questions.ts", data: questions };
  const withQuestions = (
    change: (groups: { productQuestions: QuestionGroup; serviceQuestions: QuestionGroup }) => void,
  ): ContentFile => {
    const groups = structuredClone({
      productQuestions: questions.productQuestions,
      serviceQuestions: questions.serviceQuestions,
    });
    change(groups);
    return { ...questionsFile, data: groups, check: () => questionProblems(groups) };
  };

  it("lists each [[term still to write]] by file and field, as a placeholder to replace before publishing", () => {
    const found = findPlaceholders(site, { files: [questionsFile] }).filter(
      (p) => p.source === "src/content/questions.ts",
    );
    expect(found.map((p) => p.field)).toEqual(
      Object.entries(questions).flatMap(([name, group]) =>
        group.questions.flatMap((q, i) =>
          q.answer.flatMap((a, j) => (a.includes("[[") ? [`${name}.questions[${i}].answer[${j}]`] : [])),
        ),
      ),
    );
    expect(found.map((p) => p.value)).toEqual(["[[Your refund terms]]", "[[Your turnaround]]"]);
  });

  it.each([
    ["an unclosed marker", "Refunds: [[your terms"],
    ["a stray closing marker", "Refunds within 14 days]]"],
    ["an empty marker", "Refunds: [[ ]]"],
  ])("refuses %s, naming the file and the field", (_, text) => {
    const file = withQuestions((g) => void (g.productQuestions.questions[4]!.answer = [text]));
    expect(errorFor(site, { files: [file] }).message).toContain(
      `src/content/questions.ts: productQuestions.questions[4].answer[0] has a "[[" or "]]" without its partner`,
    );
  });

  it("refuses an answer's id that is not a plain address, or that another answer already has", () => {
    const file = withQuestions((g) => {
      g.productQuestions.questions[0]!.id = "What do I get?";
      g.serviceQuestions.questions[1]!.id = g.productQuestions.questions[2]!.id;
    });
    const error = errorFor(site, { files: [file] });
    expect(named(error)).toEqual([
      "src/content/questions.ts: productQuestions.questions[0].id",
      "src/content/questions.ts: serviceQuestions.questions[1].id",
    ]);
    expect(error.problems[1]?.message).toContain("productQuestions.questions[2].id");
  });

  it("refuses a question with no answer, and a link that is not a path on this site", () => {
    const file = withQuestions((g) => {
      g.serviceQuestions.questions[0]!.answer = [];
      g.productQuestions.questions[3]!.more = { label: "Listening safely", path: "https://elsewhere.example.net/" };
    });
    const message = errorFor(site, { files: [file] }).message;
    expect(message).toContain(
      "src/content/questions.ts: serviceQuestions.questions[0].answer must hold at least one paragraph",
    );
    expect(message).toContain(
      `src/content/questions.ts: productQuestions.questions[3].more.path must be a path on this site`,
    );
  });
});

describe("the site's facts in the copy", () => {
  it("says the fields' lengths and formats from the content: one or several, in words", () => {
    expect(siteSlots(site)).toEqual({
      storefront: "Shopfront",
      formats: "MP3 (320 kbps)",
      lengths: "60 or 90 minutes",
      fieldLength: "60- or 90-minute",
      fieldCount: "2",
      method: "FixtureSync",
      replyTime: "within two days",
    });
    expect(fieldLengths(site.fields)).toBe("60- or 90-minute");
    expect(fieldLengths([site.fields[0]!])).toBe("60-minute");
    const three = [...site.fields, { ...site.fields[0]!, durationMinutes: 45, format: "WAV" }];
    expect(fieldLengths(three)).toBe("45-, 60- or 90-minute");
    expect(siteSlots({ ...site, fields: three })).toMatchObject({
      formats: "MP3 (320 kbps) or WAV",
      lengths: "45, 60 or 90 minutes",
    });
  });

  it("names each format once, its details in brackets, so that a format's own comma never reads as a list's", () => {
    const formats = (...given: string[]) =>
      siteSlots({ ...site, fields: given.map((format) => ({ ...site.fields[0]!, format })) }).formats;
    expect(formats("WAV, 24-bit", "FLAC", "MP3, 320 kbps", "WAV")).toBe("WAV (24-bit), FLAC or MP3 (320 kbps)");
    expect(formats("WAV, 24-bit", "WAV, 16-bit", "WAV, 24-bit")).toBe("WAV (24-bit or 16-bit)");
    expect(formats("FLAC")).toBe("FLAC");
  });
});

describe("purposes, release days and the storefront's follow and link settings", () => {
  it("takes a field's purpose in any case, the specification's or the owner's own", () => {
    expect(() => validateContent(withField(0, { purpose: "habit change" }))).not.toThrow();
    expect(() =>
      validateContent({ ...withField(1, { purpose: "Creativity" }), purposes: ["Creativity"] }),
    ).not.toThrow();
  });

  it("refuses a purpose the site does not list, naming the field and what it may be", () => {
    const message = errorFor(withField(1, { purpose: "Creativity" })).message;
    expect(message).toContain(`${CONTENT_FILE}: fields[1].purpose is "Creativity"`);
    expect(message).toContain('"Sleep"');
    expect(message).toContain("purposes");
  });

  it.each([
    ["a band's name", "Theta"],
    ["a page number", "2"],
    ["no letter", "—"],
  ])("refuses an owner's purpose whose list's address would be %s's", (_, name) => {
    expect(errorFor({ ...site, purposes: ["Calm", name] }).message).toContain(`${CONTENT_FILE}: purposes[1]`);
  });

  it.each(["2026-02-30", "2026-13-99", "14/03/2026", "2026-3-14", 20260314])(
    "refuses a release day that is not one (%s)",
    (released) => {
      expect(errorFor(withField(0, { released })).message).toContain(`${CONTENT_FILE}: fields[0].released`);
    },
  );

  it("refuses a seller ID with other characters, and a link setting that is not true or false, naming each", () => {
    const message = errorFor({
      ...site,
      storefront: { ...site.storefront, sellerId: "my seller", from: "no" as unknown as boolean },
    }).message;
    expect(message).toContain(`${CONTENT_FILE}: storefront.sellerId`);
    expect(message).toContain(`${CONTENT_FILE}: storefront.from`);
  });
});

describe("withEnvironment", () => {
  it("overrides the origin and base path from SITE_ORIGIN and SITE_BASE_PATH, in either spelling", () => {
    const { content, sources } = withEnvironment(site, {
      SITE_ORIGIN: "https://someone.github.io/",
      SITE_BASE_PATH: "/repo",
    });
    expect(content).toMatchObject({ origin: "https://someone.github.io", basePath: "/repo/" });
    expect(validateContent(content, { sources })).toBe(content);
  });

  it("takes the masters folder from SITE_MASTERS, naming it when it is wrong", () => {
    const { content, sources } = withEnvironment(site, { SITE_MASTERS: "/mnt/studio/masters/" });
    expect(content.masters).toBe("/mnt/studio/masters");
    expect(sources.masters).toBe("SITE_MASTERS (environment variable)");
  });

  it("leaves the content alone when the variables are unset or empty", () => {
    expect(withEnvironment(site, { SITE_ORIGIN: "", SITE_BASE_PATH: undefined }).content).toEqual(site);
  });

  it("names the environment variable, not the file, when an override is wrong", () => {
    const { content, sources } = withEnvironment(site, { SITE_ORIGIN: "http://someone.github.io" });
    expect(() => validateContent(content, { sources })).toThrow(
      "SITE_ORIGIN (environment variable): origin must be the site's https origin",
    );
  });
});

describe("origin and basePath", () => {
  it.each([
    "http://www.example.com",
    "https://www.example.com/",
    "https://www.example.com/shop",
    "www.example.com",
    "https://localhost",
    // written into robots.txt and the sitemap as it is, so it must be exactly its own parsed origin.
    "https://www.example.com\nDisallow: /",
    "https://www.exa\nmple.com",
    "https://a&b.example.com",
    "https://WWW.example.com",
    "https://www.example.com:443",
    "https://user@www.example.com",
  ])("refuses %j as an origin", (origin) => {
    expect(named(errorFor({ ...site, origin }))).toContain(`${CONTENT_FILE}: origin`);
  });

  it("accepts an origin with a port of its own", () => {
    expect(validateContent({ ...site, origin: "https://www.example.com:8443" }).origin).toBe(
      "https://www.example.com:8443",
    );
  });

  it.each(["repo/", "/repo", "//", "/../", "/a b/", "/./"])("refuses %s as a base path", (basePath) => {
    expect(errorFor({ ...site, basePath }).message).toContain(`${CONTENT_FILE}: basePath`);
  });

  it.each(["/", "/repo/", "/a/b-c/"])("accepts %s as a base path", (basePath) => {
    expect(validateContent({ ...site, basePath }).basePath).toBe(basePath);
  });
});

describe("the in-page sample's numbers", () => {
  it("accepts the shipped sample", () => {
    expect(sampleProblems(sample)).toEqual([]);
  });

  it.each([
    ["a volume that starts loud", { startVolume: 80 }, "sample.startVolume"],
    ["a fade longer than a quarter of the sample", { fadeSeconds: 20 }, "sample.fadeSeconds"],
    ["a sample that never stops", { seconds: 3600 }, "sample.seconds"],
    ["a beat outside the brainwave range", { bands: [{ ...sample.bands[0]!, beatHz: 90 }] }, "sample.bands[0].beatHz"],
  ])("refuses %s, naming the field", (_, change, field) => {
    const file: ContentFile = {
      file: "src/content/sample.ts",
      data: {},
      check: () => sampleProblems({ ...sample, ...change } as typeof sample),
    };
    expect(errorFor(site, { files: [file] }).problems.map((p) => `${p.source}: ${p.field}`)).toEqual([
      `src/content/sample.ts: ${field}`,
    ]);
  });
});
