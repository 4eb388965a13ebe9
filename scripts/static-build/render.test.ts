import { QUOTES_SHOWN } from "../../src/pages/about";
import { describe, expect, it } from "vitest";
import { about } from "../../src/content/about";
import { allFields } from "../../src/content/all-fields";
import { bandLabel, type Band } from "../../src/content/bands";
import { contact } from "../../src/content/contact";
import { frame } from "../../src/content/frame";
import { home } from "../../src/content/home";
import { mail } from "../../src/content/mail";
import { products } from "../../src/content/products";
import { productQuestions, serviceQuestions } from "../../src/content/questions";
import { safety } from "../../src/content/safety";
import { fieldPage } from "../../src/content/field-page";
import { sample } from "../../src/content/sample";
import { services } from "../../src/content/services";
import { FIXTURE_SITE as site } from "../test/fixtures";
import { siteSlots } from "../../src/content/slots";
import { fieldPath, fieldSlug } from "../../src/content/fields";
import type { Field, SiteContent } from "../../src/content/types";
import type { CopyAddressProps } from "../../src/islands/CopyAddress";
import type { PreviewPlayerProps } from "../../src/islands/PreviewPlayer";
import { readIslandProps } from "../../src/islands/registry";
import type { SiteHeaderProps } from "../../src/islands/SiteHeader";
import { createUrls, outputFileFor } from "../../src/lib/routes";
import { plainText } from "../../src/lib/slots";
import { HOME_FIELDS } from "../../src/pages/home";
import { navRoutes, pages as allPages, sitePages } from "../../src/pages/index";
import { fieldId } from "../../src/pages/products";
import { COVER_SIZES } from "../../src/components/FieldCard";
import { wavePath } from "../../src/components/Player";
import { selectionPath } from "../../src/pages/all-fields";
import { PAGE_SIZE } from "../../src/components/Pagination";
import { fieldPurpose, selections } from "../../src/content/purposes";
import { FOLLOW_ACTION } from "../../src/lib/follow";
import { dayInWords } from "../../src/lib/dates";
import { catalogueOf, twelveFields } from "../bench/catalogue";
import { parseHtml as parse } from "../test/parse-html";
import { renderSite } from "./render";
import { readPage } from "./page-facts";
import type { Covers, Previews } from "../../src/pages/types";
import { MAKER_PHOTO } from "../../src/lib/cover";
import { CARD_TEXT_MAX } from "../../src/lib/summary";
import { FAKE_ASSETS, fakeCovers, fakePreviews, FIXTURE_SITE } from "../test/fixtures";

/**
 * The pages as the build renders them, from the tests' own content (scripts/test/fixtures.ts): every field where it
 * belongs, every label where the specification puts it, every link working as it says. A test that needs other facts
 * renders content of its own.
 */
const render = (
  content: SiteContent = site,
  {
    drawn = false,
    previews = fakePreviews(content),
    covers = fakeCovers(content, { drawn }),
  }: { drawn?: boolean; previews?: Previews; covers?: Covers } = {},
) =>
  renderSite({
    site: content,
    assets: FAKE_ASSETS,
    urls: createUrls(content),
    previews,
    covers,
    pages: sitePages(content),
  }).then((rendered) => rendered.pages);
const pages = await render();
/** A content text as the page shows it. */
const shown = (text: string, content: SiteContent = site) => plainText(text, siteSlots(content));

/** Every page in the top bar, with the file it is written to, from the pages' own meta. */
const ROUTES = Object.fromEntries(navRoutes().map((r) => [r.path, outputFileFor(r.path)]));

function page(file: string, from = pages): Document {
  const html = from.get(file);
  if (!html) throw new Error(`no page ${file}`);
  return parse(html);
}

const text = (doc: Document | Element) => ("body" in doc ? doc.body : doc).textContent!.replace(/\s+/g, " ");
const titles = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((h) => h.textContent!.trim());

/** The single link whose visible text starts with `label` (screen-reader-only text is ignored). */
function link(scope: ParentNode, label: string): HTMLAnchorElement {
  const matches = [...scope.querySelectorAll("a")].filter((a) => visibleText(a).startsWith(label));
  if (matches.length !== 1) throw new Error(`expected one link "${label}", found ${matches.length}`);
  return matches[0]!;
}

function visibleText(el: Element): string {
  const clone = el.cloneNode(true) as Element;
  clone.querySelectorAll(".visually-hidden").forEach((n) => n.remove());
  return clone.textContent!.replace(/\s+/g, " ").trim();
}

function decodeMailto(href: string) {
  expect(href).toMatch(/^mailto:/);
  const [address, query = ""] = href.slice("mailto:".length).split("?");
  expect(query).not.toContain("+");
  const params = Object.fromEntries(query.split("&").map((p) => p.split("=").map(decodeURIComponent)));
  return { address, subject: params.subject, body: params.body };
}

/** A storefront address without where it was clicked (`?from=`, which every storefront link carries). */
const withoutFrom = (href: string) => {
  const url = new URL(href);
  url.searchParams.delete("from");
  return url.href;
};

function expectStorefrontLink(a: HTMLAnchorElement, href: string, content: SiteContent = site) {
  expect(withoutFrom(a.getAttribute("href")!)).toBe(withoutFrom(href));
  expect(new URL(a.getAttribute("href")!).searchParams.get("from")).toMatch(/^[a-z]+(-[a-z]+)*$/);
  expect(a.getAttribute("target")).toBe("_blank");
  expect(a.getAttribute("rel")?.split(" ")).toContain("noopener");
  expect(a.getAttribute("rel")).not.toContain("noreferrer");
  expect(a.querySelector(".visually-hidden")?.textContent).toContain(shown(frame.storefrontLink.spoken, content));
  // Said on screen too, beside the owner's label and not in it, or once for the list the link is in;
  // screen readers have it in the link already.
  // A list's intro says it for the whole page (Products, All Fields).
  const note =
    a.parentElement!.querySelector(".leaves__note") ??
    a.closest("section")?.querySelector(".storefront-note") ??
    a.ownerDocument.querySelector(".page-intro .storefront-note");
  expect(note, a.getAttribute("href")!).toBeTruthy();
  expect(note!.textContent).toBe(shown(frame.storefrontLink.note, content));
  expect(note!.getAttribute("aria-hidden")).toBe("true");
  expect(a.contains(note!)).toBe(false);
}

