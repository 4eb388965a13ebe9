import { describe, expect, it } from "vitest";
import { mail } from "../src/content/mail";
import { productQuestions, serviceQuestions } from "../src/content/questions";
import { sample } from "../src/content/sample";
import { site } from "../src/content/site";
import type { SiteContent } from "../src/content/types";
import { outputFileFor, createUrls } from "../src/lib/routes";
import { navRoutes, pages as allPages } from "../src/pages/index";
import { parseHtml as parse } from "./parse-html";
import { renderSite } from "./render";

const assets = {
  css: () => "body{color:red}",
  script: "console.log('loader')",
  themeColor: "#000000",
  icons: { svg: "/favicon.svg", appleTouch: "/apple-touch-icon.png" },
  manifest: "/site.webmanifest",
  shareImage: { path: "/assets/share-test.png", width: 1200, height: 630 },
};
/** A preview for each field, as the build makes them: the first an excerpt, the rest their beats. */
const previewsFor = (content: SiteContent) =>
  new Map(
    content.fields.map((f, i) => [
      f.url,
      { path: `/assets/preview-${i}.mp3`, seconds: 30, peaks: Array.from({ length: 64 }, (_, b) => (b % 7) / 7), kind: i === 0 ? ("excerpt" as const) : ("beat" as const), beats: [10] },
    ]),
  );
const render = (content: SiteContent = site) => renderSite({ site: content, assets, urls: createUrls(content), previews: previewsFor(content) });
const pages = await render();

/** The routes, each with the file it is written to, from the pages' own meta. */
const ROUTES = Object.fromEntries(navRoutes().map((r) => [r.path, outputFileFor(r.path)]));
// The specification's words: the nav must read exactly this.
const NAV = ["Home", "About", "Services", "Products", "All Fields", "Contact"];

function page(file: string): Document {
  const html = pages.get(file);
  if (!html) throw new Error(`no page ${file}`);
  return parse(html);
}

const text = (doc: Document) => doc.body.textContent!.replace(/\s+/g, " ");
const headings = (doc: Document, selector = "h2, h3") =>
  [...doc.querySelectorAll(selector)].map((h) => h.textContent!.trim());

/** The single link whose visible text starts with `label` (screen-reader-only text is ignored). */
function link(doc: Document, label: string, scope: ParentNode = doc): HTMLAnchorElement {
  const matches = [...scope.querySelectorAll("a")].filter((a) => visibleText(a).startsWith(label));
  if (matches.length !== 1) throw new Error(`expected one link "${label}", found ${matches.length}`);
  return matches[0]!;
}

