import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";
import { mastersFolder, ROOT } from "../paths";
import { isWithin } from "../within";

/**
 * Each folder on its own: Node's recursive watch on Linux loses a file once an editor has replaced it (save by
 * rename, sed -i); a folder's watch does not, and sees new files too.
 */
export function watchTree(roots: readonly string[], changed: (path: string) => void, { nested = true } = {}) {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir) || /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) changed(path);
        else if (nested) add(path);
      });
    } catch {
      return;
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
    if (nested)
      for (const entry of readdirSync(dir, { withFileTypes: true }))
        if (entry.isDirectory()) add(join(dir, entry.name));
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

const MASTER = /\.(wav|flac|mp3)$/i;

/**
 * Only the masters in the folder are watched, each heard as the setting names it ("../masters/field.flac"): it may
 * hold gigabytes in folders of their own. The setting can change with any build, and the folder can appear after
 * the server started, so each build says which it is.
 */
export function watchMasters(changed: (file: string) => void, root = ROOT) {
  let watched: { folder: string; watcher: ReturnType<typeof watchTree> } | undefined;
  return {
    /** Watches the folder this setting names, if it is not the one watched already (and is there). */
    follow(setting: string) {
      const folder = mastersFolder(setting, root);
      if (watched?.folder === folder && watched.watcher.size() > 0) return;
      watched?.watcher.close();
      watched = undefined;
      // A folder inside the project is refused by the build, and never watched (it could be dist/ or node_modules/).
      if (isWithin(root, folder)) return;
      const named = (path: string) => `${setting.replace(/[/\\]+$/, "")}/${basename(path)}`;
      const watcher = watchTree(
        [folder],
        (path) => {
          if (MASTER.test(path)) changed(named(path));
        },
        { nested: false },
      );
      watched = { folder, watcher };
    },
    size: () => watched?.watcher.size() ?? 0,
    close() {
      watched?.watcher.close();
      watched = undefined;
    },
  };
}

/** Handled `delayMs` after the last save, never while the previous batch is: an editor's one save is one batch. */
export function batcher(delayMs: number, handle: (files: string[]) => Promise<void>) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  return {
    add(file: string) {
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
    /** Files saved since the batch now building began: a failure may be one of them half-written. */
    waiting: () => pending.size,
    /** Resolves when every batch so far has been handled. */
    idle: () => running,
    close: () => clearTimeout(timer),
  };
}
