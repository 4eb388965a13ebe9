import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Writes the whole site to a sibling folder and only then swaps it in for outDir, so a visitor (or a
 * server) never sees a half-written site, and a failure before the swap leaves the old one untouched.
 */
export async function writeSite(outDir: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
  const staging = `${outDir}.tmp-${process.pid}`;
  const previous = `${outDir}.old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    for (const [file, contents] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      const target = join(staging, file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, contents);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadPrevious = await rename(outDir, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    },
  );
  await rename(staging, outDir);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
