import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { documentHeaders } from "../../src/export/ResultsSheet.js"
import { reportHeaders } from "../../src/pipeline/Fields.js"
import { PipelineInvalid } from "../../src/pipeline/PipelineInvalid.js"
import { loadFrom } from "./loadFrom.js"
import { yaml } from "./TempDir.js"

const header = ["name: t", "documents:", "  - ids: [1, 2]"]
const oneColumn = ["columns:", "  - name: A", "    query: q"]
const valid = [...header, ...oneColumn]

/** Loads `text` as `p.yaml` from a temp folder and returns the problems, one `FILE:LINE:COL: message` each. */
const problemsOf = (text: string) =>
  Effect.gen(function* () {
    const error = yield* Effect.flip(loadFrom({ "p.yaml": text }))
    assert.instanceOf(error, PipelineInvalid)
    return error.message.split("\n")
  })

const cases: ReadonlyArray<{ readonly name: string; readonly text: string; readonly expected: ReadonlyArray<string> }> =
  [
    {
      name: "YAML syntax error",
      text: yaml("name: t", "documents: [", "columns:", "  - name: A"),
      expected: [
        "p.yaml:3:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]"
      ]
    },
    {
      // It was reported at 1:1, whatever line the alias stood on.
      name: "alias of an anchor never set (or set after it)",
      text: yaml("name: t", "documents:", "  - ids: *ids", ...oneColumn, "    meta: &ids { language: French }"),
      expected: ["p.yaml:3:10: YAML syntax error: alias *ids names no anchor &ids set before it"]
    },
    {
      // It said "Map keys must be unique", naming no key.
      name: "duplicate YAML key",
      text: yaml(...valid, "    query: r", "name: u"),
      expected: [
        "p.yaml:7:5: YAML syntax error: the key `query` is given twice in the same mapping; keep one",
        "p.yaml:8:1: YAML syntax error: the key `name` is given twice in the same mapping; keep one"
      ]
    },
    {
      // It said "please use YAML.parseAllDocuments()", the parser's advice to a programmer.
      name: "a second YAML document",
      text: yaml(...valid, "---", "name: u"),
      expected: [
        "p.yaml:7:1: YAML syntax error: a second YAML document starts here (`---`): a pipeline file holds one; remove the line or split the file"
      ]
    },
    {
      name: "a YAML merge key (YAML 1.1), which YAML 1.2 does not have",
      text: yaml(...header, "columns:", "  - &a { name: A, query: q }", "  - <<: *a", "    name: B"),
      expected: [
        "p.yaml:6:5: `<<` in `columns[1]`: YAML merge keys are not supported; write the keys out, or use an alias for a whole value (`meta: *common`)",
        "p.yaml:6:5: missing required key `query` in `columns[1]`"
      ]
    },
    {
      // results.csv had two "File name" columns: read by header, one passed for the other.
      name: "a column named like a column every report has",
      text: yaml(...valid, "  - name: file name", "    query: q2", '  - name: "Pages "', "    query: q3"),
      expected: [
        'p.yaml:7:11: columns[1].name: "file name" is a column every report already has (Document ID, File name, Pages): choose another name',
        'p.yaml:9:11: columns[2].name: "Pages " is a column every report already has (Document ID, File name, Pages): choose another name'
      ]
    },
    {
      name: "unknown top-level key with did-you-mean (and the key it was meant to be is missing)",
      text: yaml(...header, "colums:", "  - name: A", "    query: q"),
      expected: [
        "p.yaml:1:1: missing required key `columns`",
        "p.yaml:4:1: unknown key `colums`, did you mean `columns`?"
      ]
    },
    {
      name: "unknown top-level key without a near match",
      text: yaml(...valid, "owner: me"),
      expected: [
        "p.yaml:7:1: unknown key `owner`; expected one of `name`, `base_url`, `workspace`, `user_id`, `visibility`, `documents`, `columns`, `chats`, `run`, `output`"
      ]
    },
    {
      name: "unknown nested key",
      text: yaml(...valid, "run:", "  concurency: 4"),
      expected: ["p.yaml:8:3: unknown key `concurency` in `run`, did you mean `concurrency`?"]
    },
    {
      name: "unknown key in a column",
      text: yaml(...header, "columns:", "  - name: A", "    querry: q"),
      expected: [
        "p.yaml:5:5: missing required key `query` in `columns[0]`",
        "p.yaml:6:5: unknown key `querry` in `columns[0]`, did you mean `query`?"
      ]
    },
    {
      name: "wrong type",
      text: yaml(...valid, "run:", "  batch_size: many"),
      expected: ['p.yaml:8:15: run.batch_size: expected a positive integer, got "many"']
    },
    {
      name: "a mapping where a list belongs",
      text: yaml(...header, "columns:", "  name: A"),
      expected: ["p.yaml:5:3: columns: expected a list of columns, got a mapping"]
    },
    {
      name: "empty columns",
      text: yaml(...header, "columns: []"),
      expected: ["p.yaml:4:10: columns: expected at least one column, got an empty list"]
    },
    {
      name: "duplicate column names (case-insensitive)",
      text: yaml(...valid, "  - name: B", "    query: q2", "  - name: a", "    query: q3"),
      expected: ['p.yaml:9:11: columns[2].name: duplicate column name "a" (first at #1)']
    },
    {
      name: "bad duration",
      text: yaml(...valid, "run:", "  cell_timeout: 10 minutes"),
      expected: ['p.yaml:8:17: run.cell_timeout: expected a duration like 500ms, 2s, 10m or 1h30m, got "10 minutes"']
    },
    {
      name: "a number where a duration belongs",
      text: yaml(...valid, "run:", "  poll:", "    interval: 30"),
      expected: ["p.yaml:9:15: run.poll.interval: expected a duration like 500ms, 2s, 10m or 1h30m, got 30"]
    },
    {
      name: "zero deadline",
      text: yaml(...valid, "run: { deadline: 0s }"),
      expected: ["p.yaml:7:18: run.deadline: expected a duration longer than zero, got 0s"]
    },
    {
      // Longer ones were read, then could not be written back (`2.4e+23h`): `run` and `config` ended in a defect.
      name: "a duration too long to use",
      text: yaml(...valid, "run:", "  deadline: 9999999999999999999999d", "  cell_timeout: 100001d"),
      expected: [
        'p.yaml:8:13: run.deadline: expected a duration of at most 100000d, got "9999999999999999999999d"',
        'p.yaml:9:17: run.cell_timeout: expected a duration of at most 100000d, got "100001d"'
      ]
    },
    {
      name: "max_delay shorter than base_delay",
      text: yaml(...valid, "run:", "  retry: { base_delay: 2m, max_delay: 1m }"),
      expected: ["p.yaml:8:39: run.retry.max_delay: 1m is shorter than base_delay (2m)"]
    },
    {
      name: "range backwards",
      text: yaml("name: t", "documents:", "  - range: 260-200", ...oneColumn),
      expected: ['p.yaml:3:12: documents[0].range: range "260-200" runs backwards: 260 is greater than 200']
    },
    {
      name: "range that is not a range",
      text: yaml("name: t", "documents:", "  - range: 5", ...oneColumn),
      expected: ['p.yaml:3:12: documents[0].range: expected a range of document ids like "200-260", got 5']
    },
    {
      name: "glob that matches nothing",
      text: yaml("name: t", "documents:", "  - files: docs/*.pdf", ...oneColumn),
      expected: ['p.yaml:3:12: documents[0].files: "docs/*.pdf" matches no files (relative to ./)']
    },
    {
      name: "token in the pipeline",
      text: yaml(...valid, "token: abc123"),
      expected: [
        "p.yaml:7:1: `token` does not belong in a pipeline file: the service token comes only from DOCSWEEP_TOKEN or --token-file"
      ]
    },
    {
      name: "token nested in column meta",
      text: yaml(...valid, "    meta: { language: French, token: abc }"),
      expected: [
        "p.yaml:7:31: `token` does not belong in a pipeline file: the service token comes only from DOCSWEEP_TOKEN or --token-file"
      ]
    },
    {
      name: "bad visibility",
      text: yaml(...valid, "visibility: public"),
      expected: ['p.yaml:7:13: visibility: expected "private" or "shared", got "public"']
    },
    {
      name: "negative concurrency",
      text: yaml(...valid, "run:", "  concurrency: -4"),
      expected: ['p.yaml:8:16: run.concurrency: expected "auto" or a positive integer, got -4']
    },
    {
      name: "non-integer and non-numeric document ids",
      text: yaml("name: t", "documents:", "  - ids: [1.5, x, 3]", ...oneColumn),
      expected: [
        "p.yaml:3:11: documents[0].ids[0]: expected a document id (a positive 32-bit integer), got 1.5",
        'p.yaml:3:16: documents[0].ids[1]: expected a document id (a positive 32-bit integer), got "x"'
      ]
    },
    {
      name: "document id beyond int32",
      text: yaml("name: t", "documents:", "  - ids: [2147483648]", ...oneColumn),
      expected: ["p.yaml:3:11: documents[0].ids[0]: expected a document id (a positive 32-bit integer), got 2147483648"]
    },
    {
      name: "organization id that is not a number",
      text: yaml(...valid, "workspace: acme"),
      expected: ['p.yaml:7:12: workspace: expected an organization id (a positive 32-bit integer), got "acme"']
    },
    {
      name: "document set with two kinds",
      text: yaml("name: t", "documents:", "  - ids: [1]", "    range: 1-5", ...oneColumn),
      expected: [
        "p.yaml:4:12: documents[0].range: a document set takes only one of `ids`, `range`, `workspace`, `files`; this one has `ids` too"
      ]
    },
    {
      name: "document set with no kind",
      text: yaml("name: t", "documents:", "  - doctype: pdf", ...oneColumn),
      expected: ["p.yaml:3:5: documents[0]: expected one of `ids`, `range`, `workspace`, `files` in a document set"]
    },
    {
      name: "misspelt document set key",
      text: yaml("name: t", "documents:", "  - idz: [1]", ...oneColumn),
      expected: ["p.yaml:3:5: unknown key `idz` in `documents[0]`, did you mean `ids`?"]
    },
    {
      name: "document set that is not a mapping",
      text: yaml("name: t", "documents:", "  - 42", ...oneColumn),
      expected: [
        "p.yaml:3:5: documents[0]: expected a document set (a mapping with one of `ids`, `range`, `workspace`, `files`), got 42"
      ]
    },
    {
      name: "workspace set with a misspelt filter",
      text: yaml("name: t", "documents:", "  - workspace: all", "    filname: '*.pdf'", ...oneColumn),
      expected: ["p.yaml:4:5: unknown key `filname` in `documents[0]`, did you mean `filename`?"]
    },
    {
      name: "workspace set that is not `all`",
      text: yaml("name: t", "documents:", "  - workspace: mine", ...oneColumn),
      expected: ['p.yaml:3:16: documents[0].workspace: expected "all", got "mine"']
    },
    {
      name: "duplicate chat name",
      text: yaml(...valid, "chats:", "  - { name: Summary, messages: [a] }", "  - { name: summary, messages: [b] }"),
      expected: ['p.yaml:9:13: chats[1].name: duplicate chat name "summary" (first at #1)']
    },
    {
      name: "bad chat scope",
      text: yaml(...valid, "chats:", "  - name: S", "    scope: every", "    messages: [a]"),
      expected: ['p.yaml:9:12: chats[0].scope: expected "each" or "all", got "every"']
    },
    {
      name: "empty chat messages",
      text: yaml(...valid, "chats:", "  - name: S", "    messages: []"),
      expected: ["p.yaml:9:15: chats[0].messages: expected at least one message, got an empty list"]
    },
    {
      name: "blank chat message",
      text: yaml(...valid, "chats:", "  - name: S", '    messages: ["Summarize.", "  "]'),
      expected: ['p.yaml:9:30: chats[0].messages[1]: expected non-empty text, got "  "']
    },
    {
      name: "unknown output format",
      text: yaml(...valid, "output:", "  formats: [xlsx, pdf]"),
      expected: ['p.yaml:8:19: output.formats[1]: expected "xlsx", "csv" or "html", got "pdf"']
    },
    {
      name: "keep of zero",
      text: yaml(...valid, "output: { keep: 0 }"),
      expected: ["p.yaml:7:17: output.keep: expected a positive integer, got 0"]
    },
    {
      name: "empty query",
      text: yaml(...header, "columns:", "  - name: A", "    query:"),
      expected: ["p.yaml:6:5: columns[0].query: expected non-empty text, got nothing"]
    },
    {
      name: "name that cannot name a folder",
      text: yaml("name: ../etc", ...valid.slice(1)),
      expected: [
        "p.yaml:1:7: name: expected a name of up to 100 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit, got \"../etc\""
      ]
    },
    {
      name: "base_url that is not http(s)",
      text: yaml(...valid, "base_url: ftp://files.example.com"),
      expected: ['p.yaml:7:11: base_url: expected an http(s) URL, got "ftp://files.example.com"']
    },
    {
      // The query was shown as written when the URL also had credentials: a token put there reached the message.
      name: "base_url with credentials and a query shows neither",
      text: yaml(...valid, "base_url: http://analyst:pw@docs.example.com/api?access_token=s3cret"),
      expected: [
        'p.yaml:7:11: base_url: expected a URL without a user name or password (the token goes in DOCSWEEP_TOKEN or --token-file), got "http://***@docs.example.com/api?***"'
      ]
    },
    {
      name: "a list instead of a pipeline",
      text: yaml("- name: t"),
      expected: ["p.yaml:1:1: expected a mapping, got a list"]
    },
    {
      name: "empty file",
      text: "# nothing yet\n",
      expected: ["p.yaml:1:1: the pipeline is empty: it needs `name`, `documents` and `columns`"]
    },
    {
      name: "reports every problem at once, sorted by line",
      text: yaml(
        "name: t",
        "visibility: public",
        "documents:",
        "  - range: 9-1",
        "  - files: nothing/*",
        "columns:",
        "  - name: A",
        "    query: q",
        "  - name: A",
        "    query: q",
        "run:",
        "  concurrency: 0",
        "token: x"
      ),
      expected: [
        'p.yaml:2:13: visibility: expected "private" or "shared", got "public"',
        'p.yaml:4:12: documents[0].range: range "9-1" runs backwards: 9 is greater than 1',
        'p.yaml:5:12: documents[1].files: "nothing/*" matches no files (relative to ./)',
        'p.yaml:9:11: columns[1].name: duplicate column name "A" (first at #1)',
        'p.yaml:12:16: run.concurrency: expected "auto" or a positive integer, got 0',
        "p.yaml:13:1: `token` does not belong in a pipeline file: the service token comes only from DOCSWEEP_TOKEN or --token-file"
      ]
    }
  ]

