/**
 * The build, run once at install time (`npm ci` and `npm install` run the package's `prepare` script, which runs
 * this): bundles the sources into plain JavaScript under `.build/` (git-ignored), which `src/cli/bin.js` runs.
 * Why a bundle: loading every module through tsx's loader costs about 90 MB and 0.6 s at every start, which a
 * 100,000-cell run under 400 MB cannot spare; esbuild is tsx's own compiler, so both read the sources alike.
 * `npm run build` after editing the sources; `npm start`, `npm run docsweep` and the tests build first.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type BuildOptions, build } from "esbuild"
import { pageScriptFile, pageStyleFile } from "./export/html/PageAssets.js"

const root = fileURLToPath(new URL("..", import.meta.url))
export const buildDir = join(root, ".build")

/** A program for Node: the CLI, and the child processes the tests start the same way (test/support/TestChildren.ts). */
export const nodeBundle: BuildOptions = {
  platform: "node",
  format: "esm",
  target: "node20",
  // Dependencies are bundled too: one file parses in about 0.6 s where Node's loader needs 1.4 s for the
  // thousand modules of effect and @effect/platform. These stay in node_modules: a native addon, packages
  // that find their own files (pdf.js's worker and fonts, Swagger UI's assets) at run time, exceljs,
  // whose zip library calls the deprecated `Buffer()` that Node tolerates silently only from node_modules, and
  // the DOCX reader's libraries, required when a DOCX is first read rather than evaluated at every start.
  external: ["better-sqlite3", "pdfjs-dist", "swagger-ui-dist", "exceljs", "mammoth", "jszip"],
  // V8 keeps a module's source text for as long as it runs (Function.prototype.toString): without comments
  // and whitespace the bundle's is 5 MB less. Names stay, so stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
  // Bundled CommonJS code calls `require`; ESM has none, so the bundle makes one.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);"
  }
}

/**
 * The CLI: a CommonJS script rather than an ES module, because Node 20 can start a script from V8's code cache
 * (`vm.Script` with `cachedData`, as src/cli/bin.js does) and has no such cache for modules; compiled code from
 * the cache starts `docsweep` in about half the time. The script has no `import()` (the cache keeps no way to
 * resolve one): its few lazily loaded packages are required. `import.meta.url` is the bundle's own address.
 */
export const cliBundle: BuildOptions = {
  ...nodeBundle,
  format: "cjs",
  define: { "import.meta.url": "bundleUrl" },
  banner: { js: 'var bundleUrl = require("node:url").pathToFileURL(__filename).href;' }
}

export const cliBundleFile = "docsweep.cjs"

/** What is built: each bundle's entry, output and options. */
export const bundles: ReadonlyArray<Bundle> = [
  { entry: "src/cli/main.ts", out: cliBundleFile, options: cliBundle },
  // The HTML report's page (src/export/html/page): its script and its style sheet, which the report writer
  // inlines into every report. Browsers from 2023 on (DecompressionStream everywhere: Safari 16.4, Firefox 113).
  {
    entry: "src/export/html/page/main.ts",
    out: pageScriptFile,
    options: { platform: "browser", format: "iife", target: ["chrome111", "firefox113", "safari16.4"], minify: true }
  },
  {
    entry: "src/export/html/page/report.css",
    out: pageStyleFile,
    // The font travels inside the style sheet as a data: URL: the report loads nothing from anywhere.
    options: { loader: { ".woff2": "dataurl" }, target: ["chrome111", "firefox113", "safari16.4"], minify: true }
  }
]

/**
 * V8 keeps a module's source as one-byte text only when every character fits Latin-1; one curly quote makes the
 * whole bundle two bytes a character (8 MB instead of 4, held for the process's life). esbuild escapes non-ASCII
 * characters in strings but leaves them in regular expression literals, where `\uXXXX` means the same character.
 */
const asciiOnly = (file: string) => {
  const text = readFileSync(file, "utf8")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every character beyond ASCII
  const escaped = text.replace(/[^\u0000-\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)
  if (escaped !== text) writeFileSync(file, escaped)
}

export interface Bundle {
  readonly entry: string
  /** Relative to `.build/`. */
  readonly out: string
  readonly options: BuildOptions
}

/** Builds bundles under `.build/`, each written aside and renamed: a run starting meanwhile never imports half a one. */
export const buildBundles = async (wanted: ReadonlyArray<Bundle>) => {
  for (const bundle of wanted) {
    const outfile = join(buildDir, bundle.out)
    const partial = `${outfile}.${process.pid}.tmp`
    mkdirSync(dirname(outfile), { recursive: true })
    await build({
      entryPoints: [join(root, bundle.entry)],
      outfile: partial,
      bundle: true,
      logLevel: "warning",
      ...bundle.options
    })
    asciiOnly(partial)
    renameSync(partial, outfile)
  }
}

/** Code caches of earlier builds (src/cli/bin.js), and the ES module bundle that came before them. */
const removeStaleCaches = () => {
  if (!existsSync(buildDir)) return
  for (const file of readdirSync(buildDir)) {
    if (/^docsweep\.cjs\..+\.cache$|^docsweep\.mjs$/.test(file)) rmSync(join(buildDir, file), { force: true })
  }
}

export const buildAll = async () => {
  await buildBundles(bundles)
  removeStaleCaches()
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildAll()
