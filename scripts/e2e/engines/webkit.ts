import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { AS_BUILT } from "./watched-site";
import { freePort } from "../../test/free-port";
import { pollUntil } from "../../test/poll";
import { callSource, onPath, type Engine, type EngineView, type LaunchOptions, type Viewport } from "./engine";

const DRIVER = "WebKitWebDriver";

/** The MiniBrowser that Debian's WebKitGTK installs (WebKitWebDriver drives it), found where dpkg put it. */
export function miniBrowser(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  const listed = spawnSync("dpkg", ["-L", "libwebkit2gtk-4.1-0"], { encoding: "utf8" });
  return listed.stdout?.split("\n").find((line) => line.endsWith("/MiniBrowser"));
}

/** Why WebKit cannot run here, or undefined when it can. */
export function webkitMissing(): string | undefined {
  if (!onPath(DRIVER)) return `no ${DRIVER} (apt-get install webkit2gtk-driver)`;
  if (!onPath("xvfb-run")) return "no xvfb-run to give WebKitGTK a display (apt-get install xvfb)";
  if (!miniBrowser()) return "no MiniBrowser from libwebkit2gtk-4.1-0 (apt-get install webkit2gtk-driver)";
  return undefined;
}

/** The W3C WebDriver protocol's JSON over HTTP, as much of it as the scenarios use. */
function client(origin: string) {
  return async function command<T = unknown>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value.error}: ${value.message}`);
    return value;
  };
}

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const ESCAPE = "\uE00C";
/** Xvfb's screen: wide enough for the widest view, tall enough to hold a long page whole for its screenshot. */
const SCREEN = { width: 1600, height: 12_000 };

/**
 * A WebKitWebDriver on a display of its own: it holds one session (one window) at a time. Added to `drivers` as soon
 * as it is started, so that one that never answers is stopped with the rest.
 */
async function driverOnItsOwnDisplay(
  { pulseServer, screenshots }: LaunchOptions,
  home: string,
  drivers: ChildProcess[],
) {
  const port = await freePort();
  const driver = spawn(
    "xvfb-run",
    ["-a", "-s", `-screen 0 ${SCREEN.width}x${SCREEN.height}x24`, DRIVER, `--port=${port}`, "--host=127.0.0.1"],
    {
      stdio: "ignore",
      detached: true,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: home,
        ...(pulseServer ? { PULSE_SERVER: pulseServer } : {}),
        // With no GPU, WebKitGTK composites through Mesa's llvmpipe: some 4 s of CPU after every page load,
        // a fifth of the whole suite's. Without compositing it paints in software directly, and the engine's
        // layout, scripts and media are the same; but WebDriver's screenshots come from the compositor, so
        // `npm run screenshots` keeps it.
        ...(screenshots ? {} : { WEBKIT_DISABLE_COMPOSITING_MODE: "1" }),
      },
    },
  );
  drivers.push(driver);
  const command = client(`http://127.0.0.1:${port}`);
  await pollUntil(
    `${DRIVER} to answer`,
    () => {
      if (driver.exitCode !== null) throw new Error(`${DRIVER} exited (${driver.exitCode})`);
      return command("GET", "/status").then(
        () => true,
        () => false,
      );
    },
    { ceiling: 30_000 },
  );
  return command;
}

/** Whether a screenshot has a row of pure black, which the site never draws: a tile not painted yet. */
async function hasUnpaintedRow(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const row = info.width * info.channels;
  for (let start = 0; start < data.length; start += row)
    if (data.subarray(start, start + row).every((value) => value === 0)) return true;
  return false;
}

type Command = Awaited<ReturnType<typeof driverOnItsOwnDisplay>>;

/**
 * Grows the window, when it must, until its viewport holds `inner`: the page is in a frame of its own exact
 * size, so a larger window changes nothing. Under load the window manager can drop a resize: asked again.
 */
async function growWindow(
  command: Command,
  at: string,
  run: <R>(script: string) => Promise<R>,
  inner: Viewport,
  { exactHeight = false } = {},
) {
  const ask = async () => {
    // What the window adds around the page (its toolbar), as the page itself reports it.
    const [extraWidth, extraHeight, width, height] = await run<number[]>(
      "[outerWidth - innerWidth, outerHeight - innerHeight, innerWidth, innerHeight]",
    );
    await command("POST", `${at}/window/rect`, {
      width: Math.max(width!, inner.width) + extraWidth!,
      height: (exactHeight ? inner.height : Math.max(height!, inner.height)) + extraHeight!,
    });
    return Date.now();
  };
  let asked = 0;
  await pollUntil(
    `WebKit's window to hold ${inner.width} × ${inner.height}`,
    async () => {
      if (
        await run<boolean>(`innerWidth >= ${inner.width} && innerHeight ${exactHeight ? "===" : ">="} ${inner.height}`)
      )
        return true;
      if (Date.now() - asked > 1000) asked = await ask();
      return false;
    },
    { every: 20 },
  );
}

/**
 * WebKitGTK (the engine of Safari) through its WebDriver, under a virtual display. MiniBrowser's window cannot
 * be narrower than its toolbar (about 450 px), so every view holds the page in a frame of the exact viewport size
 * inside the window (a page of the test's own, /__frame.html), and every command works inside the frame.
 */
