import { createHash } from "node:crypto"
import { dirname, join, relative, resolve } from "node:path"
import { Effect, Either, Schema } from "effect"
import { FileTooLarge, pipelineFileLimit, readAtMost } from "./BoundedRead.js"
import { duplicatesOf, isMapping, reportHeaderNames } from "./Fields.js"
import { describeCause, resolveFileSets } from "./FileSets.js"
import { formatPath, issueProblems, type SchemaProblem } from "./IssueProblems.js"
import { packageFile } from "./PackageFiles.js"
import { PipelineInvalid, type Problem, sortProblems } from "./PipelineInvalid.js"
import { type Pipeline, PipelineSchema } from "./PipelineSchema.js"
import { locate, parseYaml, tokenProblems, type YamlSource } from "./YamlSource.js"

/** Where a key's value was written: the pipeline file or config/default.yaml (otherwise a built-in default). */
type KeySource = "pipeline" | "config/default.yaml"

export interface LoadedPipeline {
  /** Absolute path of the pipeline file. */
  readonly file: string
  /** sha256 of the file's bytes, hex. */
  readonly hash: string
  readonly pipeline: Pipeline
  /** Dotted keys (`run.concurrency`; lists count as one key) written in a file, and which one. */
  readonly keySources: ReadonlyMap<string, KeySource>
}

export interface LoadOptions {
  /** Folder relative paths are read from, `output.dir` included. Default: the process's working directory. */
  readonly cwd?: string
  /** Defaults merged under the pipeline; `null` for built-in defaults only. Default: config/default.yaml. */
  readonly defaultsFile?: string | null
}

const defaultsFilePath = packageFile("config", "default.yaml")

/** Mappings merge key by key, `over` winning; anything else (lists included) is replaced whole. */
export const deepMerge = (base: unknown, over: unknown): unknown => {
  if (over === undefined) return base
  if (!isMapping(base) || !isMapping(over)) return over
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(over)) out[key] = deepMerge(base[key], value)
  return out
}

/** Dotted paths of the leaves of a mapping; lists are leaves. */
export const leafKeys = (value: unknown, prefix = ""): ReadonlyArray<string> =>
  isMapping(value)
    ? Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix === "" ? k : `${prefix}.${k}`))
    : prefix === ""
      ? []
      : [prefix]

/**
 * Duplicate `name`s among the raw entries of `columns` and `chats`, and column names the reports already use (as the
 * schema's filters word them).
 */
const duplicateNames = (raw: unknown): ReadonlyArray<SchemaProblem> =>
  (["columns", "chats"] as const).flatMap((list) => {
    const entries: unknown = isMapping(raw) ? raw[list] : undefined
    if (!Array.isArray(entries)) return []
    const nameOf = (entry: unknown) => (isMapping(entry) && typeof entry.name === "string" ? entry.name : undefined)
    const issues =
      list === "columns"
        ? [...duplicatesOf(nameOf, "column name", "name")(entries), ...reportHeaderNames(nameOf)(entries)]
        : duplicatesOf(nameOf, "chat name", "name")(entries)
    return issues.map((issue) => {
      const path = [list, ...issue.path]
      return { path, target: "value" as const, message: `${formatPath(path)}: ${issue.message}` }
    })
  })

/** The keys a pipeline must set, so that config/default.yaml can be checked on its own. */
const stubPipeline = { name: "defaults", documents: [{ ids: [1] }], columns: [{ name: "a", query: "q" }] }

const invalid = (problems: ReadonlyArray<Problem>) => new PipelineInvalid({ problems: sortProblems(problems) })

const fileProblem = (file: string, message: string): Problem => ({ file, line: 1, column: 1, message })

/** Byte offset of the first character that is not UTF-8 (each decoded character must encode back to its bytes). */
const firstInvalidUtf8 = (bytes: Buffer): number | undefined => {
  const text = bytes.toString("utf8")
  if (Buffer.from(text, "utf8").equals(bytes)) return undefined
  let offset = 0
  for (const character of text) {
    const encoded = Buffer.from(character, "utf8")
    if (!bytes.subarray(offset, offset + encoded.length).equals(encoded)) return offset
    offset += encoded.length
  }
  return offset
}

/** A file in another encoding (Latin-1, UTF-16) would reach the service with its letters replaced by U+FFFD. */
const encodingProblems = (file: string, bytes: Buffer): ReadonlyArray<Problem> => {
  const offset = firstInvalidUtf8(bytes)
  if (offset === undefined) return []
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1
  const line = bytes.subarray(0, lineStart).filter((byte) => byte === 0x0a).length + 1
  const column = [...bytes.subarray(lineStart, offset).toString("utf8")].length + 1
  const byte = `0x${(bytes[offset] ?? 0).toString(16).padStart(2, "0")}`
  return [{ file, line, column, message: `the file is not UTF-8 text (byte ${byte}): save it as UTF-8` }]
}

