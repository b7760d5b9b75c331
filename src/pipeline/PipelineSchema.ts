import { Duration, Schema } from "effect"
import { DocumentSet } from "./DocumentSet.js"
import { DurationFromString, formatDuration, PositiveDuration } from "./Duration.js"
import {
  described,
  duplicatesOf,
  expected,
  Flag,
  mappingMessage,
  NonEmptyList,
  NonEmptyText,
  NonNegativeInt,
  OneOf,
  optionalExact,
  PositiveInt,
  reportHeaderNames,
  reportHeaders,
  show,
  UserIdField,
  WorkspaceIdField
} from "./Fields.js"

/** An optional key with a default; the default also reaches the JSON Schema, so editors show it. */
const field = <A extends string | number | boolean | ReadonlyArray<string>, I>(
  schema: Schema.Schema<A, I>,
  value: A,
  description: string
) => Schema.optionalWith(schema.annotations({ description, default: value }), { exact: true, default: () => value })

const durationField = (schema: Schema.Schema<Duration.Duration, string>, value: Duration.Duration, about: string) =>
  Schema.optionalWith(schema.annotations({ description: about, jsonSchema: { default: formatDuration(value) } }), {
    exact: true,
    default: () => value
  })

const mapping = <F extends Schema.Struct.Fields>(fields: F, description: string) =>
  Schema.Struct(fields).annotations({ description, message: mappingMessage })

const notShorter = (longer: string, shorter: string) => (value: Record<string, unknown>) => {
  const [a, b] = [value[shorter], value[longer]]
  return !Duration.isDuration(a) || !Duration.isDuration(b) || Duration.lessThanOrEqualTo(a, b)
    ? true
    : { path: [longer], message: `${formatDuration(b)} is shorter than ${shorter} (${formatDuration(a)})` }
}

export const Retry = mapping(
  {
    attempts: field(PositiveInt, 8, "Tries of one failing service request, the first included (1 = no retry)."),
    base_delay: durationField(DurationFromString, Duration.millis(500), "First backoff delay; it doubles per retry."),
    max_delay: durationField(PositiveDuration, Duration.seconds(30), "Longest backoff delay.")
  },
  "Retry of failed service requests (network errors, 408, 429, 5xx): exponential backoff with jitter."
).pipe(Schema.filter(notShorter("max_delay", "base_delay")))

const optionalDuration = (schema: Schema.Schema<Duration.Duration, string>, description: string) =>
  optionalExact(schema.annotations({ description }))

const Poll = mapping(
  {
    interval: optionalDuration(PositiveDuration, "Shortest wait between two polls of one list (default: learned)."),
    max_interval: optionalDuration(PositiveDuration, "Longest wait between two polls of one list (default 30s).")
  },
  "Optional bounds on polling; without them polls come when enough answers are expected (learned as the run goes)."
).pipe(Schema.filter(notShorter("max_interval", "interval")))

/** `auto` or a positive whole number. */
export const Concurrency = Schema.Union(
  Schema.Literal("auto"),
  Schema.Number.pipe(Schema.int(), Schema.positive())
).annotations({
  message: expected('"auto" or a positive integer'),
  description: "Units in flight: auto (learned from the service) or a fixed number."
})

const RunSettings = mapping(
  {
    concurrency: Schema.optionalWith(Concurrency.annotations({ default: "auto" }), {
      exact: true,
      default: (): "auto" | number => "auto"
    }),
    max_concurrency: field(PositiveInt, 1000, "With concurrency auto: never more cells (and messages) in flight."),
    batch_size: optionalExact(
      PositiveInt.annotations({ description: "Most pairs in one run request (default: what the window allows)." })
    ),
    max_documents_per_table: optionalExact(
      PositiveInt.annotations({
        description: "Larger document lists are split over several AI Tables (default: about 1,000 cells a table)."
      })
    ),
    retry: Schema.optionalWith(Retry, { exact: true, default: () => Schema.decodeSync(Retry)({}) }),
    poll: Schema.optionalWith(Poll, { exact: true, default: () => Schema.decodeSync(Poll)({}) }),
    request_timeout: durationField(
      PositiveDuration,
      Duration.seconds(60),
      "One request to the service, its reply included, fails after this (and is retried)."
    ),
    cell_timeout: durationField(PositiveDuration, Duration.minutes(10), "A cell still running after this has failed."),
    cell_retries: field(NonNegativeInt, 2, "Runs again of a cell whose generation failed or timed out."),
    deadline: Schema.optionalWith(PositiveDuration.annotations({ description: "Stop the whole run after this." }), {
      exact: true,
      as: "Option"
    })
  },
  "How the run talks to the service."
)

export const Format = OneOf("xlsx", "csv", "html")

export const OutputSettings = mapping(
  {
    dir: optionalExact(
      NonEmptyText.annotations({
        description: "Report folder, relative to the working directory. Default output/<name>."
      })
    ),
    formats: field(
      NonEmptyList(Format, "formats", "format").pipe(
        Schema.filter(
          duplicatesOf((f: string) => f, "format"),
          { jsonSchema: { uniqueItems: true } }
        )
      ),
      ["xlsx", "csv", "html"],
      "Report files to write: xlsx (Excel), csv, html (one self-contained page)."
    ),
    csv_bom: field(Flag, false, "Start CSV files with a UTF-8 byte order mark (helps Excel on Windows)."),
    allow_formulas: field(Flag, false, "Keep answers starting with = + - @ as they are instead of quoting them."),
    keep: field(PositiveInt, 10, "Reports of this pipeline kept in dir, newest first; older ones are removed."),
    changes: field(Flag, false, "Add a sheet / file listing answers that changed since the previous report.")
  },
  "Where and how reports are written."
)

const columnName = (column: { readonly name: string }) => column.name