export async function webkitEngine({ pulseServer, screenshots }: LaunchOptions): Promise<Engine> {
  const home = await mkdtemp(join(tmpdir(), "webkit-"));
  // GTK's own setting for reduced motion, which WebKitGTK reports to pages as prefers-reduced-motion.
  await mkdir(join(home, "gtk-3.0"), { recursive: true });
  await writeFile(join(home, "gtk-3.0/settings.ini"), "[Settings]\ngtk-enable-animations=0\n");
  const drivers: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  let version = "";

  return {
    name: "webkit",
    get version() {
      return version;
    },
    screenshotType: "png",
    // Each tab is a window with a driver and a display of its own.
    tabs: 4,
    async newView(site): Promise<EngineView> {
      const command = await driverOnItsOwnDisplay({ pulseServer, screenshots }, home, drivers);
      const { sessionId, capabilities } = await command<{
        sessionId: string;
        capabilities: { browserVersion: string };
      }>("POST", "/session", {
        capabilities: {
          alwaysMatch: { "webkitgtk:browserOptions": { binary: miniBrowser(), args: ["--automation"] } },
        },
      });
      cleanups.push(() => command("DELETE", `/session/${sessionId}`).catch(() => undefined));
      version = `WebKitGTK ${capabilities.browserVersion}`;
      return webkitView(command, `/session/${sessionId}`, site);
    },
    async close() {
      await Promise.all(cleanups.map((cleanup) => cleanup()));
      for (const driver of drivers) if (driver.exitCode === null) process.kill(-driver.pid!, "SIGTERM");
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A page in a session (`at`), shown in a frame of the holder page so that it can be any size. */
function webkitView(command: Command, at: string, site: Parameters<Engine["newView"]>[0]): EngineView {
  const run = <R>(script: string) =>
    command<R>("POST", `${at}/execute/async`, {
      // Async, so a returned promise is awaited the same way in every WebDriver.
      script: `const done = arguments[arguments.length - 1]; Promise.resolve(${script}).then((value) => done({ value }), (error) => done({ error: String(error) }));`,
      args: [],
    }).then((result) => {
      const { value, error } = result as { value: R; error?: string };
      if (error) throw new Error(`in WebKit: ${error}`);
      return value;
    });
  const find = async (selector: string) =>
    (await command<Record<string, string>>("POST", `${at}/element`, { using: "css selector", value: selector }))[
      ELEMENT
    ]!;
  let current: Viewport = { width: 1024, height: 768 };

  const sizeWindow = (inner: Viewport, exactHeight = false) => growWindow(command, at, run, inner, { exactHeight });
  const intoFrame = async () => command("POST", `${at}/frame`, { id: { [ELEMENT]: await find("iframe") } });
  /** The frame, and the window around it, at a size; commands then go to the page in the frame. */
  const sizeFrame = async (size: Viewport, exactHeight = false) => {
    await command("POST", `${at}/frame`, { id: null });
    await sizeWindow(size, exactHeight);
    await run(
      `Object.assign(document.querySelector("iframe"), { width: ${size.width}, height: ${size.height} }), null`,
    );
    await intoFrame();
    await pollUntil(
      `WebKit's frame to take the size ${size.width} × ${size.height}`,
      () => run<boolean>(`innerWidth === ${size.width} && innerHeight === ${size.height}`),
      { every: 20 },
    );
    // And has painted at that size: a snapshot shows what was last painted.
    await run("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
  };

  return {
    async open(path, viewport, mode = AS_BUILT) {
      current = viewport;
      const framable = { ...mode, framable: true };
      const page = new URL(await site.url(path, framable));
      const holder = new URL(await site.url("/__frame.html", framable));
      holder.search = new URLSearchParams({
        src: page.pathname + page.search + page.hash,
        width: String(viewport.width),
        height: String(viewport.height),
      }).toString();
      await command("POST", `${at}/frame`, { id: null });
      await sizeWindow(viewport);
      await command("POST", `${at}/url`, { url: holder.href });
      await intoFrame();
    },
    async resize(viewport) {
      current = viewport;
      await sizeFrame(viewport);
    },
    evaluate: (fn, arg) => run(callSource(fn, arg)),
    async click(selector) {
      // WebDriver scrolls what it clicks into view, but WebKit's driver does not scroll inside the page's frame:
      // an element below the frame's fold was "not interactable". Scrolled here first, as a visitor would.
      await run(
        `document.querySelector(${JSON.stringify(selector)}).scrollIntoView({ block: "center", behavior: "instant" }), null`,
      );
      await command("POST", `${at}/element/${await find(selector)}/click`);
    },
    async press(key) {
      const value = { Escape: ESCAPE }[key];
      await command("POST", `${at}/actions`, {
        actions: [
          {
            type: "key",
            id: "keyboard",
            actions: [
              { type: "keyDown", value },
              { type: "keyUp", value },
            ],
          },
        ],
      });
      await command("DELETE", `${at}/actions`);
    },
    async screenshot(file) {
      // WebDriver shows what the window shows: the frame (and the window) grown to the page's height first.
      const height = Math.min(await run<number>("document.documentElement.scrollHeight"), SCREEN.height - 100);
      // As tall as the frame exactly: in a taller window, WebKit's snapshot of the frame leaves the difference black.
      await sizeFrame({ width: current.width, height }, true);
      await command("POST", `${at}/frame`, { id: null });
      // A row of pure black, which the site never draws, is one WebKit did not paint: taken again until there is
      // none, so that a part-black picture is never saved.
      let png = Buffer.alloc(0);
      await pollUntil(
        `WebKit to paint the whole of ${file}`,
        async () => {
          const taken = await command<string>("GET", `${at}/element/${await find("iframe")}/screenshot`);
          png = Buffer.from(taken, "base64");
          return !(await hasUnpaintedRow(png));
        },
        { every: 250, ceiling: 30_000 },
      );
      await sizeFrame(current);
      await writeFile(file, png);
    },
  };
}
