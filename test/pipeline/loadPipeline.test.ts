import { createHash } from "node:crypto"
import { mkdirSync, symlinkSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Option } from "effect"
import { deepMerge, loadPipeline } from "../../src/pipeline/loadPipeline.js"
import { PipelineInvalid } from "../../src/pipeline/PipelineInvalid.js"
import { loadFrom } from "./loadFrom.js"
import { yaml } from "./TempDir.js"

const minimal = yaml("name: t", "documents:", "  - ids: [1, 2]", "columns:", "  - name: A", "    query: q")
const repo = fileURLToPath(new URL("../../", import.meta.url))

describe("loadPipeline", () => {
  it.scoped("fills every default", () =>
    Effect.gen(function* () {
      const { dir, loaded } = yield* loadFrom({ "p.yaml": minimal })
      const p = loaded.pipeline
      assert.strictEqual(loaded.file, join(dir, "p.yaml"))
      assert.strictEqual(p.visibility, "private")
      assert.deepStrictEqual(p.documents, [{ _tag: "Ids", ids: [1, 2] }])
      assert.deepStrictEqual(p.columns, [{ name: "A", query: "q", meta: {} }])
      assert.deepStrictEqual(p.chats, [])
      assert.strictEqual(p.workspace, undefined)
      assert.strictEqual(p.user_id, undefined)
      assert.deepStrictEqual(
        {
          ...p.run,
          retry: undefined,
          poll: undefined,
          request_timeout: undefined,
          cell_timeout: undefined,
          deadline: undefined
        },
        {
          concurrency: "auto",
          max_concurrency: 1000,
          cell_retries: 2,
          retry: undefined,
          poll: undefined,
          request_timeout: undefined,
          cell_timeout: undefined,
          deadline: undefined
        }
      )
      assert.strictEqual(p.run.retry.attempts, 8)
      assert.isTrue(Duration.equals(p.run.retry.base_delay, Duration.millis(500)))
      assert.isTrue(Duration.equals(p.run.retry.max_delay, Duration.seconds(30)))
      // Polls are scheduled from what the run learns; the bounds are optional.
      assert.deepStrictEqual(p.run.poll, {})
      assert.isTrue(Duration.equals(p.run.request_timeout, Duration.seconds(60)))
      assert.isTrue(Duration.equals(p.run.cell_timeout, Duration.minutes(10)))
      assert.isTrue(Option.isNone(p.run.deadline))
      assert.deepStrictEqual(p.output, {
        dir: join(dir, "output", "t"),
        formats: ["xlsx", "csv", "html"],
        csv_bom: false,
        allow_formulas: false,
        keep: 10,
        changes: false
      })
    })
  )

  it.scoped("config/default.yaml holds the same defaults as the schema", () =>
    Effect.gen(function* () {
      const withFile = yield* loadFrom({ "p.yaml": minimal })
      const builtIn = yield* loadFrom({ "p.yaml": minimal }, { defaultsFile: null })
      const relocated = { ...builtIn.loaded.pipeline, output: { ...builtIn.loaded.pipeline.output, dir: "" } }
      assert.deepStrictEqual(
        { ...withFile.loaded.pipeline, output: { ...withFile.loaded.pipeline.output, dir: "" } },
        relocated
      )
      assert.strictEqual(withFile.loaded.keySources.get("run.concurrency"), "config/default.yaml")
      assert.strictEqual(builtIn.loaded.keySources.get("run.concurrency"), undefined)
    })
  )

  it.scoped("decodes every kind of key", () =>
    Effect.gen(function* () {
      const { dir, loaded } = yield* loadFrom(
        {
          "pipelines/full.yaml": yaml(
            "name: Full run 1",
            "base_url: https://docs.example.com/api",
            "workspace: 12",
            "user_id: 34",
            "visibility: shared",
            "documents:",
            "  - ids: [5, 6]",
            '  - range: "10-12"',
            "  - workspace: all",
            "    doctype: pdf",
            '    filename: "*.pdf"',
            "  - workspace: all",
            "  - files: docs/**/*.txt",
            "columns:",
            "  - name: Parties",
            "    query: Who are the parties?",
            "    meta: { language: French, model: fast }",
            "chats:",
            "  - name: Summary",
            "    messages: [Summarize.]",
            "  - name: Portfolio",
            "    scope: all",
            "    max_documents: 20",
            "    use_history: false",
            "    messages: [One?, Two?]",
            "run:",
            "  concurrency: 4",
            "  retry: { attempts: 3, base_delay: 250ms, max_delay: 1m30s }",
            "  poll: { interval: 200ms, max_interval: 2s }",
            "  cell_timeout: 1h",
            "  cell_retries: 0",
            "  deadline: 1h30m",
            "output:",
            "  dir: reports/full",
            "  formats: [csv]",
            "  csv_bom: true",
            "  allow_formulas: true",
            "  keep: 3",
            "  changes: true"
          ),
          "pipelines/docs/b.txt": "b",
          "pipelines/docs/a.txt": "a",
          "pipelines/docs/deep/c.txt": "c",
          "pipelines/docs/skip.md": "no"
        },
        { file: "pipelines/full.yaml" }
      )
      const p = loaded.pipeline
      assert.strictEqual(p.name, "Full run 1")
      assert.strictEqual(p.base_url, "https://docs.example.com/api")
      assert.strictEqual(p.workspace, 12)
      assert.strictEqual(p.user_id, 34)
      assert.strictEqual(p.visibility, "shared")
      assert.deepStrictEqual(p.documents, [
        { _tag: "Ids", ids: [5, 6] },
        { _tag: "Range", from: 10, to: 12 },
        { _tag: "Workspace", doctype: "pdf", filename: "*.pdf" },
        { _tag: "Workspace" },
        {
          _tag: "Files",
          pattern: "docs/**/*.txt",
          paths: ["docs/a.txt", "docs/b.txt", "docs/deep/c.txt"].map((f) => join(dir, "pipelines", f))
        }
      ])
      assert.deepStrictEqual(p.columns[0]?.meta, { language: "French", model: "fast" })
      assert.deepStrictEqual(p.chats, [
        { name: "Summary", scope: "each", messages: ["Summarize."], use_history: true, max_documents: 50 },
        { name: "Portfolio", scope: "all", messages: ["One?", "Two?"], use_history: false, max_documents: 20 }
      ])
      assert.strictEqual(p.run.concurrency, 4)
      assert.strictEqual(p.run.batch_size, undefined)
      assert.strictEqual(p.run.retry.attempts, 3)
      assert.strictEqual(Duration.toMillis(p.run.retry.base_delay), 250)
      assert.strictEqual(Duration.toMillis(p.run.retry.max_delay), 90_000)
      assert.strictEqual(Duration.toMillis(p.run.poll.interval ?? Duration.zero), 200)
      assert.strictEqual(Duration.toMillis(p.run.cell_timeout), 3_600_000)
      assert.strictEqual(p.run.cell_retries, 0)
      assert.deepStrictEqual(Option.map(p.run.deadline, Duration.toMillis), Option.some(5_400_000))
      assert.deepStrictEqual(p.output, {
        dir: join(dir, "reports", "full"),
        formats: ["csv"],
        csv_bom: true,
        allow_formulas: true,
        keep: 3,
        changes: true
      })
    })
  )

  it.scoped("hashes the file's bytes and records which file set each key", () =>
    Effect.gen(function* () {
      const text = yaml(...minimal.trimEnd().split("\n"), "run:", "  concurrency: 2")
      const { dir, loaded } = yield* loadFrom({ "p.yaml": text })
      const bytes = yield* Effect.promise(() => readFile(join(dir, "p.yaml")))
      assert.strictEqual(loaded.hash, createHash("sha256").update(bytes).digest("hex"))
      assert.match(loaded.hash, /^[0-9a-f]{64}$/)
      assert.strictEqual(loaded.keySources.get("run.concurrency"), "pipeline")
      assert.strictEqual(loaded.keySources.get("run.max_concurrency"), "config/default.yaml")
      assert.strictEqual(loaded.keySources.get("columns"), "pipeline")
      assert.strictEqual(loaded.keySources.get("run.deadline"), undefined)
    })
  )

  it.scoped("the pipeline wins over a defaults file, which wins over built-in defaults", () =>
    Effect.gen(function* () {
      const { loaded } = yield* loadFrom(
        {
          "p.yaml": yaml(...minimal.trimEnd().split("\n"), "run:", "  batch_size: 7"),
          "d.yaml": yaml("run:", "  concurrency: 3", "  batch_size: 9", "output:", "  formats: [csv]")
        },
        { defaultsFile: "d.yaml" }
      )
      assert.strictEqual(loaded.pipeline.run.concurrency, 3)
      assert.strictEqual(loaded.pipeline.run.batch_size, 7)
      // Not in either file: the built-in default (none: chosen from the columns at run time).
      assert.strictEqual(loaded.pipeline.run.max_documents_per_table, undefined)
      assert.strictEqual(loaded.pipeline.run.max_concurrency, 1000)
      assert.deepStrictEqual(loaded.pipeline.output.formats, ["csv"])
    })
  )

  it.scoped("a files glob is read from the pipeline's folder, output.dir from the working directory", () =>
    Effect.gen(function* () {
      const { dir, loaded } = yield* loadFrom(
        {
          "sub/p.yaml": yaml("name: t", "documents:", "  - files: in/*", "columns:", "  - { name: A, query: q }"),
          "sub/in/x.pdf": "x",
          "in/y.pdf": "not this one",
          "sub/in/.hidden": "nor this"
        },
        { file: "sub/p.yaml" }
      )
      assert.deepStrictEqual(loaded.pipeline.documents, [
        { _tag: "Files", pattern: "in/*", paths: [join(dir, "sub", "in", "x.pdf")] }
      ])
      assert.strictEqual(loaded.pipeline.output.dir, join(dir, "output", "t"))
    })
  )

  it.scoped("a file reached through symbolic links too is one document: the first path to it, across sets", () =>
    Effect.gen(function* () {
      const pipeline = yaml(
        "name: t",
        "documents:",
        "  - files: docs/**/*.txt",
        "  - files: mirror/*.txt",
        "columns:",
        "  - { name: A, query: q }"
      )
      const { dir, loaded } = yield* loadFrom(
        { "p.yaml": pipeline, "docs/a.txt": "a", "docs/sub/b.txt": "b", "mirror/c.txt": "c" },
        {
          before: (dir) => {
            // A link back up the tree, a link to a linked folder, a second set over linked files.
            symlinkSync("..", join(dir, "docs", "sub", "up"))
            symlinkSync(join(dir, "docs"), join(dir, "docs", "self"))
            symlinkSync(join(dir, "docs", "a.txt"), join(dir, "mirror", "a.txt"))
          }
        }
      )
      assert.deepStrictEqual(
        loaded.pipeline.documents.map((set) => (set._tag === "Files" ? set.paths : [])),
        [[join(dir, "docs", "a.txt"), join(dir, "docs", "sub", "b.txt")], [join(dir, "mirror", "c.txt")]]
      )
    })
  )

  // The glob leaves a link whose target is gone out of its matches: the document left the run without a word.
  it.scoped("a symbolic link a files glob matches whose target is gone is named, as an unreadable file is", () =>
    Effect.gen(function* () {
      const pipeline = yaml(
        "name: t",
        "documents:",
        "  - files: docs/**/*.txt",
        "  - files: ./other/*.txt",
        "  - files: gone.txt",
        "columns:",
        "  - { name: A, query: q }"
      )
      const error = yield* Effect.flip(
        loadFrom(
          { "p.yaml": pipeline, "docs/a.txt": "a", "other/c.txt": "c" },
          {
            before: (dir) => {
              symlinkSync("missing.txt", join(dir, "docs", "b.txt"))
              symlinkSync("../nowhere/x.txt", join(dir, "docs", "sub-c.txt"))
              mkdirSync(join(dir, "docs", "deep"))
              symlinkSync("../../moved/d.txt", join(dir, "docs", "deep", "d.txt"))
              symlinkSync("a.txt", join(dir, "docs", "alive.txt"))
              // Broken, but matched by no pattern: not named.
              symlinkSync("missing.pdf", join(dir, "docs", "e.pdf"))
              symlinkSync("missing.txt", join(dir, "other", ".hidden.txt"))
              symlinkSync("elsewhere.txt", join(dir, "gone.txt"))
            }
          }
        )
      )
      assert.instanceOf(error, PipelineInvalid)
      assert.deepStrictEqual(error.message.split("\n"), [
        "p.yaml:3:12: documents[0].files: cannot read docs/b.txt: a symbolic link to missing.txt, which does not exist",
        "p.yaml:3:12: documents[0].files: cannot read docs/deep/d.txt: a symbolic link to ../../moved/d.txt, which does not exist",
        "p.yaml:3:12: documents[0].files: cannot read docs/sub-c.txt: a symbolic link to ../nowhere/x.txt, which does not exist",
        "p.yaml:5:12: documents[2].files: cannot read gone.txt: a symbolic link to elsewhere.txt, which does not exist"
      ])
    })
  )

  it.effect("deepMerge merges mappings and replaces lists", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: 2 }), {
        a: { b: 1, c: [3] },
        d: 1,
        e: 2
      })
      assert.deepStrictEqual(deepMerge(undefined, { a: 1 }), { a: 1 })
      assert.deepStrictEqual(deepMerge({ a: 1 }, undefined), { a: 1 })
    })
  )
})

