/**
 * `tsx scripts/bench/catalogue-build.ts COUNT DIR`: builds a catalogue of COUNT fields grown from the owner's into
 * DIR, as a maintainer's build runs (a process of its own, the caches on disk as they are). The bench times it.
 */
import * as esbuild from "esbuild";
import { site } from "../../src/content/site";
import { build, ownerMedia } from "../build";
import { catalogueOf } from "./catalogue";

const [count, outDir] = process.argv.slice(2);
if (!count || !outDir || !(Number(count) > 0)) throw new Error("usage: tsx scripts/bench/catalogue-build.ts COUNT DIR");
// The owner's previews and images, as their builds have them; not their fields' record: this catalogue is not theirs.
await build({ site: { ...site, fields: catalogueOf(Number(count), site.fields[0]!) }, outDir, ...ownerMedia() });
// esbuild's own process ended and waited for, so that the bench counts the CPU it used with this one's (scripts/bench/eleventy.ts).
await esbuild.stop();
