import { spawnSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frame } from "../../src/content/frame";
import { copyProject } from "../test/project-copy";
import { serveStatic, type StaticServer } from "../serve/static-server";
import { hydrated, PHONE, useBrowser, usePage, visit } from "./site";

const chromium = useBrowser();

/** In a copy of the project: the three edits the README says adding an island takes, and nothing else. */
async function addThrowawayIsland(root: string) {
  await writeFile(
    join(root, "src/islands/Throwaway.tsx"),
    `import { useState } from "react";

export function Throwaway({ label }: { label: string }) {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" className="throwaway" onClick={() => setPresses(presses + 1)}>
      {label} {presses}
    </button>
  );
}
`,
  );
  const registry = join(root, "src/islands/registry.ts");
  await writeFile(
    registry,
    (await readFile(registry, "utf8")).replace(
      "export const islands = {\n",
      'export const islands = {\n  Throwaway: () => import("./Throwaway"),\n',
    ),
  );
  const page = join(root, "src/pages/contact.tsx");
  const before = await readFile(page, "utf8");
  // The page's import of <Island>, unless it has one for an island of its own already.
  const imported = before.includes('import { Island } from "../components/Island";')
    ? before
    : before.replace(
        'import { Icon } from "../components/Icon";',
        'import { Icon } from "../components/Icon";\nimport { Island } from "../components/Island";',
      );
  const text = imported.replace(
    '      <Section id="help"',
    '      <Island name="Throwaway" props={{ label: "Pressed" }} />\n      <Section id="help"',
  );
  await writeFile(page, text);
}

describe("adding an island is its component, its line in the registry and its use in a page", () => {
  const view = usePage(chromium, { width: PHONE });
  let project: Awaited<ReturnType<typeof copyProject>>;
  let server: StaticServer;
  let built: ReturnType<typeof spawnSync>;

  beforeAll(async () => {
    project = await copyProject();
    await addThrowawayIsland(project.root);
    built = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: project.root,
      encoding: "utf8",
    });
    server = await serveStatic(join(project.root, "dist"), { headers: true });
  });
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  it("builds, with the island in a chunk of its own that the loader preloads on its page only", async () => {
    expect(built.status, String(built.stderr)).toBe(0);
    const chunk = (await readdir(join(project.root, "dist/assets"))).find((f) => f.startsWith("Throwaway-"));
    expect(chunk).toBeDefined();
    const contact = await readFile(join(project.root, "dist/contact/index.html"), "utf8");
    expect(contact).toContain(`Throwaway:["/assets/${chunk}"]`);
    expect(contact).toMatch(
      /<div id="throwaway-1" data-island="Throwaway"><button[^>]*class="throwaway"[^>]*>Pressed(<!-- -->)? (<!-- -->)?0<\/button><\/div>/,
    );
    expect(await readFile(join(project.root, "dist/about/index.html"), "utf8")).not.toContain(
      'data-island="Throwaway"',
    );
  });

  it("hydrates in the browser with the props it was rendered with, and works", async () => {
    const { page } = view;
    await visit(page, `${server.url}/contact/`);
    await hydrated(page);
    await page.locator(".throwaway").click();
    await expect.poll(() => page.locator(".throwaway").textContent()).toBe("Pressed 1");
  });
});

describe("Copy address, beside the address on Contact and in every footer", () => {
  const view = usePage(chromium, { width: PHONE });
  const noScript = usePage(chromium, { width: PHONE, js: false });

  it("copies the address to the clipboard and says so; a click before React has started is not lost", async () => {
    const { context, page } = view;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await visit(page, "/contact/", { use: false });
    const address = (await page.locator(".contact-card__address").textContent())!;
    const copy = page.locator(".contact-card .copy-address__button");
    // The visitor's first action on the page is this click: the loader keeps it and presses it again for React.
    await copy.click();
    await expect
      .poll(() => page.locator(".contact-card .copy-address__said").textContent())
      .toBe(frame.copyAddress.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  });

  it("without JavaScript shows no button, and the address stays text to select", async () => {
    const { page } = noScript;
    await visit(page, "/contact/");
    expect(
      await page.locator(".copy-address__button").evaluateAll((buttons) => buttons.map((b) => b.checkVisibility())),
    ).toEqual([false, false]);
    expect(
      await page
        .locator(".contact-card__address")
        .evaluate((p) => p.checkVisibility() && getComputedStyle(p).userSelect),
    ).toBe("all");
  });
});