describe("example pipelines", () => {
  it.scoped("pipelines/example.yaml is valid (over stand-in samples)", () =>
    Effect.gen(function* () {
      const text = yield* Effect.promise(() => readFile(join(repo, "pipelines", "example.yaml"), "utf8"))
      assert.strictEqual(text.split("\n")[0], "# yaml-language-server: $schema=../config/pipeline.schema.json")
      const { loaded } = yield* loadFrom(
        {
          "pipelines/example.yaml": text,
          "pipelines/samples/nda.txt": "Mutual NDA",
          "pipelines/samples/msa.md": "# Master services agreement"
        },
        { file: "pipelines/example.yaml" }
      )
      const p = loaded.pipeline
      assert.strictEqual(p.name, "contracts-review")
      assert.strictEqual(p.visibility, "private")
      assert.strictEqual(p.run.concurrency, "auto")
      assert.deepStrictEqual(p.output.formats, ["xlsx", "csv", "html"])
      assert.isAtLeast(p.columns.length, 6)
      assert.isAtMost(p.columns.length, 10)
      assert.deepStrictEqual(
        p.chats.map((c) => [c.name, c.scope, c.messages.length]),
        [["Summary", "each", 1]]
      )
      assert.strictEqual(p.documents[0]?._tag === "Files" ? p.documents[0].paths.length : 0, 2)
    })
  )

  it.effect("pipelines/hosted.yaml is valid", () =>
    Effect.gen(function* () {
      const loaded = yield* loadPipeline("pipelines/hosted.yaml", { cwd: repo })
      assert.strictEqual(loaded.pipeline.workspace, 4021)
      assert.deepStrictEqual(
        loaded.pipeline.documents.map((d) => d._tag),
        ["Ids", "Range", "Workspace"]
      )
    })
  )
})
