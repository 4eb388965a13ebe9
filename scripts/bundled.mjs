/**
 * `node scripts/bundled.mjs scripts/build.ts [flags]`: runs a command's TypeScript as one file with plain Node, as
 * `npm run build` does. esbuild bundles the project's modules and the packages they import into
 * node_modules/.cache/site/bundles/, beside the list of files it was made from and a hash of them; a run whose files
 * all hash the same takes the bundle as it is, any change makes it again (about 60 ms). Transpiling each module on
 * every run, as tsx does, was most of a warm build; Node's loader reading, resolving and scanning each package's
 * files, a sixth of the rest. Plain JavaScript, so that nothing transpiles this file.
 *
 * The command runs with its own path as `process.argv[1]`, and its exported `main()` is called (a command without one
 * runs as it is imported). React runs its production build, as on the site.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";

const ROOT = join(import.meta.dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/bundled.mjs SCRIPT.ts [ARGS...]");
  process.exit(2);
}
const script = resolve(entry);
const folder = join(ROOT, "node_modules/.cache/site/bundles");
// Named for the project as well as the command: a copy of the project (the tests') shares node_modules with it.
const project = createHash("sha256").update(ROOT).digest("hex").slice(0, 8);
const name = `${relative(ROOT, script).replace(/\.tsx?$/, "").replaceAll(/[/\\]/g, "+")}-${project}`;
const bundle = join(folder, `${name}.mjs`);
const made = join(folder, `${name}.json`);

/**
 * The packages left to Node: those that load native code or files beside their own (esbuild, lightningcss, resvg,
 * sharp, rolldown, tinypool's thread entry). A package the build loads with createRequire (fontkit, subset-font) is
 * Node's too.
 */
const LEFT_TO_NODE = new Set(["esbuild", "lightningcss", "@resvg/resvg-js", "sharp", "rolldown", "tinypool"]);
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * One hash of the files' names and bytes, this file's, esbuild's version and React's build: any edit, to any module
 * the bundle holds or to how it is made, changes it.
 */
function hashOf(files) {
  const esbuild = readFileSync(join(ROOT, "node_modules/esbuild/package.json"));
  const hash = createHash("sha256").update(readFileSync(import.meta.filename)).update(esbuild);
  hash.update(`${process.env.NODE_ENV}\0`);
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(ROOT, file))).update("\0");
  return hash.digest("hex");
}

function current() {
  try {
    const { files, hash } = JSON.parse(readFileSync(made, "utf8"));
    return hashOf(files) === hash;
  } catch {
    return false;
  }
}

if (!current()) {
  const esbuild = await import("esbuild");
  const { outputFiles, metafile } = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [relative(ROOT, script)],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    plugins: [
      {
        name: "left-to-node",
        setup: (build) =>
          build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            isBuiltin(path) || LEFT_TO_NODE.has(packageOf(path)) ? { external: true } : undefined,
          ),
      },
    ],
    // For the packages written as CommonJS, which ask for Node's modules with require().
    banner: { js: 'import { createRequire as requireFrom } from "node:module"; const require = requireFrom(import.meta.url);' },
    metafile: true,
    write: false,
    logLevel: "error",
    // paths.ts finds the project from its own folder; in the bundle, that is the folder it was written in.
    define: {
      "import.meta.dirname": JSON.stringify(join(ROOT, "scripts")),
      "process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV),
    },
  });
  const files = Object.keys(metafile.inputs);
  mkdirSync(folder, { recursive: true });
  // Written whole, then named (another run may read it at any moment); the record last, so it never vouches for less.
  for (const [path, text] of [
    [bundle, outputFiles[0].contents],
    [made, JSON.stringify({ files, hash: hashOf(files) })],
  ]) {
    writeFileSync(`${path}.${process.pid}`, text);
    renameSync(`${path}.${process.pid}`, path);
  }
}

process.argv = [process.argv[0], script, ...args];
const command = await import(pathToFileURL(bundle).href);
await command.main?.();