describe("loadPipeline problems", () => {
  for (const c of cases) {
    it.scoped(c.name, () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* problemsOf(c.text), c.expected)
      })
    )
  }

  it("the column names refused are the report's own headers", () => {
    assert.deepStrictEqual(reportHeaders, documentHeaders)
  })

  it.scoped("names the file as it was given", () =>
    Effect.gen(function* () {
      const files = { "pipelines/p.yaml": yaml(...valid, "run: { batch_size: 0 }") }
      const error = yield* Effect.flip(loadFrom(files, { file: "pipelines/p.yaml" }))
      assert.strictEqual(error.message, "pipelines/p.yaml:7:20: run.batch_size: expected a positive integer, got 0")
      assert.deepStrictEqual(error.problems, [
        { file: "pipelines/p.yaml", line: 7, column: 20, message: "run.batch_size: expected a positive integer, got 0" }
      ])
    })
  )

  // Read as UTF-8, a Latin-1 "ü" became U+FFFD: the query went to the service garbled, and nothing said so.
  it.scoped("a file that is not UTF-8 is refused at its first byte that is not", () =>
    Effect.gen(function* () {
      const latin1 = Buffer.from(
        yaml(...header, "columns:", "  - name: Recht", "    query: Welches Recht gilt für ihn?"),
        "latin1"
      )
      const error = yield* Effect.flip(loadFrom({ "p.yaml": latin1 }))
      assert.strictEqual(error.message, "p.yaml:6:32: the file is not UTF-8 text (byte 0xfc): save it as UTF-8")
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(yaml(...valid), "utf16le")])
      const notepad = yield* Effect.flip(loadFrom({ "p.yaml": utf16 }))
      assert.strictEqual(notepad.message, "p.yaml:1:1: the file is not UTF-8 text (byte 0xff): save it as UTF-8")
      // A BOM and every other UTF-8 character are fine.
      const bom = `\ufeff${yaml(...header, "columns:", "  - name: Recht", "    query: Welches Recht gilt für ihn? ✓")}`
      const { loaded } = yield* loadFrom({ "p.yaml": bom })
      assert.strictEqual(loaded.pipeline.columns[0]?.query, "Welches Recht gilt für ihn? ✓")
    })
  )

  it.scoped("an unreadable pipeline", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(loadFrom({}, { file: "missing.yaml" }))
      assert.strictEqual(error.message, "missing.yaml:1:1: cannot read pipeline: no such file or directory")
      const isDir = yield* Effect.flip(loadFrom({}, { file: "." }))
      assert.strictEqual(isDir.message, ".:1:1: cannot read pipeline: is a directory")
    })
  )

  // `validate /dev/zero` read without end: 6.8 GB of memory within a minute, and no message.
  it.scoped("a pipeline file larger than 4 MiB, or one that never ends, is refused without being read whole", () =>
    Effect.gen(function* () {
      const huge = `${yaml(...valid)}# ${"x".repeat(4 * 1024 * 1024)}\n`
      // Messages only: a failed assertion on what was loaded would print megabytes.
      const messageOf = (loading: ReturnType<typeof loadFrom>) =>
        Effect.match(loading, { onFailure: (error) => error.message, onSuccess: () => "loaded" })
      const refusal = "is larger than 4 MiB, far more than a pipeline holds; it was not read (is it the right file?)"
      assert.strictEqual(yield* messageOf(loadFrom({ "p.yaml": huge })), `p.yaml:1:1: the file ${refusal}`)
      assert.strictEqual(yield* messageOf(loadFrom({}, { file: "/dev/zero" })), `/dev/zero:1:1: the file ${refusal}`)
      // Up to the limit, a file is read as before.
      const { loaded } = yield* loadFrom({ "p.yaml": `${yaml(...valid)}# ${"x".repeat(4 * 1024 * 1024 - 1024)}\n` })
      assert.strictEqual(loaded.pipeline.name, "t")
    })
  )

  it.scoped("problems in config/default.yaml are reported against it", () =>
    Effect.gen(function* () {
      const files = { "p.yaml": yaml(...valid), "defaults.yaml": yaml("run:", "  concurrency: 0", "  colour: blue") }
      const error = yield* Effect.flip(loadFrom(files, { defaultsFile: "defaults.yaml" }))
      assert.deepStrictEqual(error.message.split("\n"), [
        'defaults.yaml:2:16: run.concurrency: expected "auto" or a positive integer, got 0',
        "defaults.yaml:3:3: unknown key `colour` in `run`; expected one of `concurrency`, `max_concurrency`, `batch_size`, `max_documents_per_table`, `retry`, `poll`, `request_timeout`, `cell_timeout`, `cell_retries`, `deadline`"
      ])
    })
  )
})
