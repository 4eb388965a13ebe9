// Builds a catalogue of COUNT fields grown from the owner's into DIR as a maintainer's build runs (a process of its
// own, the caches on disk as they are), for the bench to time.
import { readdirSync, readFileSync } from "node:fs";
import { site } from "../../src/content/site";
import { build, ownerMedia } from "../build";
import { catalogueOf } from "./catalogue";

const [count, outDir] = process.argv.slice(2);
if (!count || !outDir || !(Number(count) > 0)) throw new Error("usage: tsx scripts/bench/catalogue-build.ts COUNT DIR");
// The owner's previews and images, as their builds have them; not their fields' record: this catalogue is not theirs.
await build({ site: { ...site, fields: catalogueOf(Number(count), site.fields[0]!) }, outDir, ...ownerMedia() });
// Until esbuild's process is reaped (stop() only signals it): the bench counts waited-for children's CPU (eleventy.ts).
const children = () =>
  readdirSync("/proc/self/task").flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean),
  );
if (children().length > 0) await (await import("esbuild")).stop();
for (let waited = 0; children().length > 0 && waited < 2000; waited += 10)
  await new Promise((resolve) => setTimeout(resolve, 10));