describe("every page, whatever the content", () => {
  it("renders every page in the list and nothing else, the top bar's from their meta", () => {
    expect([...pages.keys()].sort()).toEqual(
      [...allPages.map((p) => p.meta.path), ...site.fields.map(fieldPath), ...selections(site).map(selectionPath)]
        .map(outputFileFor)
        .sort(),
    );
    expect(Object.keys(ROUTES).length).toBeGreaterThan(0);
  });

  describe.each(Object.entries(ROUTES))("%s", (route, file) => {
    const doc = page(file);

    it("is a complete document whose title names the studio", () => {
      expect(pages.get(file)!.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
      expect(doc.title).toContain(site.brand);
    });

    it("starts with a skip link to the main content and has one <h1>", () => {
      const first = doc.querySelector("a, button")!;
      expect(first.getAttribute("href")).toBe("#main");
      expect(doc.getElementById("main")?.tagName).toBe("MAIN");
      expect(doc.querySelectorAll("h1")).toHaveLength(1);
    });

    it("has the top bar: brand to /, a link to each page with nav meta in its order, only this page's marked current", () => {
      const bar = doc.querySelector("header.site-header")!;
      expect(link(bar, site.brand).getAttribute("href")).toBe("/");
      const navLinks = [...bar.querySelectorAll("nav a")];
      expect(navLinks.map((a) => [a.textContent, a.getAttribute("href")])).toEqual(
        navRoutes().map((r) => [r.label, r.path]),
      );
      expect(
        navLinks.filter((a) => a.getAttribute("aria-current") === "page").map((a) => a.getAttribute("href")),
      ).toEqual([route]);
      // The menu is the toggle's native popover: it opens with no script (the browser says whether it is open).
      const toggle = bar.querySelector("button")!;
      const menu = doc.getElementById(toggle.getAttribute("popovertarget")!);
      expect(menu?.tagName).toBe("NAV");
      expect(menu?.getAttribute("popover")).toBe("auto");
      expect(toggle.getAttribute("aria-controls")).toBe(menu?.id);
    });

    it("ships the header's props for hydration and inlines the CSS and the loader: nothing to fetch to paint", () => {
      const header = doc.querySelector('[data-island="SiteHeader"]')!;
      const props = readIslandProps<SiteHeaderProps>(header);
      expect(props.items.find((i) => i.current)!.href).toBe(route);
      expect(doc.querySelector("head style")!.textContent).toBe("body{color:red}");
      expect([...doc.querySelectorAll("head script:not([type])")].map((s) => s.textContent)).toEqual([
        FAKE_ASSETS.script,
      ]);
      expect(doc.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
      // Nothing else is linked for the first paint: the icon, manifest and the other stylesheets come after it.
      expect(
        doc.querySelectorAll('head > link[rel="stylesheet"], head > link[rel="icon"], head > link[rel="manifest"]'),
      ).toHaveLength(0);
    });

    it("links what comes after the first paint in <noscript>, for a browser without JavaScript", () => {
      const inNoscript = parse(doc.querySelector("head > noscript")!.innerHTML);
      expect(
        [...inNoscript.querySelectorAll("link")].map((l) => ({
          rel: l.rel,
          href: l.getAttribute("href"),
          type: l.getAttribute("type") ?? undefined,
          media: l.getAttribute("media") ?? undefined,
        })),
      ).toEqual(FAKE_ASSETS.afterPaint.map((link) => ({ type: undefined, media: undefined, ...link })));
    });

    it("puts a copy control, with the address as its props, beside every e-mail address the page shows", () => {
      const shown = [...doc.querySelectorAll("body *")].filter(
        // An address may hold a <wbr> where it may break.
        (el) => [...el.children].every((child) => child.tagName === "WBR") && el.textContent!.trim() === site.email,
      );
      expect(shown.length).toBeGreaterThan(0);
      for (const address of shown) {
        const beside = (address.closest("a") ?? address).nextElementSibling!;
        expect(beside.getAttribute("data-island"), address.outerHTML).toBe("CopyAddress");
        expect(readIslandProps<CopyAddressProps>(beside).address).toBe(site.email);
      }
    });

    it("has the footer: © year, tagline and the contact address as a mail link", () => {
      const footer = doc.querySelector("footer")!;
      expect(footer.textContent).toContain(`© ${site.copyrightYear}`);
      expect(footer.textContent).toContain(site.tagline);
      expect(decodeMailto(link(footer, site.email).href)).toMatchObject({
        address: site.email,
        subject: mail.generalInquiry.subject,
      });
    });

    it("shows every slot filled and no link markup as written", () => {
      const body = doc.body.cloneNode(true) as HTMLElement;
      body.querySelectorAll("script").forEach((s) => s.remove());
      expect(text(body)).not.toMatch(/\{\w+\}|\]\(\//);
    });
  });
});

describe("what the checks read of a page, taken as it is made", () => {
  it("is what a fresh reading of the finished page finds: its policy, links, ids and where its first screen ends", async () => {
    const content = { ...site, fields: twelveFields(site.fields[0]!) };
    const { pages: made, facts } = await renderSite({
      site: content,
      assets: FAKE_ASSETS,
      urls: createUrls(content),
      previews: fakePreviews(content),
      covers: fakeCovers(content, { drawn: true }),
      pages: sitePages(content),
    });
    expect([...facts.keys()]).toEqual([...made.keys()]);
    for (const [file, html] of made) expect(facts.get(file), file).toEqual(readPage(html));
    // Where a page marks its first screen's end, after the styles its head was given: on more than a few pages.
    expect([...made].filter(([file, html]) => facts.get(file)!.firstScreenEnd < html.length).length).toBeGreaterThan(3);
  });

  it("a page that cannot be made fails the render only once the pages already handed on are done with", async () => {
    const [first, ...rest] = sitePages(site);
    const broken = {
      ...first!,
      meta: { ...first!.meta, path: "/broken/" },
      Page: () => {
        throw new Error("no page here");
      },
    };
    const started: string[] = [];
    const ended: string[] = [];
    const failure = renderSite({
      site,
      assets: FAKE_ASSETS,
      urls: createUrls(site),
      previews: fakePreviews(site),
      covers: fakeCovers(site),
      pages: [...rest, broken],
      each: async (file) => {
        started.push(file);
        await new Promise((resolve) => setImmediate(resolve));
        ended.push(file);
      },
    });
    await expect(failure).rejects.toThrow("/broken/");
    expect(started.length).toBeGreaterThan(0);
    expect(ended).toEqual(started);
  });

  it("spells an HTML element's attributes in lowercase (React writes charSet, srcSet) and an SVG's in its own case", () => {
    const names = (html: string) =>
      [...html.matchAll(/<[a-z][\w-]*((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].flatMap(([, attrs]) =>
        [...attrs!.matchAll(/\s([^\s=>/]+)(?:="[^"]*")?/g)].map(([, name]) => name!),
      );
    for (const [file, html] of pages) {
      // A script's or style's own tag is read; what it holds is not markup, and an SVG's names are its own.
      const outsideSvg = html
        .replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/g, "$1")
        .replace(/<svg\b[\s\S]*?<\/svg>/g, "");
      expect(
        names(outsideSvg).filter((name) => name !== name.toLowerCase()),
        file,
      ).toEqual([]);
      expect(html, file).not.toMatch(/<svg[^>]*\s(viewbox|preserveaspectratio)=/);
    }
    expect([...pages.values()].some((html) => /<svg[^>]*\sviewBox="/.test(html))).toBe(true);
  });
});

describe("every page's links and reading order", () => {
  it("uses only the preset subjects, each with a body, on every mail link of the site", () => {
    const subjects = new Set<string>();
    for (const html of pages.values()) {
      for (const a of parse(html).querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')) {
        const { address, subject, body } = decodeMailto(a.href);
        expect(address).toBe(site.email);
        expect(body?.length).toBeGreaterThan(0);
        subjects.add(subject!);
      }
    }
    expect([...subjects].sort()).toEqual(
      Object.values(mail)
        .map((m) => m.subject)
        .sort(),
    );
  });

  it("opens every external link in a new tab with noopener, and says so", () => {
    for (const html of pages.values()) {
      for (const a of parse(html).querySelectorAll<HTMLAnchorElement>('a[href^="http"]'))
        expectStorefrontLink(a, a.getAttribute("href")!);
    }
  });

  it("holds its first paint until the top bar and the main content have arrived: what it waits for opens after both close", () => {
    // Chromium ends a rel=expect wait as soon as the element named opens, not when it closes.
    for (const [file, html] of pages) {
      const target = parse(html).querySelector('head link[rel="expect"][blocking="render"]')?.getAttribute("href");
      expect(target, file).toMatch(/^#./);
      const opens = html.search(new RegExp(`<[a-z]+ [^>]*id="${target!.slice(1)}"`));
      expect(opens, `${file}: ${target}`).toBeGreaterThan(html.indexOf("</main>"));
      expect(html.indexOf("</main>"), file).toBeGreaterThan(html.indexOf("</header>"));
      expect(html.indexOf("</header>"), file).toBeGreaterThan(html.indexOf('<header class="site-header"'));
    }
  });

  it("reads as it shows: a card's label just before its heading, in the source as on screen, and every closing panel has an id to link to", () => {
    for (const [file, html] of pages) {
      const d = parse(html);
      for (const label of d.querySelectorAll(".card__label"))
        expect(label.nextElementSibling?.matches(".card__title"), `${file}: ${label.textContent}`).toBe(true);
      for (const panel of d.querySelectorAll(".callout-wrap"))
        expect(`${panel.id}-title`, file).toBe(panel.getAttribute("aria-labelledby"));
    }
  });
});

describe("the specification's screens, from the content", () => {
  it("Home: hero with orbs and Explore The Fields, the first fields to hear and buy, the three cards, Learn More", () => {
    const doc = page("index.html");
    expect(doc.querySelector("h1")!.textContent).toBe(shown(home.hero.title));
    expect(doc.querySelectorAll(".hero .orb")).toHaveLength(3);
    expect(link(doc, shown(home.hero.explore)).getAttribute("href")).toBe("/products/");
    expect(titles(doc, "#layers .card__title")).toEqual(home.layers.cards.map((c) => shown(c.title)));
    expect(link(doc, shown(home.listen.learnMore)).getAttribute("href")).toBe("/about/");
    const cards = [...doc.querySelectorAll("#fields .field-card")];
    expect(cards.map((c) => c.querySelector(".card__title")!.textContent)).toEqual(
      site.fields.slice(0, HOME_FIELDS).map((f) => f.title),
    );
    cards.forEach((card, i) => expectStorefrontLink(link(card, shown(products.fields.buy)), site.fields[i]!.url));
  });

  it("About: the beats and their bands, morphic fields, the method, the benefit cards, the sample, both actions", () => {
    const doc = page("about/index.html");
    expect(titles(doc, "h2")).toEqual(
      expect.arrayContaining([about.beats.title, about.morphic.title, shown(about.method.title), sample.section.title]),
    );
    expect(titles(doc, "#binaural-beats .card__title")).toEqual(about.beats.bands.map((b) => b.title));
    expect(titles(doc, "#expect .card__title")).toEqual(about.expect.cards.map((c) => c.title));
    expect(decodeMailto(link(doc, shown(about.more.contact)).href)).toMatchObject({
      address: site.email,
      subject: mail.moreInformation.subject,
    });
    expect(link(doc, shown(about.more.products)).getAttribute("href")).toBe("/products/");
  });

  it("Services: the custom request action, the examples with their bands, a way to products", () => {
    const doc = page("services/index.html");
    const requests = [...doc.querySelectorAll("a")].filter((a) => visibleText(a) === shown(services.intro.request));
    expect(requests.length).toBeGreaterThan(0);
    for (const a of requests) expect(decodeMailto(a.href).subject).toBe(mail.customField.subject);
    expect(
      [...doc.querySelectorAll("#examples .card")].map((card) => [
        card.querySelector(".card__title")!.textContent,
        card.querySelector(".eyebrow")!.textContent,
      ]),
    ).toEqual(services.examples.cards.map((c) => [c.title, c.band ? bandLabel(c.band) : c.label]));
    expect([...doc.querySelectorAll("main a")].some((a) => a.getAttribute("href") === "/products/")).toBe(true);
  });

  it("Products: every field with its facts, preview and storefront link, All Fields, the personal prompt, the benefits", () => {
    const doc = page("products/index.html");
    const cards = [...doc.querySelectorAll(".field-card")];
    const featured = site.fields.slice(0, PAGE_SIZE);
    expect(cards.map((c) => [c.id, c.querySelector(".card__title")!.textContent])).toEqual(
      featured.map((f) => [fieldId(f), f.title]),
    );
    cards.forEach((card, i) => {
      const field = site.fields[i]!;
      for (const fact of [
        shown(frame.fieldCard.lengthShort).replace("{minutes}", String(field.durationMinutes)),
        field.tuning,
        field.delivery,
        field.format,
      ])
        expect(text(card)).toContain(fact);
      expect(card.querySelector('[data-island="PreviewPlayer"]') !== null).toBe(field.preview !== undefined);
      expectStorefrontLink(link(card, shown(products.fields.buy)), field.url);
    });
    expect(link(doc.querySelector("main")!, shown(products.fields.allFields)).getAttribute("href")).toBe(
      "/all-fields/",
    );
    expect(decodeMailto(link(doc, shown(products.personal.request)).href).subject).toBe(mail.customField.subject);
    expect(titles(doc, "#benefits .card__title")).toEqual(products.benefits.cards.map((c) => c.title));
  });
});

describe("the specification's screens, from the content: All Fields, Contact, 404 and what every page carries", () => {
  it("All Fields: its first page of fields and All Our Products, each with its storefront link, a player for each, and the custom prompt", () => {
    const doc = page("all-fields/index.html");
    const cards = [...doc.querySelectorAll("#catalogue .card")];
    const listed = site.fields.slice(0, PAGE_SIZE);
    expect(cards.map((c) => c.querySelector(".card__title")!.textContent)).toEqual([
      ...listed.map((f) => f.title),
      allFields.catalogue.store.title,
    ]);
    const targets = [...listed.map((f) => f.url), site.storefront.url];
    cards.forEach((card, i) => expectStorefrontLink(link(card, shown(allFields.catalogue.view)), targets[i]!));
    const previews = fakePreviews(site);
    listed.forEach((field, i) => {
      const player = cards[i]!.querySelector('[data-island="PreviewPlayer"]');
      expect(player && readIslandProps<PreviewPlayerProps>(player).src).toBe(
        previews.get(fieldSlug(field))?.path ?? null,
      );
    });
    expect(decodeMailto(link(doc, shown(allFields.custom.ask)).href).subject).toBe(mail.customProduct.subject);
  });

  it("Contact: Get In Touch with Send Message, the address as text, the reply time, the help cards each with its subject", () => {
    const doc = page("contact/index.html");
    const card = doc.querySelector('[aria-labelledby="get-in-touch-title"]')!;
    expect(card.querySelector("h2")!.textContent).toBe(shown(contact.card.title));
    expect(decodeMailto(link(card, shown(contact.card.send)).href)).toMatchObject({
      address: site.email,
      subject: mail.contactUs.subject,
    });
    expect(card.querySelector(".contact-card__address")!.textContent).toBe(site.email);
    expect(card.textContent).toContain(site.replyTime);
    expect(
      [...doc.querySelectorAll("#help .card")].map((c) => [
        c.querySelector(".card__title")!.textContent,
        decodeMailto(c.querySelector("a")!.href).subject,
      ]),
    ).toEqual(contact.help.cards.map((c) => [c.title, mail[c.preset].subject]));
  });

  it("404: the site's frame with links back in, all site-absolute", () => {
    const doc = page("404.html");
    expect(doc.querySelector('[aria-current="page"]')).toBeNull();
    expect(doc.querySelectorAll(".site-header nav a")).toHaveLength(navRoutes().length);
    expect(link(doc, "Go to the home page").getAttribute("href")).toBe("/");
    for (const el of doc.querySelectorAll("[href], [src]"))
      expect(el.getAttribute("href") ?? el.getAttribute("src")).toMatch(/^(\/|#|https:|mailto:)/);
  });

  it("puts the band sample on About only, with its props and its note for browsers that cannot play it", () => {
    const withPlayer = [...pages]
      .filter(([, html]) => parse(html).querySelector('[data-island="SamplePlayer"]'))
      .map(([file]) => file);
    expect(withPlayer).toEqual(["about/index.html"]);
    const doc = page("about/index.html");
    const player = doc.querySelector('[data-island="SamplePlayer"]')!;
    expect(player.querySelector(".sample__fallback")!.textContent).toBe(sample.noScript);
    expect([...player.querySelectorAll("input[type=radio]")].map((r) => r.getAttribute("value"))).toEqual(
      sample.bands.map((b) => b.id),
    );
    expect(readIslandProps(player)).toEqual({ sample });
  });

  it.each(["about/index.html", "products/index.html"])("%s carries the listening-safely note", (file) => {
    const note = page(file).getElementById(safety.id)!;
    expect([...note.querySelectorAll("li")].map((li) => li.textContent)).toEqual(
      [safety.headphones, ...safety.points].map((p) => shown(p)),
    );
  });

  it.each([
    ["products/index.html", productQuestions],
    ["services/index.html", serviceQuestions],
  ] as const)(
    "%s answers a buyer's questions: each a <details> with its own id, facts filled in, unwritten terms marked",
    (file, group) => {
      const block = page(file).getElementById(group.id)!;
      expect(block.querySelector("h2")!.textContent).toBe(group.title);
      expect(
        [...block.querySelectorAll("details")].map((d) => [d.id, d.querySelector("summary")!.textContent]),
      ).toEqual(group.questions.map((q) => [q.id, shown(q.question)]));
      expect(text(block)).not.toMatch(/\{\w+\}|\[\[|\]\]/);
      const unwritten = [...block.querySelectorAll("mark.to-write")].map((m) => m.textContent);
      expect(unwritten.length).toBe(group.questions.flatMap((q) => q.answer).filter((a) => a.includes("[[")).length);
      for (const mark of unwritten) expect(mark).toMatch(/^Still to be written: \S/);
    },
  );
});

const fixture = await render(FIXTURE_SITE);

describe("what depends on the content, on the tests' own", () => {
  it("Home says what a field is, from the fields' own lengths, and how Products and All Fields differ", async () => {
    const doc = page("index.html", fixture);
    expect(text(doc)).toContain("A field is a 60- or 90-minute audio file you download and play on stereo headphones");
    const panel = doc.querySelector("#fields")!;
    expect(link(panel, "Products").getAttribute("href")).toBe("/products/");
    expect(link(panel, "All Fields").getAttribute("href")).toBe("/all-fields/");
    const three = await render({
      ...FIXTURE_SITE,
      fields: [
        ...FIXTURE_SITE.fields,
        { ...FIXTURE_SITE.fields[0]!, url: "https://example.shopfront.com/l/short", durationMinutes: 45 },
      ],
    });
    expect(text(parse(three.get("index.html")!))).toContain("A field is a 45-, 60- or 90-minute audio file");
  });

  it("Home shows the first fields and, when there are more, leads to all of them", async () => {
    const field = (i: number) => ({
      ...FIXTURE_SITE.fields[0]!,
      title: `Field ${i}`,
      url: `https://example.shopfront.com/l/${i}`,
    });
    const many = await render({ ...FIXTURE_SITE, fields: Array.from({ length: 5 }, (_, i) => field(i)) });
    const panel = parse(many.get("index.html")!).querySelector("#fields")!;
    expect(titles(parse(many.get("index.html")!), "#fields .card__title")).toEqual(["Field 0", "Field 1"]);
    expect(link(panel, "All 5 fields").getAttribute("href")).toBe("/all-fields/");
    expect(text(parse(fixture.get("index.html")!).querySelector("#fields")!)).not.toContain("All 2 fields");
  });

  it("Products' answers state the fields' real format and lengths", () => {
    const answer = page("products/index.html", fixture).getElementById("download")!.textContent!;
    expect(answer).toContain("in MP3 (320 kbps), 60 or 90 minutes long");
    expect(answer).toContain("60 or 90 minutes long");
    expect(answer).toContain("Shopfront");
  });

  it("a field card states its format and declared bands, and a price only where the owner set one", async () => {
    const base = FIXTURE_SITE.fields[0]!;
    const fields = [
      { ...base, bands: ["alpha" as const] },
      {
        ...base,
        url: "https://example.shopfront.com/l/layered",
        bands: ["theta" as const, "gamma" as const],
        price: { amount: 24.5, currency: "EUR" },
      },
      { ...base, url: "https://example.shopfront.com/l/none", bands: undefined },
    ];
    const [alpha, layered, none] = [
      ...page("products/index.html", await render({ ...FIXTURE_SITE, fields })).querySelectorAll(".field-card"),
    ].map((c) => visibleText(c));
    expect(alpha).toContain("MP3, 320 kbps");
    expect(alpha).toContain("Alpha, 8–12 Hz beat");
    expect(alpha).not.toMatch(/[$€£]/);
    expect(layered).toContain("Theta, 4–8 Hz and Gamma, 30–40 Hz beats");
    expect(layered).toContain("€24.50");
    expect(none).not.toContain("Hz beat");
  });

  it("a field whose beat glides says how, with the bands at each end; one with no preview yet shows everywhere, with no player or link to one", async () => {
    const base = FIXTURE_SITE.fields[0]!;
    const fields = [
      { ...base, bands: undefined, glide: { fromHz: 10, toHz: 6 } },
      { ...base, title: "Not Yet Heard", url: "https://example.shopfront.com/l/unheard", preview: undefined },
    ];
    const rendered = await render({ ...FIXTURE_SITE, fields });
    const [gliding] = [...page("products/index.html", rendered).querySelectorAll(".field-card")];
    expect(visibleText(gliding!)).toContain("A beat that glides from 10 Hz (Alpha) to 6 Hz (Theta)");
    for (const file of ["index.html", "products/index.html", "all-fields/index.html"]) {
      const card = [...page(file, rendered).querySelectorAll(".field-card")].find(
        (c) => c.querySelector(".card__title")!.textContent === "Not Yet Heard",
      );
      expect(card, file).toBeDefined();
      expect(card!.querySelector('[data-island="PreviewPlayer"], audio'), file).toBeNull();
    }
  });

  it.each(["index.html", "products/index.html", "all-fields/index.html"])(
    "%s: each field's card has its preview, playable with no script, fetched only on Play, a beat alone said so",
    (file) => {
      const cards = [...page(file, fixture).querySelectorAll(".field-card")];
      expect(cards).toHaveLength(2);
      cards.forEach((card, i) => {
        const player = card.querySelector('[data-island="PreviewPlayer"]')!;
        const audio = player.querySelector("audio")!;
        const path = fakePreviews(FIXTURE_SITE).get(fieldSlug(FIXTURE_SITE.fields[i]!))!.path;
        expect([
          audio.hasAttribute("controls"),
          audio.getAttribute("preload"),
          audio.getAttribute("src"),
          audio.hasAttribute("autoplay"),
        ]).toEqual([true, "none", path, false]);
        // The waveform is drawn in the page, from the preview's own bars (a digit each, in the props too), so
        // the player looks finished before any script runs.
        const { wave } = readIslandProps(player) as { wave: string };
        expect(wave).toMatch(/^\d{40}$/);
        expect(player.querySelector("path.player__bars")!.getAttribute("d")).toBe(wavePath(wave));
        expect(player.querySelector("path.player__bars")!.getAttribute("d")).toMatch(/^M1 \d+v\d+(m2-\d+v\d+){39}$/);
        expect(player.querySelector('[role="slider"]')!.getAttribute("aria-valuetext")).toBe(
          i === 0 ? "0:00 of 0:40" : "0:00 of 0:30",
        );
      });
      // The fake previews: the first an excerpt, the second the beat alone.
      expect(cards.map((c) => c.querySelector(".field-card__caption")?.textContent)).toEqual([
        undefined,
        frame.fieldCard.beatShort,
      ]);
    },
  );
});

describe("what depends on the content: players, names, claims", () => {
  it("a field's own page has its full player, said plainly what it plays", () => {
    const captions = FIXTURE_SITE.fields.map(
      (field) => page(outputFileFor(fieldPath(field)), fixture).querySelector(".product figcaption")!.textContent,
    );
    expect(captions).toEqual([
      "Hear a 40-second excerpt of the field itself.",
      "Hear its beat alone: a 30-second tone, not an excerpt of the field.",
    ]);
  });

  it("says the method's name and the reply time only as the content sets them: nothing of either is written in code", async () => {
    const all = (rendered: Map<string, string>) => [...rendered.values()].map((html) => text(parse(html))).join(" ");
    const other = all(await render({ ...FIXTURE_SITE, method: "OtherSync", replyTime: "by return" }));
    expect(all(fixture)).toContain("FixtureSync");
    expect(all(fixture)).toContain("within two days");
    expect(other).toContain("OtherSync");
    expect(other).toContain("by return");
    expect(other).not.toMatch(/FixtureSync|within two days/);
    // The method's section on About is addressed by its name too.
    expect(
      page("about/index.html", await render({ ...FIXTURE_SITE, method: "OtherSync" })).getElementById("othersync"),
    ).not.toBeNull();
  });

  it("describes listening, and claims no social proof, price, rating or testimonial the owner did not set", () => {
    for (const [file, html] of fixture) {
      const said = text(parse(html));
      expect(said, file).not.toMatch(
        /choose us|listeners (often|have asked|find|say|report)|\bproven\b|clinically|\bcures?\b/i,
      );
      expect(said, file).not.toMatch(/[$€£]\s?\d|\bUSD\b|★|\brating\b|\btestimonial/i);
    }
    expect(text(page("products/index.html", fixture).getElementById("benefits")!)).toMatch(
      /measurable effect of hearing.*mixed/,
    );
    expect(text(page("about/index.html", fixture).getElementById("binaural-beats")!)).toMatch(/mixed/);
  });
});

/** A page's structured data, each block parsed. */
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));

describe("a page for each field", () => {
  it("tells a long description's first sentences on its cards, and the whole of it on its page, after the product", async () => {
    const sentences = Array.from(
      { length: 8 },
      (_, i) => `Part ${i + 1} of the evening on the pier, the rigging and the slow tide under the beat.`,
    );
    const long = { ...FIXTURE_SITE.fields[0]!, description: sentences.join(" ") };
    const rendered = await render({ ...FIXTURE_SITE, fields: [long, ...FIXTURE_SITE.fields.slice(1)] });
    const own = page(outputFileFor(fieldPath(long)), rendered);
    expect(own.querySelector(".field-detail__about .prose")!.textContent).toBe(long.description);
    expect(own.querySelector(".product")!.textContent).not.toContain(sentences[0]);
    const cardOf = (file: string) =>
      page(file, rendered)
        .querySelector(`a[href="${fieldPath(long)}"]`)!
        .closest("article")!
        .querySelector(".card__body")!;
    const tellings = {
      "its card on Products": cardOf("products/index.html").textContent!,
      "its card on All Fields": cardOf("all-fields/index.html").textContent!,
    };
    for (const [file, told] of Object.entries(tellings)) {
      expect(told, file).toBe(sentences.slice(0, told.split(". ").length).join(" "));
      expect(told.length, file).toBeLessThanOrEqual(CARD_TEXT_MAX);
      expect(told.length, file).toBeGreaterThan(CARD_TEXT_MAX / 2);
    }
  });

  it("a page description the build cannot make from a long title and tuning is refused naming the field in site.ts", () => {
    const field = {
      ...FIXTURE_SITE.fields[0]!,
      description: "Short.",
      title: "A Very Long Evening Of Slow Rain Over The Distant Harbour Water",
      tuning: "Theta wave entrainment, layered twice over with a slow glide to Delta",
    };
    expect(() => sitePages({ ...FIXTURE_SITE, fields: [field] })).toThrow(
      "src/content/site.ts: fields[0].description is 6 characters, so its page's description for search results is made from its title and tuning",
    );
  });

  it("every field has one, its own title, description, canonical address and h1; every card of it leads there", () => {
    for (const field of site.fields) {
      const doc = page(outputFileFor(fieldPath(field)));
      expect(doc.querySelector("h1")!.textContent).toBe(field.title);
      expect(doc.title.startsWith(`${field.title} · `)).toBe(true);
      expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
        `${site.origin}${fieldPath(field)}`,
      );
      const description = doc.querySelector('meta[name="description"]')!.getAttribute("content")!;
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
      // Its storefront action in the product it opens with (the page's one primary action); the safety note, the
      // buyer's questions.
      expect(withoutFrom(link(doc.querySelector(".product")!, shown(products.fields.buy)).href)).toBe(
        withoutFrom(field.url),
      );
      expect(
        [...doc.querySelectorAll("main .button--primary")].map((a) => withoutFrom(a.getAttribute("href")!)),
      ).toEqual([withoutFrom(field.url)]);
      expect(doc.getElementById(safety.id)).not.toBeNull();
      expect(doc.getElementById(productQuestions.id)).not.toBeNull();
    }
    for (const file of ["index.html", "products/index.html", "all-fields/index.html"]) {
      const cards = [...page(file).querySelectorAll(".field-card")];
      for (const card of cards) {
        const title = card.querySelector(".card__title")!.textContent!;
        const field = site.fields.find((f) => f.title === title)!;
        expect(card.querySelector(".card__title a")!.getAttribute("href"), `${file}: ${title}`).toBe(fieldPath(field));
      }
    }
  });
});

describe("a field's price", () => {
  it("shows a price only where the owner set one, beside the storefront action, and describes it as an Offer; without one, no Product", async () => {
    const base = FIXTURE_SITE.fields[0]!;
    const fields = [
      { ...base, price: { amount: 19, currency: "USD" } },
      {
        ...base,
        title: "Pay What You Like",
        url: "https://example.shopfront.com/l/pwyw",
        price: { amount: 5, currency: "EUR", from: true },
      },
      { ...base, title: "Unpriced", url: "https://example.shopfront.com/l/unpriced" },
    ];
    const content = { ...FIXTURE_SITE, fields };
    const rendered = await render(content);
    const [priced, pwyw, unpriced] = fields.map((f) => page(outputFileFor(fieldPath(f)), rendered));
    expect(priced!.querySelector(".field-action .price")!.textContent).toBe("$19");
    expect(pwyw!.querySelector(".field-action .price")!.textContent).toBe("From €5");
    expect(unpriced!.querySelector(".product .price")).toBeNull();
    // The price is heard inside the link, where the label stays the specification's.
    expect(priced!.querySelector(".field-action a")!.textContent).toContain(
      `${shown(products.fields.buy)}: ${base.title}, $19`,
    );
    for (const card of page("products/index.html", rendered).querySelectorAll(".field-card")) {
      const title = card.querySelector(".card__title")!.textContent;
      expect(card.querySelector(".price")?.textContent, title!).toBe(
        title === "Unpriced" ? undefined : title === base.title ? "$19" : "From €5",
      );
    }
    const [offer] = jsonLd(priced!).map((d) => d["@graph"][0]);
    expect(offer).toMatchObject({
      "@type": "Product",
      name: base.title,
      offers: {
        "@type": "Offer",
        price: 19,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: base.url,
      },
    });
    expect(jsonLd(pwyw!)[0]["@graph"][0].offers).toMatchObject({
      price: 5,
      priceCurrency: "EUR",
      priceSpecification: { minPrice: 5, priceCurrency: "EUR" },
    });
    const [plain] = jsonLd(unpriced!).map((d) => d["@graph"][0]);
    expect(plain["@type"]).toBe("CreativeWork");
    expect(plain.offers).toBeUndefined();
  });
});

describe("a field's cover on its cards and its page", () => {
  it("every field's cover on its cards and its page, sized so nothing moves, described, and fetched early only where it is first seen, first only on its own page", async () => {
    const twelve = await render({ ...FIXTURE_SITE, fields: twelveFields(FIXTURE_SITE.fields[0]!) });
    // In the first screen (Products' first card, All Fields' first row of four on a laptop) with the page, after what
    // its first paint needs; the rest as they come near.
    // The first, likely the largest thing in the first screen, first of all.
    for (const [file, count, first] of [
      ["products/index.html", 12, 2],
      ["all-fields/index.html", 12, 4],
    ] as const) {
      const covers = [...page(file, twelve).querySelectorAll(".field-card img")];
      expect(covers, file).toHaveLength(count);
      covers.forEach((img, i) => {
        expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1200", "1200"]);
        expect(img.getAttribute("alt")).toMatch(/^The cover of /);
        expect([img.getAttribute("loading"), img.getAttribute("fetchpriority")], `${file} #${i}`).toEqual(
          i === 0 ? [null, "high"] : i < first ? [null, "low"] : ["lazy", null],
        );
      });
    }
    // No cover is drawn in the page itself: on a phone a list's covers are thumbnails, never its largest thing.
    const drawn = await render({ ...FIXTURE_SITE, fields: twelveFields(FIXTURE_SITE.fields[0]!) }, { drawn: true });
    for (const file of ["index.html", "products/index.html", "all-fields/index.html"])
      expect(page(file, drawn).querySelector(".field-card svg.field-card__cover"), file).toBeNull();
    // A thumbnail on Home is the cover's own small picture, never its SVG: Chromium builds a document for each SVG
    // picture.
    const thumbSources = [...page("index.html", drawn).querySelectorAll(".field-card--compact picture")].map(
      (picture) =>
        [...picture.querySelectorAll("source, img")].map((e) => e.getAttribute("srcset") ?? e.getAttribute("src")),
    );
    expect(thumbSources.length).toBeGreaterThan(0);
    for (const sources of thumbSources)
      expect(
        sources.every((s) => /-(144|216)-[0-9a-f]{10}\.(avif|webp)( 144w, \S+ 216w)?$/.test(s!)),
        sources.join(),
      ).toBe(true);
    const own = page(outputFileFor(fieldPath(FIXTURE_SITE.fields[0]!)), twelve).querySelector(".product img")!;
    // A field's own page asks for its cover first: the largest thing on it.
    expect([own.getAttribute("src"), own.getAttribute("loading"), own.getAttribute("fetchpriority")]).toEqual([
      fakeCovers(FIXTURE_SITE).get(fieldSlug(FIXTURE_SITE.fields[0]!))!.path,
      null,
      "high",
    ]);
    // An owner's image: each format at each size, the browser choosing by the width the layout gives it.
    const content = { ...FIXTURE_SITE, basePath: "/repo/" };
    const covers = new Map(
      [...fakeCovers(content)].map(([u, c]) => [
        u,
        {
          ...c,
          path: "/assets/c-1200.webp",
          sources: (["avif", "webp"] as const).map((format) => ({
            type: `image/${format}` as const,
            srcset: [480, 800, 1200].map((w) => `/assets/c-${w}.${format} ${w}w`),
          })),
        },
      ]),
    );
    const rendered = await render(content, { covers });
    const picture = page("products/index.html", rendered).querySelector(".field-card picture")!;
    expect(
      [...picture.querySelectorAll("source")].map((s) => [
        s.getAttribute("type"),
        s.getAttribute("srcset"),
        s.getAttribute("sizes"),
      ]),
    ).toEqual(
      (["avif", "webp"] as const).map((format) => [
        `image/${format}`,
        // A card's cover is a thumbnail on a phone, and never wider than 22rem: its largest small size first, and its
        // large ones up to 800 px (22rem at 2×).
        `/repo${fakeCovers(content)
          .get(fieldSlug(content.fields[0]!))!
          .thumb!.sources!.find((s) => s.type === `image/${format}`)!
          .srcset.at(-1)}, /repo/assets/c-480.${format} 480w, /repo/assets/c-800.${format} 800w`,
        COVER_SIZES.card,
      ]),
    );
    expect(picture.querySelector("img")!.getAttribute("src")).toBe("/repo/assets/c-1200.webp");
  });
});

describe("a catalogue over pages, the beat across the whole master, share metadata", () => {
  it("a catalogue longer than a page goes on over pages of its own, each linking to the others, the current one marked", async () => {
    const rendered = await render({ ...FIXTURE_SITE, fields: catalogueOf(30, FIXTURE_SITE.fields[0]!) });
    const second = page("all-fields/2/index.html", rendered);
    expect(second.querySelector("h1")!.textContent).toBe("All fields, page 2 of 3");
    expect(second.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(
      `${FIXTURE_SITE.origin}/all-fields/2/`,
    );
    const nav = second.querySelector("nav.pagination")!;
    expect([...nav.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.getAttribute("aria-current")])).toEqual(
      [
        ["/all-fields/", null],
        ["/all-fields/", null],
        ["/all-fields/2/", "page"],
        ["/all-fields/3/", null],
        ["/all-fields/3/", null],
      ],
    );
    expect(page("all-fields/3/index.html", rendered).querySelectorAll(".field-card")).toHaveLength(30 - 2 * PAGE_SIZE);
    expect(rendered.has("all-fields/4/index.html")).toBe(false);
    // Products offers every field too, over pages of the same size.
    const offered = [1, 2, 3].map((n) => page(n === 1 ? "products/index.html" : `products/${n}/index.html`, rendered));
    expect(offered.map((doc) => doc.querySelectorAll(".field-card").length)).toEqual([
      PAGE_SIZE,
      PAGE_SIZE,
      30 - 2 * PAGE_SIZE,
    ]);
    expect(offered[1]!.querySelector("h1")!.textContent).toBe("Ready-made fields, page 2 of 3");
    expect(
      [...offered[1]!.querySelectorAll("nav.pagination a")].map((a) => [
        a.getAttribute("href"),
        a.getAttribute("aria-current"),
      ]),
    ).toEqual([
      ["/products/", null],
      ["/products/", null],
      ["/products/2/", "page"],
      ["/products/3/", null],
      ["/products/3/", null],
    ]);
    expect(rendered.has("products/4/index.html")).toBe(false);
  });

  it("draws the beat across the whole master on the field's page, its declared bands behind, and says it in words", async () => {
    const field = { ...FIXTURE_SITE.fields[0]!, bands: undefined, glide: { fromHz: 10, toHz: 6 } };
    const content = { ...FIXTURE_SITE, fields: [field] };
    const trace = {
      seconds: 4500,
      points: Array.from({ length: 16 }, (_, i) => ({
        at: Math.round(((i + 0.5) * 4500) / 16),
        beats: [Math.round((10 - (4 * (i + 0.5)) / 16) * 100) / 100],
      })),
    };
    const previews = new Map([...fakePreviews(content)].map(([url, preview]) => [url, { ...preview, trace }]));
    const rendered = await render(content, { previews });
    const chart = page(outputFileFor(fieldPath(field)), rendered).querySelector(".beat-trace")!;
    expect(chart.querySelector("figcaption")!.textContent).toBe(
      "Measured across all 75 minutes: a beat that glides from 9.9\u00a0Hz to 6.1\u00a0Hz (Alpha to Theta).",
    );
    expect(chart.querySelector(".beat-trace__points")!.getAttribute("d")!.match(/M/g)).toHaveLength(16);
    // The bands in a key of the page's own text, low to high, and the scale's ends beside the chart.
    expect([...chart.querySelectorAll(".beat-trace__key li")].map((t) => t.textContent)).toEqual([
      "Theta 4–8\u00a0Hz",
      "Alpha 8–12\u00a0Hz",
    ]);
    expect([".beat-trace__high", ".beat-trace__low"].map((s) => chart.querySelector(s)!.textContent)).toEqual([
      "12\u00a0Hz",
      "4\u00a0Hz",
    ]);
    expect(chart.querySelector("svg")!.getAttribute("aria-labelledby")).toBe(chart.querySelector("figcaption")!.id);
    // A page without a trace (a recipe's preview) draws none.
    expect(page(outputFileFor(fieldPath(FIXTURE_SITE.fields[0]!)), fixture).querySelector(".beat-trace")).toBeNull();
    // Nor, with no panel left empty under its heading, does a master with no beat in it (an isochronic pulse).
    const silent = { seconds: 4500, points: trace.points.map((p) => ({ ...p, beats: [] })) };
    const unbeaten = await render(content, {
      previews: new Map([...previews].map(([url, preview]) => [url, { ...preview, trace: silent }])),
    });
    expect(page(outputFileFor(fieldPath(field)), unbeaten).querySelector(".field-detail__trace")).toBeNull();
  });

  it("draws every beat a field layers, each inside the chart and said in its caption with its band", async () => {
    const field = { ...FIXTURE_SITE.fields[0]!, bands: ["theta", "gamma"] as Band[] };
    const content = { ...FIXTURE_SITE, fields: [field] };
    const trace = {
      seconds: 3600,
      points: Array.from({ length: 16 }, (_, i) => ({ at: (i + 0.5) * 225, beats: [6, 40] })),
    };
    const previews = new Map([...fakePreviews(content)].map(([url, preview]) => [url, { ...preview, trace }]));
    const rendered = await render(content, { previews });
    const chart = page(outputFileFor(fieldPath(field)), rendered).querySelector(".beat-trace")!;
    expect(chart.querySelector("figcaption")!.textContent).toBe(
      "Measured across all 60 minutes: a steady 6\u00a0Hz beat (Theta) and a steady 40\u00a0Hz beat (Gamma).",
    );
    const [, , width, height] = chart.querySelector("svg")!.getAttribute("viewBox")!.split(" ").map(Number);
    const lines = [...chart.querySelectorAll(".beat-trace__line")].map((line) =>
      [...line.getAttribute("d")!.matchAll(/(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]),
    );
    expect(lines).toHaveLength(2);
    for (const points of lines)
      for (const [x, y] of points) expect(x! > 0 && x! < width! && y! > 0 && y! < height!, `${x},${y}`).toBe(true);
    // Each line level at its own rate: 6 Hz below 40 Hz.
    expect(new Set(lines.map((points) => points.map(([, y]) => y).join())).size).toBe(2);
    expect(lines[0]![0]![1]).toBeGreaterThan(lines[1]![0]![1]!);
  });

  it("every page's share metadata carries the image's alt text and the locale", () => {
    for (const [file, html] of pages) {
      const doc = parse(html);
      const alt = doc.querySelector('meta[property="og:image:alt"]')!.getAttribute("content");
      expect(doc.querySelector('meta[name="twitter:image:alt"]')!.getAttribute("content"), file).toBe(alt);
      expect(doc.querySelector('meta[property="og:locale"]')!.getAttribute("content"), file).toMatch(
        /^[a-z]{2}_[A-Z]{2}$/,
      );
    }
  });
});

describe("what a field without a beat plays, and each island's props", () => {
  it("a field with no binaural beat says what it plays instead, and asks for no headphones", async () => {
    const field = { ...FIXTURE_SITE.fields[0]!, bands: [] as Band[] };
    const content = { ...FIXTURE_SITE, fields: [field] };
    const withPulse = async (pulse?: number) => {
      const previews = new Map(
        [...fakePreviews(content)].map(([slug, p]) => [slug, { ...p, beats: [], ...(pulse && { pulse }) }]),
      );
      const pages = await render(content, { previews });
      return page(outputFileFor(fieldPath(field)), pages);
    };
    const pulsing = await withPulse(10);
    expect(pulsing.querySelector(".field-detail__trace p")!.textContent).toBe(
      fieldPage.sound.pulse.replace("{rate}", "10\u00a0Hz"),
    );
    expect(pulsing.querySelector(".beat-trace")).toBeNull();
    expect(pulsing.querySelector(".safety-note")!.textContent).not.toContain(safety.headphones);
    expect((await withPulse()).querySelector(".field-detail__trace p")!.textContent).toBe(fieldPage.sound.none);
  });

  it("every island on every page has its props right after it, as the browser reads them", () => {
    for (const [file, html] of pages)
      for (const island of parse(html).querySelectorAll("[data-island]")) {
        const block = island.nextElementSibling;
        expect(block?.matches('script[type="application/json"]'), `${file} #${island.id}`).toBe(true);
        expect(() => readIslandProps(island), `${file} #${island.id}`).not.toThrow();
      }
  });
});

describe("the maker and listeners' words", () => {
  const listeners = [
    {
      words: "Sits under my work without asking for attention.",
      who: "Sam, Leeds",
      source: "Gumroad review",
      url: "https://example.shopfront.com/l/first#reviews",
    },
    { words: "The first one I listened to the end of.", who: "A listener", source: "E-mail to the studio" },
  ];
  const maker = { name: "Ada Field", text: "I make each field at home, on headphones, over several weeks." };

  // On the tests' own content, which has neither and room for both: the owner's may have either already.
  it("are shown on About only once the owner has written them: each quote with who said it and where, linked where public", async () => {
    expect(page("about/index.html", fixture).querySelector("#listeners")).toBeNull();
    expect(page("about/index.html", fixture).querySelector("#maker")).toBeNull();

    const rendered = await render({ ...FIXTURE_SITE, maker, listeners });
    const quotes = [...page("about/index.html", rendered).querySelectorAll("#listeners figure")];
    expect(
      quotes.map((q) => [
        q.querySelector("blockquote")!.textContent,
        q.querySelector("figcaption")!.textContent,
        q.querySelector("figcaption a")?.getAttribute("href") ?? null,
      ]),
    ).toEqual([
      [listeners[0]!.words, `${listeners[0]!.who}, ${listeners[0]!.source}`, listeners[0]!.url],
      [listeners[1]!.words, `${listeners[1]!.who}, ${listeners[1]!.source}`, null],
    ]);
    const many = await render({
      ...FIXTURE_SITE,
      listeners: Array.from({ length: QUOTES_SHOWN + 2 }, (_, i) => ({
        ...listeners[1]!,
        words: `Words number ${i + 1}.`,
      })),
    });
    expect(
      [...page("about/index.html", many).querySelectorAll("#listeners blockquote")].map((q) => q.textContent),
    ).toEqual(Array.from({ length: QUOTES_SHOWN }, (_, i) => `Words number ${i + 1}.`));
    const about = page("about/index.html", rendered).querySelector("#maker")!;
    expect([about.querySelector("blockquote")!.textContent, about.querySelector("figcaption")!.textContent]).toEqual([
      maker.text,
      maker.name,
    ]);
    expect(about.querySelector("img")).toBeNull();
  });

  it("show the maker's photo beside their name when the owner gave one, sized so that nothing moves", async () => {
    const withPhoto = { ...site, maker: { ...maker, photo: "me.jpg" } };
    const photo = {
      path: "/assets/maker-240-abc.webp",
      width: 240,
      height: 240,
      alt: "",
      sources: [
        { type: "image/avif" as const, srcset: ["/assets/maker-160-abc.avif 160w", "/assets/maker-240-abc.avif 240w"] },
      ],
    };
    const covers = new Map([...fakeCovers(withPhoto), [MAKER_PHOTO, photo]]);
    const rendered = await render(withPhoto, { covers });
    const caption = page("about/index.html", rendered).querySelector("#maker figcaption")!;
    const img = caption.querySelector("img")!;
    expect([
      caption.textContent,
      img.getAttribute("alt"),
      img.getAttribute("width"),
      img.getAttribute("height"),
      img.getAttribute("loading"),
    ]).toEqual([maker.name, "", "240", "240", "lazy"]);
    expect(caption.querySelector("source")!.getAttribute("srcset")).toContain("maker-160-abc.avif 160w");
  });
});

describe("grow the studio", () => {
  const fieldFile = (field: Field) => outputFileFor(fieldPath(field));
  /** Every page of a rendering with its document. */
  const docs = (rendered: Map<string, string>) =>
    [...rendered.keys()].map((file) => [file, page(file, rendered)] as const);

  it("follows the studio with a plain form: Gumroad's address, the seller, the visitor's address with its label, one button", () => {
    for (const [file, doc] of docs(pages)) {
      const forms = [...doc.querySelectorAll("form")];
      // In the footer, but on a field's page under its product instead (one form a page).
      const isField = file.startsWith("fields/");
      expect(forms, file).toHaveLength(1);
      const form = forms[0]!;
      expect(form.closest(isField ? "main" : "footer"), file).not.toBeNull();
      if (isField) expect(doc.querySelector(".field-detail + .follow-band form")).toBe(form);
      expect(form.getAttribute("action")).toBe(FOLLOW_ACTION);
      expect(form.getAttribute("method")).toBe("post");
      expect(form.getAttribute("target")).toBe("_blank");
      const fields = [...form.querySelectorAll("input, button, select, textarea")];
      expect(fields.map((f) => [f.tagName, f.getAttribute("type"), f.getAttribute("name")])).toEqual([
        ["INPUT", "hidden", "seller_id"],
        ["INPUT", "email", "email"],
        ["BUTTON", "submit", null],
      ]);
      expect(fields[0]!.getAttribute("value")).toBe(site.storefront.sellerId);
      const email = fields[1]!;
      expect(email.getAttribute("autocomplete")).toBe("email");
      expect(email.hasAttribute("required")).toBe(true);
      const label = form.querySelector(`label[for="${email.id}"]`)!;
      expect(label.textContent).toBe(isField ? fieldPage.follow : frame.follow.title);
      // What happens to the address, said beside it and read with the field.
      const note = doc.getElementById(email.getAttribute("aria-describedby")!)!;
      expect(note.textContent).toBe(shown(frame.follow.note));
      expect(fields[2]!.textContent).toBe(frame.follow.button);
    }
  });

  it("draws no form at all while the owner has set no seller", async () => {
    const rendered = await render({ ...site, storefront: { ...site.storefront, sellerId: undefined } });
    for (const [file, doc] of docs(rendered)) expect(doc.querySelector("form, .follow-band"), file).toBeNull();
  });

  it("says on every storefront link where it was clicked, the page and the place; turned off, none does", async () => {
    const from = (rendered: Map<string, string>) =>
      new Map(
        docs(rendered).map(([file, doc]) => [
          file,
          [...doc.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')].map((a) =>
            new URL(a.getAttribute("href")!).searchParams.get("from"),
          ),
        ]),
      );
    const tagged = from(pages);
    const [first, second] = site.fields;
    expect(tagged.get("index.html")).toEqual(expect.arrayContaining(["home-card"]));
    expect(tagged.get("products/index.html")).toEqual(site.fields.map(() => "products-card"));
    expect(tagged.get("all-fields/index.html")).toEqual([
      ...site.fields.map(() => "all-fields-card"),
      "all-fields-store",
    ]);
    expect(tagged.get(fieldFile(first!))).toEqual(["field-page", "field-page-others"]);
    const list = outputFileFor(selectionPath(fieldPurpose(second!, site)!));
    expect(tagged.get(list)).toEqual(["all-fields-abundance-card", "all-fields-abundance-store"]);
    for (const [file, places] of tagged)
      expect(
        places.every((p) => p !== null),
        file,
      ).toBe(true);
    const bare = from(await render({ ...site, storefront: { ...site.storefront, from: false } }));
    expect([...bare.values()].flat().length).toBeGreaterThan(site.fields.length);
    for (const [file, places] of bare)
      expect(
        places.every((p) => p === null),
        file,
      ).toBe(true);
  });

  it("lists each purpose's and band's fields on a page of its own, linked from All Fields and from each field's page", async () => {
    const fields = twelveFields(site.fields[0]!).map((field, i) => ({
      ...field,
      purpose: ["Sleep", "Focus", undefined][i % 3],
      bands: [["delta"], ["alpha"], ["theta", "gamma"]][i % 3] as Band[],
      glide: undefined,
    }));
    const content = { ...site, fields };
    const rendered = await render(content);
    const all = page("all-fields/index.html", rendered);
    const offered = [...all.querySelectorAll<HTMLAnchorElement>(".browse a")].map((a) => a.getAttribute("href"));
    expect(offered).toEqual([
      "/all-fields/",
      "/all-fields/focus/",
      "/all-fields/sleep/",
      ...["delta", "theta", "alpha", "gamma"].map((b) => `/all-fields/${b}/`),
    ]);
    expect(all.querySelector('.browse a[aria-current="page"]')!.getAttribute("href")).toBe("/all-fields/");
    const sleep = page("all-fields/sleep/index.html", rendered);
    expect(sleep.querySelector("h1")!.textContent).toBe("Fields for Sleep");
    expect(sleep.querySelector('.browse a[aria-current="page"]')!.getAttribute("href")).toBe("/all-fields/sleep/");
    expect([...sleep.querySelectorAll(".card__title-link")].map((a) => a.textContent)).toEqual(
      fields.filter((f) => f.purpose === "Sleep").map((f) => f.title),
    );
    const theta = page("all-fields/theta/index.html", rendered);
    expect(theta.querySelector("h1")!.textContent).toBe("Theta fields");
    expect(theta.querySelectorAll(".card__title-link")).toHaveLength(4);
    // A field's page leads to its purpose's list; one without a purpose, to none.
    const more = (field: Field) => page(fieldFile(field), rendered).querySelector(".field-detail__more a");
    expect(more(fields[0]!)!.getAttribute("href")).toBe("/all-fields/sleep/");
    expect(more(fields[0]!)!.textContent).toBe("More fields for Sleep");
    expect(more(fields[2]!)).toBeNull();
  });

  it("shows a field's release day on its page, as a reader writes it and as a machine reads it", () => {
    const field = site.fields[0]!;
    const time = page(fieldFile(field)).querySelector(".field-detail__more time")!;
    expect(time.getAttribute("datetime")).toBe(field.released);
    expect(time.textContent).toBe(`Released ${dayInWords(field.released!)}`);
    expect(dayInWords("2026-03-14")).toBe("14 March 2026");
  });
});
