import { Schema } from "effect"
import { BaseUrl } from "./BaseUrl.js"
import { field, mapping } from "./DefaultedFields.js"
import { DocumentSet } from "./DocumentSet.js"
import {
  described,
  duplicatesOf,
  expected,
  Flag,
  mappingMessage,
  NonEmptyList,
  NonEmptyText,
  OneOf,
  optionalExact,
  PositiveInt,
  reportHeaderNames,
  reportHeaders,
  UserIdField,
  WorkspaceIdField
} from "./Fields.js"
import { OutputSettings } from "./OutputSettings.js"
import { RunSettings } from "./RunSettings.js"

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

export type Column = Pipeline["columns"][number]
export type Chat = Pipeline["chats"][number]