const readSource = (file: string, absolute: string) =>
  readAtMost(absolute, pipelineFileLimit).pipe(
    Effect.map((bytes) => {
      const parsed = parseYaml(file, bytes.toString("utf8"))
      const encoding = encodingProblems(file, bytes)
      return { bytes, ...parsed, problems: encoding.length > 0 ? encoding : parsed.problems }
    })
  )

const toValue = (source: YamlSource) =>
  Effect.try({
    try: (): unknown => source.doc.toJS({ maxAliasCount: 1000 }),
    catch: (cause) => invalid([fileProblem(source.file, `YAML: ${describeCause(cause)}`)])
  })

const readDefaults = (cwd: string, defaultsFile: string | null | undefined) => {
  if (defaultsFile === null) return Effect.succeed(undefined)
  const absolute = defaultsFile === undefined ? defaultsFilePath : resolve(cwd, defaultsFile)
  const shown = relative(cwd, absolute)
  const file = shown === "" || shown.startsWith("..") ? absolute : shown
  return readSource(file, absolute).pipe(
    Effect.catchAll((cause) =>
      isMapping(cause) && cause.code === "ENOENT" && defaultsFile === undefined
        ? Effect.succeed(undefined)
        : Effect.fail(invalid([fileProblem(file, `cannot read defaults: ${describeCause(cause)}`)]))
    )
  )
}

/**
 * Reads, checks and decodes a pipeline file over config/default.yaml. Fails with every problem found (YAML syntax,
 * unknown keys, wrong values, globs matching nothing, a `token` key), each placed at its line and column.
 */
export const loadPipeline = Effect.fn("Pipeline.loadPipeline")(function* (file: string, options: LoadOptions = {}) {
  const cwd = options.cwd ?? process.cwd()
  const absolute = resolve(cwd, file)
  const read = yield* readSource(file, absolute).pipe(
    Effect.mapError((cause) =>
      invalid([
        fileProblem(
          file,
          cause instanceof FileTooLarge ? cause.message : `cannot read pipeline: ${describeCause(cause)}`
        )
      ])
    )
  )
  const defaults = yield* readDefaults(cwd, options.defaultsFile)
  const syntax = [...read.problems, ...(defaults?.problems ?? [])]
  const tokens = [...tokenProblems(read.source), ...(defaults === undefined ? [] : tokenProblems(defaults.source))]
  if (syntax.length > 0) return yield* Effect.fail(invalid([...syntax, ...tokens]))

  const raw = yield* toValue(read.source)
  const base = defaults === undefined ? undefined : yield* toValue(defaults.source)
  if (raw === null || raw === undefined) {
    return yield* Effect.fail(
      invalid([fileProblem(file, "the pipeline is empty: it needs `name`, `documents` and `columns`")])
    )
  }
  const place =
    (source: YamlSource) => (problem: Pick<SchemaProblem, "path" | "message"> & Partial<SchemaProblem>) => ({
      ...locate(source, problem.path, problem.target ?? "value").at,
      message: problem.message
    })
  const decode = Schema.decodeUnknownEither(PipelineSchema, { errors: "all", onExcessProperty: "error" })
  const notToken = (p: SchemaProblem) => !(p.target === "key" && String(p.path.at(-1)).toLowerCase() === "token")

  // Defaults are checked alone first (over a stub pipeline): a broken config/default.yaml is reported there, and
  // every later problem then belongs to the pipeline, even one about a key only the defaults set.
  const defaultsCheck = defaults === undefined ? Either.right(undefined) : decode(deepMerge(stubPipeline, base))
  if (defaults !== undefined && Either.isLeft(defaultsCheck)) {
    const problems = issueProblems(defaultsCheck.left.issue).filter(notToken).map(place(defaults.source))
    return yield* Effect.fail(invalid([...tokens, ...problems]))
  }
  const decoded = decode(deepMerge(base, raw))
  // A list's duplicate names are checked by a filter that runs only once every entry decodes: look for them in the
  // raw file as well, so one pass reports them with the entries' other problems.
  const schemaProblems = Either.isLeft(decoded)
    ? [...issueProblems(decoded.left.issue).filter(notToken), ...duplicateNames(raw)]
    : []
  const fileSets = yield* resolveFileSets(raw, dirname(absolute), cwd)
  const problems = [...tokens, ...[...schemaProblems, ...fileSets.problems].map(place(read.source))]
  if (problems.length > 0 || Either.isLeft(decoded)) return yield* Effect.fail(invalid(problems))

  const parsed = decoded.right
  const pipeline: Pipeline = {
    ...parsed,
    documents: parsed.documents.map((set, index) =>
      set._tag === "Files" ? { ...set, paths: fileSets.paths.get(index) ?? [] } : set
    ),
    output: { ...parsed.output, dir: resolve(cwd, parsed.output.dir ?? join("output", parsed.name)) }
  }
  const keySources = new Map<string, KeySource>([
    ...leafKeys(base).map((key) => [key, "config/default.yaml"] as const),
    ...leafKeys(raw).map((key) => [key, "pipeline"] as const)
  ])
  const hash = createHash("sha256").update(read.bytes).digest("hex")
  const loaded: LoadedPipeline = { file: absolute, hash, pipeline, keySources }
  return loaded
})
