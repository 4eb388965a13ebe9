import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

export interface TreeWatcher {
  /** How many folders are watched (each has its own watcher). */
  size(): number;
  close(): void;
}

/**
 * Watches every folder under these roots, each on its own. Node's recursive watch on Linux loses a file once an
 * editor has replaced it (save by rename, sed -i); a folder's watch does not, and sees new files too.
 */
export function watchTree(roots: readonly string[], changed: (path: string) => void): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir) || /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) add(path);
        else changed(path);
      });
    } catch {
      return;
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(join(dir, entry.name));
  };
  roots.forEach(add);
  return {
    size: () => watchers.size,
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

export interface Batcher {
  add(file: string): void;
  /** Files saved since the batch now building began: a failure may be one of them half-written. */
  waiting(): number;
  /** Resolves when every batch so far has been handled. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Gathers saves into batches: a batch is handled `delayMs` after its last save, and never while the previous
 * one is still being handled. An editor's one save (truncate, write, rename) is one batch.
 */
export function batcher(delayMs: number, handle: (files: string[]) => Promise<void>): Batcher {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  return {
    add(file) {
      pending.add(file);
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(() => {
          if (pending.size === 0) return;
          const batch = [...pending].sort();
          pending.clear();
          return handle(batch);
        });
      }, delayMs);
    },
    waiting: () => pending.size,
    idle: () => running,
    close: () => clearTimeout(timer),
  };
}