export const Column = mapping(
  {
    name: NonEmptyText.annotations({ description: "Column header in the AI Table and in reports." }),
    query: NonEmptyText.annotations({ description: "The question asked about each document." }),
    meta: Schema.optionalWith(
      Schema.Struct(
        { language: optionalExact(NonEmptyText.annotations({ description: 'Answer language, e.g. "English (US)".' })) },
        Schema.Record({ key: Schema.String, value: Schema.Unknown })
      ).annotations({ description: "Column settings passed to the service as is.", message: mappingMessage }),
      { exact: true, default: () => ({}) }
    )
  },
  "One question asked of every document."
)

export const Chat = mapping(
  {
    name: NonEmptyText.annotations({ description: "Name of this chat in reports." }),
    scope: field(
      OneOf("each", "all"),
      "each",
      "each: one single-doc session per document; all: multi-doc sessions over every document."
    ),
    messages: NonEmptyList(NonEmptyText, "messages", "message").annotations({
      description: "Sent in order; each answer is awaited before the next message."
    }),
    use_history: field(Flag, true, "Let each answer build on the earlier messages of its session."),
    max_documents: field(PositiveInt, 50, "scope all: documents per multi-doc session; more are split over sessions.")
  },
  "A chat session asked the same messages."
)

const namePattern = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/

const PipelineName = Schema.String.pipe(Schema.pattern(namePattern)).annotations({
  description: "Names the run and the default output folder output/<name>.",
  message: expected("a name of up to 100 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit")
})

/**
 * A URL as it may be shown: any `user:password@`, query and fragment replaced, so neither a password nor a token
 * put in the address reaches a log or a file.
 */
const masked = (text: string): string =>
  text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, "$1***@").replace(/[?#].*$/s, "?***")

const hasCredentials = (text: string) =>
  URL.canParse(text) && (new URL(text).username !== "" || new URL(text).password !== "")

/** A query or fragment: request paths are added to the base URL, and a secret put there would reach logs. */
const hasQuery = (text: string) => URL.canParse(text) && (new URL(text).search !== "" || new URL(text).hash !== "")

/**
 * The service's base URL. One with `user:password@`, a query or a fragment is refused (the service takes a bearer
 * token, never basic credentials or a token in the address), and the refusal shows it with those masked.
 */
export const BaseUrl = Schema.String.pipe(
  Schema.filter((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol) && !hasCredentials(s) && !hasQuery(s))
).annotations({
  description: "Service address. Without one the embedded local service is used.",
  message: (issue) => ({
    message: hasCredentials(String(issue.actual))
      ? "expected a URL without a user name or password (the token goes in DOCSWEEP_TOKEN or --token-file), " +
        `got "${masked(String(issue.actual))}"`
      : hasQuery(String(issue.actual))
        ? "expected a URL without a query or fragment (the token goes in DOCSWEEP_TOKEN or --token-file), " +
          `got "${masked(String(issue.actual))}"`
        : `expected an http(s) URL, got ${show(issue.actual)}`,
    override: true
  }),
  jsonSchema: {
    type: "string",
    format: "uri",
    pattern: "^https?://",
    description: "Service address. Without one the embedded local service is used."
  }
})

/** A pipeline file, `pipelines/*.yaml`. Unknown keys are errors (see `parseOptions`). */
export const PipelineSchema = Schema.Struct({
  name: PipelineName,
  base_url: optionalExact(BaseUrl),
  workspace: optionalExact(WorkspaceIdField.annotations({ description: "Organization (workspace) id." })),
  user_id: optionalExact(UserIdField.annotations({ description: "User id the work is done as." })),
  visibility: field(
    OneOf("private", "shared"),
    "private",
    "Visibility of the tables and sessions created (the service's own default is shared)."
  ),
  documents: NonEmptyList(DocumentSet, "document sets", "document set").annotations({
    description: "Sets of documents; a document in several sets is processed once."
  }),
  columns: NonEmptyList(Column, "columns", "column").pipe(
    Schema.filter(
      (columns) => [
        ...duplicatesOf(columnName, "column name", "name")(columns),
        ...reportHeaderNames(columnName)(columns)
      ],
      described(
        `Questions asked of every document; one AI Table column each. Names must differ, and differ from the report's own ${reportHeaders.join(", ")}.`
      )
    )
  ),
  chats: Schema.optionalWith(
    Schema.Array(Chat)
      .annotations({ description: "Chat sessions run after the table.", message: expected("a list of chats", false) })
      .pipe(
        Schema.filter(
          duplicatesOf((c: { readonly name: string }) => c.name, "chat name", "name"),
          described("Chat sessions run after the table. Names must differ.")
        )
      ),
    { exact: true, default: () => [] }
  ),
  run: Schema.optionalWith(RunSettings, { exact: true, default: () => Schema.decodeSync(RunSettings)({}) }),
  output: Schema.optionalWith(OutputSettings, { exact: true, default: () => Schema.decodeSync(OutputSettings)({}) })
}).annotations({
  title: "docsweep pipeline",
  description: "Bulk AI extraction over a document library: documents × columns, plus optional chats.",
  message: mappingMessage,
  parseOptions: { onExcessProperty: "error", errors: "all" }
})

/** A pipeline as decoded from its file, before the loader resolves `files:` globs and `output.dir`. */
type PipelineFile = typeof PipelineSchema.Type

/** A loaded pipeline: `Files.paths` absolute and sorted, `output.dir` absolute. */
export interface Pipeline extends Omit<PipelineFile, "output"> {
  readonly output: Omit<PipelineFile["output"], "dir"> & { readonly dir: string }
}

export type OutputSettings = Pipeline["output"]
export type Column = Pipeline["columns"][number]
export type Chat = Pipeline["chats"][number]
