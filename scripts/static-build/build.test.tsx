import { selections } from "../../src/content/purposes";
import { selectionPath } from "../../src/pages/all-fields";
import { fieldPath, fieldSlug } from "../../src/content/fields";
import { COVER_SETTINGS, THUMB_SETTINGS } from "./media/covers";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentError } from "../../src/content/files";
import { islands } from "../../src/islands/registry";
import { outputFileFor } from "../../src/lib/routes";
import { pages } from "../../src/pages/index";
import type { PageModule } from "../../src/pages/types";
import { ROOT } from "../paths";
import { build, contentNotes } from "../build";
import { copyProject } from "../test/project-copy";
import { render, sine, wav } from "../test/audio-corpus";
import { FIXTURE_SITE, named, projectFolders, siteModule } from "../test/fixtures";
import { assertReplaceable, BUILD_MARKER, OutputFolderError } from "./write";
import { writeSite } from "../test/site-check";

/** The tests' own content: two fields, each with a preview the build synthesizes. */
const site = FIXTURE_SITE;
let workDir: string;
let outDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "site-build-"));
  outDir = join(workDir, "dist");
  await build({ site, outDir });
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Every file and a hash of its bytes: equal snapshots mean an untouched folder. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = await listFiles(dir);
  const hashes = await Promise.all(
    files.map(async (f) =>
      createHash("sha256")
        .update(await readFile(join(dir, f)))
        .digest("hex"),
    ),
  );
  return Object.fromEntries(files.map((f, i) => [f, hashes[i]!]));
}

describe("build", () => {
  it("writes exactly a file per page, a preview per field that has one, the islands, icons and files for hosts and crawlers", async () => {
    const files = await listFiles(outDir);
    // The site's pages, and a page of its own for each field.
    expect(files.filter((f) => f.endsWith(".html"))).toEqual(
      [...pages.map((p) => p.meta.path), ...site.fields.map(fieldPath), ...selections(site).map(selectionPath)]
        .map(outputFileFor)
        .sort(),
    );
    const others = files.filter((f) => !f.endsWith(".html")).map((f) => f.replace(/-[A-Za-z0-9]{8,10}\./, "-[hash]."));
    // A recipe's preview is named by what it is (its beat), not by its field: a field renamed keeps its file.
    const previews = site.fields.filter((f) => f.preview).map(() => "assets/preview-beat-[hash].mp3");
    expect(others.filter((f) => f.endsWith(".mp3")).sort()).toEqual(previews.sort());
    // Sorted on both sides: where a field's files fall among the others depends on its name.
    expect(others.filter((f) => !f.endsWith(".mp3")).sort()).toEqual(
      [
        ".nojekyll",
        BUILD_MARKER,
        "_headers",
        "apple-touch-icon.png",
        "assets/CopyAddress-[hash].js",
        "assets/PreviewPlayer-[hash].js",
        "assets/SamplePlayer-[hash].js",
        "assets/SiteHeader-[hash].js",
        "assets/chunk-[hash].js",
        "assets/chunk-[hash].js",
        "assets/chunk-[hash].js",
        // A drawn cover, or the owner's image in each format and size; either as a thumbnail in each format.
        ...site.fields.flatMap((f) => [
          ...(f.cover
            ? COVER_SETTINGS.widths.flatMap((w) =>
                ["avif", "webp"].map((format) => `assets/cover-${fieldSlug(f)}-${w}-[hash].${format}`),
              )
            : [`assets/cover-${fieldSlug(f)}-[hash].svg`]),
          ...THUMB_SETTINGS.widths.flatMap((w) =>
            ["avif", "webp"].map((format) => `assets/cover-${fieldSlug(f)}-${w}-[hash].${format}`),
          ),
        ]),
        "assets/eb-garamond-600-core-[hash].woff2",
        "assets/eb-garamond-600-latin-[hash].woff2",
        "assets/forced-colors-[hash].css",
        "assets/islands-[hash].js",
        "assets/print-[hash].css",
        "assets/share-[hash].png",
        ...site.fields.map((f) => `assets/share-${fieldSlug(f)}-[hash].png`).sort(),
        "favicon.ico",
        "favicon.svg",
        "feed.xml",
        "icon-192.png",
        "icon-512.png",
        "robots.txt",
        "site.webmanifest",
        "sitemap.xml",
      ].sort(),
    );
  });

  it("compiles the islands' URLs into the loader inlined in every page: the entry and React for all, each island's chunks by name", async () => {
    const assets = (await readdir(join(outDir, "assets"))).filter((f) => f.endsWith(".js"));
    const home = await readFile(join(outDir, "index.html"), "utf8");
    const loader = home.match(/<script>([^<]*)<\/script>/)![1]!;
    const list = (key: string) =>
      [...(loader.match(new RegExp(`${key}:\\[([^\\]]*)\\]`))?.[1] ?? "").matchAll(/"\/assets\/([^"]+)"/g)].map(
        (m) => m[1]!,
      );
    const [entry] = assets.filter((f) => f.startsWith("islands-"));
    expect(loader).toContain(`entry:"/assets/${entry}"`);
    expect(list("modules")[0]).toBe(entry);
    for (const name of Object.keys(islands)) {
      // An island's own chunk first, then any chunk it shares with other islands, never one every page has.
      expect(list(name)[0], name).toBe(assets.find((f) => f.startsWith(`${name}-`)));
      expect(
        list(name).filter((f) => list("modules").includes(f)),
        name,
      ).toEqual([]);
    }
    // Every script the build wrote is one some page can be told to load.
    expect(new Set([...list("modules"), ...Object.keys(islands).flatMap(list)])).toEqual(new Set(assets));
    // The loader's own code, not only its data: it marks the page as scripted.
    expect(loader).toMatch(/\.add\("js"\)/);
  });

  it("bundles React's production build for the browser", async () => {
    const scripts = await readdir(join(outDir, "assets"));
    const code = (await Promise.all(scripts.map((f) => readFile(join(outDir, "assets", f), "utf8")))).join("\n");
    // The production build replaces error texts with links to react.dev; the development build carries
    // the texts themselves, such as its DOM-nesting validation.
    expect(code).toContain("Minified React error");
    expect(code).not.toContain("In HTML, %s cannot be a child");
  });
});

