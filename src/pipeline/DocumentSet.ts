import { ParseResult, Schema } from "effect"
import { expected, Int32Id, mappingMessage, NonEmptyList, NonEmptyText, optionalExact } from "./Fields.js"

/** A range expands to this many ids at most: a typo like `1-2000000000` must not allocate billions of rows. */
const maxRangeSize = 100_000

const maxId = 2_147_483_647

export const DocumentId = Int32Id("a document id")

const rangePattern = /^\s*(\d+)\s*-\s*(\d+)\s*$/

const RangeText = Schema.String.pipe(Schema.pattern(rangePattern)).annotations({
  message: expected('a range of document ids like "200-260"'),
  jsonSchema: { type: "string", pattern: rangePattern.source, examples: ["200-260"] }
})

/** `"200-260"` ⇄ `{ from: 200, to: 260 }`, both ends included. */
const RangeFromString = Schema.transformOrFail(RangeText, Schema.Struct({ from: Schema.Number, to: Schema.Number }), {
  strict: true,
  decode: (text, _, ast) => {
    const [, a = "", b = ""] = rangePattern.exec(text) ?? []
    const from = Number(a)
    const to = Number(b)
    const fail = (message: string) => ParseResult.fail(new ParseResult.Type(ast, text, message))
    if (from > to) return fail(`range "${text}" runs backwards: ${from} is greater than ${to}`)
    if (from < 1) return fail(`range "${text}" starts below 1: document ids start at 1`)
    if (to > maxId) return fail(`range "${text}" ends above ${maxId}, the largest document id`)
    if (to - from + 1 > maxRangeSize) {
      return fail(`range "${text}" spans ${to - from + 1} ids; split it into ranges of at most ${maxRangeSize}`)
    }
    return ParseResult.succeed({ from, to })
  },
  encode: ({ from, to }) => ParseResult.succeed(`${from}-${to}`)
})

const strictMapping = (description: string) => ({ description, message: mappingMessage })

const IdsSet = Schema.transform(
  Schema.Struct({ ids: NonEmptyList(DocumentId, "document ids", "document id") }).annotations(
    strictMapping("Documents by id: `ids: [101, 102]`.")
  ),
  Schema.TaggedStruct("Ids", { ids: Schema.Array(Schema.Number) }),
  { strict: true, decode: ({ ids }) => ({ _tag: "Ids" as const, ids }), encode: ({ ids }) => ({ ids }) }
)

const RangeSet = Schema.transform(
  Schema.Struct({ range: RangeFromString }).annotations(
    strictMapping('Documents by an inclusive id range: `range: "200-260"`.')
  ),
  Schema.TaggedStruct("Range", { from: Schema.Number, to: Schema.Number }),
  {
    strict: true,
    decode: ({ range }) => ({ _tag: "Range" as const, from: range.from, to: range.to }),
    encode: ({ from, to }) => ({ range: { from, to } })
  }
)

const optionalText = (description: string) => optionalExact(NonEmptyText.annotations({ description }))

const WorkspaceSet = Schema.transform(
  Schema.Struct({
    workspace: Schema.Literal("all").annotations({ message: expected('"all"') }),
    doctype: optionalText("Keep only documents of this doctype, e.g. `pdf`."),
    filename: optionalText('Keep only documents whose filename matches this glob, e.g. `"*.pdf"`.')
  }).annotations(strictMapping("Every document of the organization (`workspace: all`), optionally filtered.")),
  Schema.TaggedStruct("Workspace", { doctype: optionalExact(Schema.String), filename: optionalExact(Schema.String) }),
  {
    strict: true,
    decode: ({ doctype, filename }) => ({
      _tag: "Workspace" as const,
      ...(doctype === undefined ? {} : { doctype }),
      ...(filename === undefined ? {} : { filename })
    }),
    encode: ({ doctype, filename }) => ({
      workspace: "all" as const,
      ...(doctype === undefined ? {} : { doctype }),
      ...(filename === undefined ? {} : { filename })
    })
  }
)

const FilesSet = Schema.transform(
  Schema.Struct({
    files: NonEmptyText.annotations({ description: "Glob, relative to the pipeline file's folder." })
  }).annotations(strictMapping("Local files uploaded through the upload endpoint: `files: samples/*.pdf`.")),
  Schema.TaggedStruct("Files", { pattern: Schema.String, paths: Schema.Array(Schema.String) }),
  {
    strict: true,
    decode: ({ files }) => ({ _tag: "Files" as const, pattern: files, paths: [] }),
    encode: ({ pattern }) => ({ files: pattern })
  }
)

/** One set of documents: `ids`, `range`, `workspace: all` or `files`. `Files.paths` are filled in by the loader. */
export const DocumentSet = Schema.Union(IdsSet, RangeSet, WorkspaceSet, FilesSet).annotations({
  description: "One of `ids`, `range`, `workspace: all` or `files`."
})

export type DocumentSet = typeof DocumentSet.Type

/** The key that selects each kind of set, with the keys that kind accepts; the loader uses it to explain errors. */
export const documentSetKinds = [
  { key: "ids", keys: ["ids"], ast: IdsSet.ast },
  { key: "range", keys: ["range"], ast: RangeSet.ast },
  { key: "workspace", keys: ["workspace", "doctype", "filename"], ast: WorkspaceSet.ast },
  { key: "files", keys: ["files"], ast: FilesSet.ast }
] as const