function links(doc: Document, label: string): HTMLAnchorElement[] {
  return [...doc.querySelectorAll("a")].filter((a) => visibleText(a) === label);
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

function expectStorefrontLink(a: HTMLAnchorElement, href: string) {
  expect(a.getAttribute("href")).toBe(href);
  expect(a.getAttribute("target")).toBe("_blank");
  expect(a.getAttribute("rel")?.split(" ")).toContain("noopener");
  expect(a.getAttribute("rel")).not.toContain("noreferrer");
  expect(a.querySelector(".visually-hidden")?.textContent).toContain(`on ${site.storefront.name} (opens in a new tab)`);
  // Said on screen too, beside the owner's label and not in it; screen readers have it in the link already.
  const note = a.parentElement!.querySelector(".leaves__note")!;
  expect(note.textContent).toBe(`Opens ${site.storefront.name} in a new tab`);
  expect(note.getAttribute("aria-hidden")).toBe("true");
  expect(a.contains(note)).toBe(false);
}

describe("renderSite", () => {
  it("renders every page in the list and nothing else: the six routes of the specification and the 404 page", () => {
    expect(Object.keys(ROUTES)).toEqual(["/", "/about/", "/services/", "/products/", "/all-fields/", "/contact/"]);
    expect([...pages.keys()].sort()).toEqual(allPages.map((p) => outputFileFor(p.meta.path)).sort());
  });

  describe.each(Object.entries(ROUTES))("every page: %s", (route, file) => {
    const doc = page(file);

    it("is a complete document whose title names the studio", () => {
      expect(pages.get(file)!.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
      expect(doc.title).toContain(site.brand);
    });

    it("starts with a skip link to the main content and has one <h1>", () => {
      const first = doc.querySelector("a, button")!;
      expect(first.getAttribute("href")).toBe("#main");
      expect(doc.getElementById("main")?.tagName).toBe("MAIN");
      expect(doc.querySelectorAll("h1")).toHaveLength(1);
    });

    it("has the top bar: brand to /, six links in order, only this page's marked current", () => {
      const bar = doc.querySelector("header.site-header")!;
      expect(link(doc, site.brand, bar).getAttribute("href")).toBe("/");
      const navLinks = [...bar.querySelectorAll("nav a")];
      expect(navLinks.map((a) => a.textContent)).toEqual(NAV);
      const current = navLinks.filter((a) => a.getAttribute("aria-current") === "page");
      expect(current.map((a) => a.getAttribute("href"))).toEqual([route]);
      const toggle = bar.querySelector("button")!;
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      expect(doc.getElementById(toggle.getAttribute("aria-controls")!)?.tagName).toBe("NAV");
    });

    it("ships the header's props for hydration and inlines the CSS and the loader: nothing to fetch to paint", () => {
      const header = doc.querySelector('[data-island="SiteHeader"]')!;
      const props = JSON.parse(doc.getElementById(`${header.id}-props`)!.textContent!);
      expect(props.items.find((i: { current: boolean }) => i.current).href).toBe(route);
      expect(doc.querySelector("head style")!.textContent).toBe("body{color:red}");
      expect([...doc.querySelectorAll("head script:not([type])")].map((s) => s.textContent)).toEqual([assets.script]);
      expect(doc.querySelectorAll('link[rel="stylesheet"], script[src], link[rel="modulepreload"]')).toHaveLength(0);
    });

    it("has the footer: © year, tagline and the contact address as a mail link", () => {
      const footer = doc.querySelector("footer")!;
      expect(footer.textContent).toContain(`© ${site.copyrightYear}`);
      expect(footer.textContent).toContain(site.tagline);
      const contact = link(doc, site.email, footer);
      expect(decodeMailto(contact.href)).toMatchObject({ address: site.email, subject: mail.generalInquiry.subject });
    });
  });

  it("Home: hero with orbs and Explore The Fields, the fields to hear and buy, the three cards, Learn More", () => {
    const doc = page("index.html");
    expect(doc.querySelector("h1")!.textContent).toBeTruthy();
    expect(doc.querySelector(".hero__subtitle")!.textContent!.length).toBeGreaterThan(40);
    expect(doc.querySelectorAll(".hero .orb")).toHaveLength(3);
    expect(link(doc, "Explore The Fields").getAttribute("href")).toBe("/products/");
    expect(headings(doc, "#layers .card__title")).toEqual(["Binaural Beats", "Morphic Fields", "EquiSync Tech"]);
    expect(link(doc, "Learn More").getAttribute("href")).toBe("/about/");
    expect([...doc.querySelectorAll("#fields .field-card .card__title")].map((h) => h.textContent)).toEqual(site.fields.map((f) => f.title));
  });

  it("About: beats (Theta relaxation, Alpha focus), morphic fields, EquiSync, benefits, both actions", () => {
    const doc = page("about/index.html");
    expect(headings(doc)).toEqual(
      expect.arrayContaining(["Binaural beats", "Morphic fields", "The EquiSync advantage", "Theta for relaxation", "Alpha for focus"]),
    );
    expect(headings(doc, "#expect .card__title")).toEqual(["Trustworthy", "Impactful", "Effortless"]);
    expect(doc.querySelector("#expect")!.textContent).toContain("Just listen with headphones");
    expect(decodeMailto(link(doc, "Contact for More").href)).toMatchObject({
      address: site.email,
      subject: "More Information",
    });
    expect(link(doc, "View Products").getAttribute("href")).toBe("/products/");
  });

  it("Services: the custom request action, four examples with their bands, a way to products", () => {
    const doc = page("services/index.html");
    const requests = links(doc, "Request a Custom Field");
    expect(requests.length).toBeGreaterThan(0);
    for (const a of requests) expect(decodeMailto(a.href).subject).toBe("Custom Field Request");
    const examples = [...doc.querySelectorAll("#examples .card")].map((card) => ({
      title: card.querySelector(".card__title")!.textContent,
      band: card.querySelector(".eyebrow")!.textContent,
    }));
    expect(examples).toEqual([
      { title: "Deep Focus and Clarity", band: "Alpha, 8–12 Hz" },
      { title: "Energy and Vitality Boost", band: "Delta, 0.5–4 Hz" },
      { title: "Habit Transformation", band: "Multi-frequency layering" },
      { title: "Expanded Consciousness", band: "Theta–Gamma coupling" },
    ]);
    expect([...doc.querySelectorAll("main a")].some((a) => a.getAttribute("href") === "/products/")).toBe(true);
  });

  it("Products: each field with its facts and storefront link, All Fields, the personal prompt, benefits", () => {
    const doc = page("products/index.html");
    const cards = [...doc.querySelectorAll(".field-card")];
    expect(cards.map((c) => c.querySelector(".card__title")!.textContent)).toEqual(site.fields.map((f) => f.title));
    const [booster, money] = cards.map((c) => c.textContent!);
    expect(booster).toContain("60-minute audio");
    expect(booster).toContain("Alpha wave entrainment");
    expect(booster).toContain("Instant digital download");
    expect(money).toContain("90-minute audio");
    expect(money).toContain("Abundance frequency tuning");
    expect(money).toContain("Instant download");
    cards.forEach((card, i) => expectStorefrontLink(link(doc, "Access the Morphic Field", card), site.fields[i]!.url));
    expect(link(doc, "All Fields", doc.querySelector("main")!).getAttribute("href")).toBe("/all-fields/");
    expect(decodeMailto(link(doc, "Request a Personalised Field").href).subject).toBe("Custom Field Request");
    expect(headings(doc, "#benefits .card__title")).toEqual(["Instant Access", "Premium Quality", "Grounded in Science"]);
  });

  it("All Fields: the fields and All Our Products, each with a View on Gumroad link, and the custom prompt", () => {
    const doc = page("all-fields/index.html");
    const cards = [...doc.querySelectorAll("#catalogue .card")];
    expect(cards.map((c) => c.querySelector(".card__title")!.textContent)).toEqual([
      ...site.fields.map((f) => f.title),
      "All Our Products",
    ]);
    const targets = [...site.fields.map((f) => f.url), site.storefront.url];
    cards.forEach((card, i) => expectStorefrontLink(link(doc, `View on ${site.storefront.name}`, card), targets[i]!));
    expect(decodeMailto(link(doc, "Ask for a Custom Solution").href).subject).toBe("Custom Product Request");
  });

  it("Contact: Get In Touch with Send Message, the address as text, the reply time, four help cards", () => {
    const doc = page("contact/index.html");
    const card = doc.querySelector('[aria-labelledby="get-in-touch-title"]')!;
    expect(card.querySelector("h2")!.textContent).toBe("Get In Touch");
    expect(decodeMailto(link(doc, "Send Message", card).href)).toMatchObject({ address: site.email, subject: "Contact Us" });
    expect(card.querySelector(".contact-card__address")!.textContent).toBe(site.email);
    expect(card.textContent).toContain("typically come within 24 hours");
    const help = [...doc.querySelectorAll("#help .card")].map((c) => ({
      title: c.querySelector(".card__title")!.textContent,
      subject: decodeMailto(c.querySelector("a")!.href).subject,
    }));
    expect(help).toEqual([
      { title: "Custom Fields", subject: "Custom Field Request" },
      { title: "General Questions", subject: "General Question" },
      { title: "Partnerships", subject: "Partnership Inquiry" },
      { title: "Press and Media", subject: "Press Inquiry" },
    ]);
  });

  it("404: the site's frame with links back in, all site-absolute", () => {
    const doc = page("404.html");
    expect(doc.querySelector("h1")!.textContent).toContain("not here");
    expect(doc.querySelectorAll(".site-header nav a")).toHaveLength(6);
    expect(doc.querySelector('[aria-current="page"]')).toBeNull();
    expect(link(doc, "Go to the home page").getAttribute("href")).toBe("/");
    for (const el of doc.querySelectorAll("[href], [src]")) {
      const ref = el.getAttribute("href") ?? el.getAttribute("src")!;
      expect(ref).toMatch(/^(\/|#|https:|mailto:)/);
    }
  });

  it("puts the sample player on Products only (Home has the fields' own previews; About links to it), with its props and its note for browsers that cannot play it", () => {
    const withPlayer = [...pages].filter(([, html]) => parse(html).querySelector('[data-island="SamplePlayer"]')).map(([file]) => file);
    expect(withPlayer).toEqual(["products/index.html"]);
    expect(link(page("about/index.html"), "Hear one: play a binaural sample").getAttribute("href")).toBe("/products/#hear-it");
    for (const file of withPlayer) {
      const doc = page(file);
      const player = doc.querySelector('[data-island="SamplePlayer"]')!;
      expect(player.querySelector(".sample__fallback")!.textContent).toContain("needs JavaScript");
      expect([...player.querySelectorAll("input[type=radio]")].map((r) => r.getAttribute("value"))).toEqual(sample.bands.map((b) => b.id));
      expect(player.querySelector(".sample__note")!.textContent).toMatch(/stereo headphones.*volume low.*driving/i);
      expect(JSON.parse(doc.getElementById(`${player.id}-props`)!.textContent!)).toEqual({ sample });
    }
  });

  it.each(["about/index.html", "products/index.html"])("%s carries the listening-safely note", (file) => {
    const note = page(file).getElementById("listening-safely")!;
    const said = note.textContent!.toLowerCase();
    for (const point of ["stereo headphones", "volume low", "driving", "machinery", "not a substitute", "epilepsy", "pacemaker"]) {
      expect(said).toContain(point);
    }
  });

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
    expect([...subjects].sort()).toEqual(Object.values(mail).map((m) => m.subject).sort());
  });

  it("opens every external link in a new tab with noopener, and says so", () => {
    for (const html of pages.values()) {
      for (const a of parse(html).querySelectorAll<HTMLAnchorElement>('a[href^="http"]')) {
        expectStorefrontLink(a, a.getAttribute("href")!);
      }
    }
  });

  it("adds a third field to Products and All Fields from the content alone", async () => {
    const third = {
      title: "Night Drift Field",
      description: "A slow Theta session for winding down at the end of the day.",
      durationMinutes: 45,
      tuning: "Theta wave entrainment",
      format: "WAV",
      delivery: "Instant digital download",
      url: "https://example.gumroad.com/l/night-drift",
    };
    const more = await render({ ...site, fields: [...site.fields, third] });
    for (const file of ["products/index.html", "all-fields/index.html"]) {
      const doc = parse(more.get(file)!);
      const card = [...doc.querySelectorAll(".field-card")].find((c) => c.textContent!.includes(third.title));
      expect(card?.textContent).toContain("45-minute audio");
      expect(card?.querySelector(`a[href="${third.url}"]`)).not.toBeNull();
    }
    expect(parse(more.get("products/index.html")!).querySelectorAll(".field-card")).toHaveLength(3);
  });

  it.each(["index.html", "products/index.html", "all-fields/index.html"])("#13 %s: every field card has its preview, playable with no script, fetched only on Play", (file) => {
    const cards = [...page(file).querySelectorAll(".field-card")];
    expect(cards).toHaveLength(site.fields.length);
    cards.forEach((card, i) => {
      const player = card.querySelector('[data-island="PreviewPlayer"]')!;
      const audio = player.querySelector("audio")!;
      expect(audio.hasAttribute("controls")).toBe(true);
      expect(audio.getAttribute("preload")).toBe("none");
      expect(audio.getAttribute("src")).toBe(`/assets/preview-${i}.mp3`);
      expect(audio.hasAttribute("autoplay")).toBe(false);
      // The waveform is in the page: 64 bars drawn as one path.
      expect(player.querySelector(".preview__bars path")!.getAttribute("d")!.match(/M/g)).toHaveLength(64);
      expect(player.querySelector('[role="slider"]')!.getAttribute("aria-valuetext")).toBe("0:00 of 0:30");
      // Says plainly what the preview is.
      expect(card.querySelector("figcaption")!.textContent).toContain(i === 0 ? "Hear an excerpt" : "not an excerpt of the field");
    });
  });

  it("#13 #19 a field card states its format and declared bands, and a price only where the owner set one", async () => {
    const fields = [
      { ...site.fields[0]!, bands: ["alpha" as const], price: undefined },
      { ...site.fields[0]!, url: "https://shop.example/l/layered", bands: ["theta" as const, "gamma" as const], price: { amount: 24.5, currency: "EUR" } },
      { ...site.fields[0]!, url: "https://shop.example/l/none", bands: undefined, price: undefined },
    ];
    const [alpha, layered, none] = [...parse((await render({ ...site, fields })).get("products/index.html")!).querySelectorAll(".field-card")].map((c) => visibleText(c));
    expect(alpha).toContain(site.fields[0]!.format);
    expect(alpha).toContain("Alpha, 8–12 Hz beat");
    expect(alpha).not.toMatch(/[$€£]/);
    expect(layered).toContain("Theta, 4–8 Hz and Gamma, 30–40 Hz beats");
    expect(layered).toContain("€24.50");
    expect(none).not.toContain("Hz beat");
  });

  it("#14 Home says what a field is, from the content's own lengths, and how Products and All Fields differ", async () => {
    const said = text(page("index.html"));
    expect(said).toContain("A field is a 60- or 90-minute audio file you download and play on stereo headphones");
    const fields = page("index.html").querySelector("#fields")!;
    expect(link(page("index.html"), "Products", fields).getAttribute("href")).toBe("/products/");
    expect(link(page("index.html"), "All Fields", fields).getAttribute("href")).toBe("/all-fields/");
    const three = await render({ ...site, fields: [...site.fields, { ...site.fields[0]!, url: "https://example.gumroad.com/l/short", durationMinutes: 45 }] });
    expect(text(parse(three.get("index.html")!))).toContain("A field is a 45-, 60- or 90-minute audio file");
  });

  it.each([
    ["products/index.html", productQuestions],
    ["services/index.html", serviceQuestions],
  ] as const)("#14 %s answers a buyer's questions: each a <details> with its own id, facts filled in, unwritten terms marked", (file, group) => {
    const block = page(file).getElementById(group.id)!;
    expect(block.querySelector("h2")!.textContent).toBe(group.title);
    const details = [...block.querySelectorAll("details")];
    expect(details.map((d) => [d.id, d.querySelector("summary")!.textContent])).toEqual(group.questions.map((q) => [q.id, q.question]));
    const said = block.textContent!;
    expect(said).not.toMatch(/\{\w+\}|\[\[|\]\]/);
    const unwritten = [...block.querySelectorAll("mark.to-write")].map((m) => m.textContent);
    expect(unwritten.length).toBe(group.questions.flatMap((q) => q.answer).filter((a) => a.includes("[[")).length);
    for (const mark of unwritten) expect(mark).toMatch(/^Still to be written: \S/);
  });

  it("#14 Products' answers state the fields' real format and lengths", () => {
    const answer = page("products/index.html").getElementById("download")!.textContent!;
    expect(answer).toContain(`(${site.fields[0]!.format})`);
    expect(answer).toContain("60 or 90 minutes long");
    expect(answer).toContain(site.storefront.name);
  });

  it("#14 reads in order: a card's label comes after its heading in the source, and every closing panel has an id to link to", () => {
    for (const [file, html] of pages) {
      const d = parse(html);
      for (const label of d.querySelectorAll(".card__label")) expect(label.previousElementSibling?.matches(".card__title"), `${file}: ${label.textContent}`).toBe(true);
      for (const panel of d.querySelectorAll(".callout-wrap")) expect(`${panel.id}-title`, file).toBe(panel.getAttribute("aria-labelledby"));
    }
    expect(page("products/index.html").querySelectorAll(".card__label").length).toBeGreaterThan(1);
  });

  it("#14 describes listening, and claims no social proof: what is established about the beat is said, and what is not", () => {
    for (const [file, html] of pages) expect(text(parse(html)), file).not.toMatch(/choose us|listeners (often|have asked|find|say|report)|\bproven\b|clinically|\bcures?\b/i);
    expect(page("products/index.html").getElementById("benefits")!.textContent).toMatch(/measurable effect of hearing.*mixed/);
    expect(page("about/index.html").getElementById("binaural-beats")!.textContent).toMatch(/mixed/);
  });

  it("keeps prices, ratings and testimonials off the site", () => {
    for (const [file, html] of pages) {
      const said = text(parse(html));
      expect(said, file).not.toMatch(/[$€£]\s?\d|\bUSD\b|★|\brating\b|\btestimonial/i);
    }
  });
});