describe("build: what stops it, and what it leaves as it was", () => {
  it("stops on invalid content with the file and field named, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const broken = { ...site, fields: site.fields.map((f, i) => (i === 1 ? { ...f, durationMinutes: 0 } : f)) };
    const failure = build({ site: broken, outDir });
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow('src/content/site.ts: fields[1] ("Second Fixture Field").durationMinutes');
    expect(await snapshot(outDir)).toEqual(before);
    expect(await readdir(workDir)).toEqual(["dist"]);
  });

  it("refused after making a preview from a master, writes nothing: src/ and the output as they were", async () => {
    const folders = await projectFolders(workDir);
    // A Theta beat (6 Hz), and a field that declares Alpha.
    const rate = 16_000;
    const theta = render({ rate, seconds: 6, left: [sine(rate, 200, 0.3)], right: [sine(rate, 206, 0.3)] });
    await writeFile(join(folders.masters, "theta.wav"), wav(theta));
    const wrong = {
      ...FIXTURE_SITE,
      fields: [{ ...FIXTURE_SITE.fields[0]!, bands: ["alpha" as const], preview: { file: "theta.wav" } }],
    };
    const before = await snapshot(outDir);
    await expect(build({ site: wrong, outDir, previewFolders: folders })).rejects.toThrow(
      "plays no beat in the Alpha (8–12 Hz) band the field declares",
    );
    expect(await readdir(folders.committed).catch(() => "no folder")).toBe("no folder");
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("stops on a dead internal link, naming the page, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const broken: PageModule = {
      meta: {
        path: "/broken/",
        title: "Broken",
        description: "A page with a link to nowhere, to prove the build refuses it.",
      },
      Page: () => (
        <>
          <h1>Broken</h1>
          <a href="/pricng/">Prices</a>
        </>
      ),
    };
    await expect(build({ site, outDir, pages: [...pages, broken] })).rejects.toThrow(
      'broken/index.html: links to "/pricng/"',
    );
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("stops when a page throws while rendering, naming the page, and leaves the previous output as it was", async () => {
    const before = await snapshot(outDir);
    const throwing: PageModule = {
      meta: {
        path: "/throws/",
        title: "Throws",
        description: "A page that fails to render, to prove the build stops cleanly.",
      },
      Page: () => {
        throw new Error("the field list is empty");
      },
    };
    await expect(build({ site, outDir, pages: [...pages, throwing] })).rejects.toThrow(
      "Rendering the page /throws/ failed: the field list is empty",
    );
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("from the command line: lists placeholders, and exits non-zero naming what is at fault, with the output untouched", async () => {
    // On a copy holding the tests' own content, with its example addresses.
    const copy = await copyProject();
    await writeFile(join(copy.root, "src/content/site.ts"), siteModule(FIXTURE_SITE));
    const cli = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--out", join(workDir, "cli"), ...args], {
        cwd: copy.root,
        encoding: "utf8",
        env: { ...process.env, ...env },
      });
    const built = cli({});
    expect(built.status).toBe(0);
    expect(built.stdout).toContain("Placeholders still in use");
    expect(built.stdout).toContain("src/content/site.ts: email = hello@example.com");
    const before = await snapshot(join(workDir, "cli"));

    const badOrigin = cli({ SITE_ORIGIN: "http://www.example.com" });
    expect(badOrigin.status).toBe(1);
    expect(badOrigin.stderr).toContain("SITE_ORIGIN (environment variable): origin must be the site's https origin");
    expect(badOrigin.stderr).toContain("and src/ were left as they were.");
    // a build to publish refuses the shipped example addresses.
    const deploy = cli({ SITE_ORIGIN: "https://www.equisync.studio" }, "--deploy");
    expect(deploy.status).toBe(1);
    expect(deploy.stderr).toContain(
      "src/content/site.ts: email is still a placeholder (hello@example.com): replace it before publishing",
    );
    expect(deploy.stderr).not.toContain("origin is still a placeholder");
    // A stylesheet that does not parse: its file and the line, in the file as written.
    const cards = join(copy.root, "styles/components/cards.css");
    const css = await readFile(cards, "utf8");
    await writeFile(cards, `${css}.broken >> .card {\n  color: red;\n}\n`);
    const badStyles = cli({});
    expect(badStyles.status).toBe(1);
    expect(badStyles.stderr).toContain(
      `styles: styles/components/cards.css:${css.split("\n").length}: Invalid dangling combinator in selector`,
    );
    expect(await snapshot(join(workDir, "cli"))).toEqual(before);
    await copy.remove();
  });
});

describe("build: what it keeps of the earlier output, and what it replaces", () => {
  it("keeps the earlier build's assets it no longer makes for a week after the last build that made them, for pages already open", async () => {
    const out = join(workDir, "deploys");
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const files = (...names: string[]) => new Map(names.map((name) => [name, name] as const));
    expect(await writeSite(out, files("index.html", "assets/islands-a.js"), now)).toEqual({ kept: 0, dropped: 0 });
    // A day later the chunk is made anew: the old one stays beside it; a page is never kept.
    expect(await writeSite(out, files("about/index.html", "assets/islands-b.js"), now + day)).toEqual({
      kept: 1,
      dropped: 0,
    });
    expect(await listFiles(out)).toEqual([
      BUILD_MARKER,
      "about/index.html",
      "assets/islands-a.js",
      "assets/islands-b.js",
    ]);
    // Six days after that, the first is a week past the last build that made it, and goes; the second stays a day more.
    expect(await writeSite(out, files("assets/islands-c.js"), now + 7 * day)).toEqual({ kept: 1, dropped: 1 });
    expect(await listFiles(out)).toEqual([BUILD_MARKER, "assets/islands-b.js", "assets/islands-c.js"]);
  });

  it("replaces stale files rather than adding to them", async () => {
    await writeFile(join(outDir, "stale.html"), "old");
    await build({ site, outDir });
    expect(await listFiles(outDir)).not.toContain("stale.html");
  });
});

describe("build: a content problem met while the pages are made", () => {
  it("names a title too long for its share image first, even when its page cannot be made either", async () => {
    const before = await snapshot(outDir);
    const long = { title: "Rain ".repeat(60).trim(), description: "Short." };
    const failure = build({
      site: { ...site, fields: site.fields.map((f, i) => (i === 0 ? { ...f, ...long } : f)) },
      outDir,
    });
    await expect(failure).rejects.toThrow(/src\/content\/site\.ts: fields\[0\] \("Rain Rain[^"]*"\)\.title /);
    expect(await snapshot(outDir)).toEqual(before);
  });
});

describe("build: the output folder, and a build to publish", () => {
  it("refuses to replace a folder it did not make, naming it, and leaves it as it was", async () => {
    const notes = join(workDir, "notes");
    await mkdir(join(notes, ".git"), { recursive: true });
    await writeFile(join(notes, ".git/HEAD"), "ref: refs/heads/main\n");
    await writeFile(join(notes, "notes.txt"), "keep me");
    const before = await snapshot(notes);
    const failure = build({ site, outDir: notes });
    await expect(failure).rejects.toBeInstanceOf(OutputFolderError);
    await expect(failure).rejects.toThrow(
      `Refusing to write the site into ${notes}: it is not empty (.git, notes.txt) and is not an earlier build`,
    );
    expect(await snapshot(notes)).toEqual(before);
  });

  it("never replaces the project or a folder that holds it; a new, empty or earlier output folder is fine", async () => {
    await expect(assertReplaceable(ROOT)).rejects.toThrow(
      `Refusing to write the site into ${ROOT}: that is the project itself`,
    );
    await expect(assertReplaceable(join(ROOT, "scripts", ".."))).rejects.toThrow("that is the project itself");
    await expect(assertReplaceable(dirname(ROOT))).rejects.toThrow("it holds the project");
    await expect(assertReplaceable("/")).rejects.toThrow("it holds the project");
    await expect(assertReplaceable(join(ROOT, "package.json"))).rejects.toThrow("it is a file, not a folder");
    await expect(assertReplaceable(join(workDir, "new", "site"))).resolves.toBeUndefined();
    await mkdir(join(workDir, "empty"));
    await expect(assertReplaceable(join(workDir, "empty"))).resolves.toBeUndefined();
    await expect(assertReplaceable(outDir)).resolves.toBeUndefined();
  });

  it("heals a build stopped between its renames: the previous site comes back and the leftovers go", async () => {
    const parent = join(workDir, "crashed");
    const out = join(parent, "dist");
    await build({ site, outDir: out });
    const previous = await snapshot(out);
    // What a build killed after moving the old site aside, and before moving the new one in, leaves behind.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    await cp(out, join(parent, `dist.old-${deadPid}`), { recursive: true });
    await cp(out, join(parent, `dist.tmp-${deadPid}`), { recursive: true });
    await rm(join(parent, `dist.tmp-${deadPid}`, "index.html"));
    await rm(out, { recursive: true });

    // Even a build that then fails puts the previous complete site back.
    const broken = { ...site, email: "nope" };
    await expect(build({ site: broken, outDir: out })).rejects.toBeInstanceOf(ContentError);
    expect(await snapshot(out)).toEqual(previous);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("a build to publish refuses the placeholders still in the content, and writes nothing", async () => {
    const before = await snapshot(outDir);
    const terms = {
      file: "src/content/questions.ts",
      data: { productQuestions: { questions: [{ answer: ["[[Your refund terms: whether, and how.]]"] }] } },
    };
    const failure = await build({ outDir, deploy: true, site: FIXTURE_SITE, contentFiles: [terms] }).catch((e) => e);
    expect(failure).toBeInstanceOf(ContentError);
    // The example storefront, and the terms the owner has still to write, each by its file and field.
    expect(named(failure)).toEqual(
      expect.arrayContaining([
        "src/content/site.ts: storefront.url",
        "src/content/questions.ts: productQuestions.questions[0].answer[0]",
      ]),
    );
    expect(await snapshot(outDir)).toEqual(before);
  });

  it("is reproducible: two builds of the same commit are byte-identical", async () => {
    const again = join(workDir, "again");
    await build({ site, outDir });
    await build({ site, outDir: again });
    expect(await snapshot(again)).toEqual(await snapshot(outDir));
  });
});

describe("the build's notes on the content", () => {
  const november = new Date("2026-11-27T12:00:00Z");
  it("name each field without a preview, and a copyright year that is not this year's", () => {
    const [first, second] = FIXTURE_SITE.fields;
    const { preview: _, ...withoutPreview } = second!;
    const notes = contentNotes({ ...FIXTURE_SITE, copyrightYear: 2020, fields: [first!, withoutPreview] }, november);
    expect(notes).toEqual([
      expect.stringContaining("copyrightYear is 2020, and it is 2026"),
      expect.stringContaining(`fields[1] ("${second!.title}") has no preview`),
    ]);
    expect(contentNotes({ ...FIXTURE_SITE, copyrightYear: 2026 }, november)).toEqual([]);
  });
});

describe("writeSite: where each file of the site comes from", () => {
  it("takes an asset the earlier build made under the same name without copying it, and writes one changed by hand", async () => {
    const out = join(workDir, "linked");
    const files = (chunk: string) =>
      new Map([
        ["index.html", "<p>page</p>"],
        ["assets/islands-a.js", chunk],
      ] as const);
    await writeSite(out, files("let a = 1;"));
    const chunk = join(out, "assets/islands-a.js");
    const { ino } = await stat(chunk);
    await writeSite(out, files("let a = 1;"));
    expect((await stat(chunk)).ino).toBe(ino);
    await writeFile(chunk, "let a = 12345;");
    await writeSite(out, files("let a = 1;"));
    expect(await readFile(chunk, "utf8")).toBe("let a = 1;");
    expect((await stat(join(out, "index.html"))).nlink).toBe(1);
  });

  it("copies a file of the cache into the site, so that an edit to the site leaves the cache as it was", async () => {
    const kept = join(workDir, "kept.png");
    await writeFile(kept, "picture");
    const out = join(workDir, "from-cache");
    const files = new Map([["assets/share-a-0123456789.png", { kept }]]);
    await writeSite(out, files);
    const placed = join(out, "assets/share-a-0123456789.png");
    expect(await readFile(placed, "utf8")).toBe("picture");
    await writeFile(placed, "edited");
    expect(await readFile(kept, "utf8")).toBe("picture");
    await writeSite(out, files);
    expect(await readFile(placed, "utf8")).toBe("picture");
  });
});
