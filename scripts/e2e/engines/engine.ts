import { spawnSync } from "node:child_process";
import type { SiteMode, WatchedSite } from "./watched-site";

export const ENGINES = ["chromium", "firefox", "webkit"] as const;
export type EngineName = (typeof ENGINES)[number];

export interface Viewport {
  width: number;
  height: number;
}

/**
 * One browser tab, driven the same way in every engine: the few things a visitor does (open, click, press a
 * key) and a way to read the page. Each engine's file speaks its own protocol behind this.
 */
export interface EngineView {
  /** Opens a path of the site, in a mode, at a viewport size, and resolves once the page has loaded. */
  open(path: string, viewport: Viewport, mode?: SiteMode): Promise<void>;
  /** Changes the viewport's size, as turning a phone or resizing a window does: the page stays. */
  resize(viewport: Viewport): Promise<void>;
  /** Runs a function in the page with one JSON argument and returns its JSON result (awaiting a promise). */
  evaluate<A, R>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>>;
  /** A real pointer click in the middle of the first element the selector finds, scrolled into view. */
  click(selector: string): Promise<void>;
  press(key: "Escape"): Promise<void>;
  /** The whole page, top to bottom, into a file. */
  screenshot(file: string): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** What the engine reports of itself: "Firefox 153.7.0esr". */
  version: string;
  /** How many tabs can work side by side (Firefox runs a tab that is not in front slowly, or not at all). */
  tabs: number;
  /** The file type its screenshots come in. */
  screenshotType: "png" | "jpeg";
  /** A tab of its own, on a site of its own (so that what each tab asks for can be told apart). */
  newView(site: WatchedSite): Promise<EngineView>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Where the suite's sound server listens (PULSE_SERVER), for engines that play only to an audio device. */
  pulseServer?: string;
  /** Whether pages will be saved as pictures (npm run screenshots), which some engines render for at a cost. */
  screenshots?: boolean;
}

/**
 * The source of a call of `fn` with `arg`, as a script every engine runs. Function source as tsx compiles it may
 * name esbuild's `__name` helper, which exists only in Node: the script defines a stand-in.
 */
export const callSource = (fn: (arg: never) => unknown, arg: unknown) =>
  `(() => { const __name = (f) => f; return (${fn.toString()})(${arg === undefined ? "" : JSON.stringify(arg)}); })()`;

/** Whether a command is on the PATH. */
export const onPath = (command: string) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
