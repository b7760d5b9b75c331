import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Exit, Option } from "effect"
import { progressLines, progressSummary } from "../../src/cli/ProgressDisplay.js"
import { renderDiff } from "../../src/cli/StatusText.js"
import { parseTtl, ttlOf } from "../../src/cli/TtlArg.js"
import { initialProgress } from "../../src/runner/Progress.js"
import { columnChanges } from "../../src/store/ColumnChanges.js"
import { allOutput, latencyRun, makeWorkspace, runCli } from "./CliHarness.js"

const change = { documentId: 1, filename: "a.txt", column: "Law", before: "Ohio", after: "Utah" }

describe("what a careful user reads", () => {
  // Each skipped file was printed twice: in the note line (the run's note, as the checkpoint keeps it) and below.
  it.scopedLive("the end of a run names each skipped file once, on its own line; status keeps it in the note", () =>
    Effect.gen(function* () {
      const ws = yield* makeWorkspace({ name: "skipped-once", count: 2 })
      for (const name of ["blank.txt", "empty.txt"]) writeFileSync(join(ws.dir, "docs", name), "")
      const result = yield* runCli(latencyRun(ws, 1), { cwd: ws.dir })
      assert.strictEqual(result.code, 0, allOutput(result))
      const reason = "Cannot extract text from txt: the file is empty (0 bytes)"
      assert.deepStrictEqual(
        result.stdout.split("\n").filter((line) => line.includes(".txt")),
        ["blank.txt", "empty.txt"].map((name) => `  skipped ${join(ws.dir, "docs", name)}: ${reason}`)
      )
      const status = yield* runCli(["status", ws.pipeline, "--output", ws.out], { cwd: ws.dir })
      assert.include(status.stdout, `skipped ${join(ws.dir, "docs", "empty.txt")}: ${reason}`)
    })
  )

  it("diff counts its changes in words: no answers, 1 answer, 2 answers", () => {
    assert.strictEqual(renderDiff(1, 2, [], undefined), "no answers changed between run #1 and run #2")
    assert.match(renderDiff(1, 2, [change], undefined), /^1 answer changed between run #1 and run #2:/)
    assert.match(renderDiff(1, 2, [change, { ...change, documentId: 2 }], undefined), /^2 answers changed between/)
  })

  it("diff names the documents that left or joined the pipeline, with what they were uploaded as", () => {
    const documents = {
      removed: [
        { documentId: 4, filename: "d.txt" },
        { documentId: 5, filename: "e\u001b[2J.txt" }
      ],
      added: [{ documentId: 6, filename: "f.txt" }]
    }
    assert.strictEqual(
      renderDiff(1, 2, [], documents),
      [
        "no answers changed between run #1 and run #2",
        "",
        "2 documents left the pipeline:",
        "  - d.txt (#4)",
        "  - e\\x1b[2J.txt (#5)",
        "",
        "1 document joined the pipeline:",
        "  + f.txt (#6)"
      ].join("\n")
    )
    assert.notInclude(renderDiff(1, 2, [], { removed: [], added: [] }), "pipeline")
  })

  it("diff names the columns that left, joined, were renamed or ask a new query", () => {
    const law = { name: "Law", query: "Which law governs?", meta: { language: "en", model: "a" } }
    const columns = columnChanges(
      [
        law,
        { name: "Notice", query: "Notice period?", meta: {} },
        { name: "Fees", query: "Fees?", meta: {} },
        { name: "Parties", query: "Who signs?", meta: {} },
        { name: "Term", query: "How long?", meta: {} }
      ],
      [
        // Meta keys in another order ask the same; a new name asking the same is a rename, one asking something
        // else is not, and two new names asking what one old one asked cannot be told apart.
        { ...law, meta: { model: "a", language: "en" } },
        { name: "Termination notice", query: "Notice period?", meta: {} },
        { name: "Fees", query: "What fees are\npayable?", meta: {} },
        { name: "Signatories", query: "Who signs?", meta: {} },
        { name: "Signers", query: "Who signs?", meta: {} },
        { name: "Duration", query: "How long is the term?", meta: {} }
      ]
    )
    assert.deepStrictEqual(columns, {
      added: ["Signatories", "Signers", "Duration"],
      removed: ["Parties", "Term"],
      renamed: [{ from: "Notice", to: "Termination notice" }],
      requeried: [{ name: "Fees", before: "Fees?", after: "What fees are\npayable?" }]
    })
    assert.strictEqual(
      renderDiff(1, 2, [], undefined, columns),
      [
        "no answers changed between run #1 and run #2",
        "",
        "2 columns left the pipeline (their answers are no longer reported):",
        "  - Parties",
        "  - Term",
        "",
        "3 columns joined the pipeline:",
        "  + Signatories",
        "  + Signers",
        "  + Duration",
        "",
        "1 column renamed (same query and meta):",
        "  ~ Notice → Termination notice",
        "",
        "1 column asks a new query:",
        "  ~ Fees: Fees? → What fees are payable?"
      ].join("\n")
    )
    assert.strictEqual(columnChanges(undefined, [law]), undefined, "a run that recorded no columns tells nothing")
    assert.notInclude(renderDiff(1, 2, [], undefined, columnChanges([law], [law])), "column")
  })

  it("diff says a column whose meta alone changed asks with other settings, not the same query twice", () => {
    const before = { name: "Law", query: "Which law governs?", meta: { language: "English (US)" } }
    const columns = columnChanges([before], [{ ...before, meta: { language: "German" } }])
    assert.deepStrictEqual(columns?.requeried, [
      {
        name: "Law",
        before: "Which law governs?",
        after: "Which law governs?",
        metaBefore: { language: "English (US)" },
        metaAfter: { language: "German" }
      }
    ])
    assert.include(
      renderDiff(1, 2, [], undefined, columns),
      '\n  ~ Law: same query, meta {"language":"English (US)"} → {"language":"German"}'
    )
  })

  it("the progress display shows units in flight only while their phase runs and some are", () => {
    const cells = { total: 24, skipped: 0, done: 0, failed: 0, inFlight: 0 }
    const setup = { ...initialProgress, phase: "setup" as const, cells }
    assert.notInclude(progressLines(setup).join("\n"), "in flight")
    assert.notInclude(progressSummary(setup), "in flight")
    const starting = { ...setup, phase: "cells" as const, rate: 0 }
    assert.notInclude(progressLines(starting).join("\n"), "in flight", "tables still being set up")
    const working = { ...starting, cells: { ...cells, inFlight: 16 }, rate: 2 }
    assert.include(progressLines(working).join("\n"), "cells 0/24 done · 16 in flight · 0 failed")
    const done = { ...working, phase: "done" as const, cells: { ...cells, done: 24 } }
    assert.include(progressLines(done).join("\n"), "cells 24/24 done · 0 failed")
  })

  it("parses token lifetimes", () => {
    const parseTtl = (text: string) => Option.fromNullable(ttlOf(text))
    assert.deepStrictEqual(parseTtl("24h"), Option.some(Duration.hours(24)))
    assert.deepStrictEqual(parseTtl("90m"), Option.some(Duration.minutes(90)))
    assert.deepStrictEqual(parseTtl("3600"), Option.some(Duration.hours(1)))
    assert.deepStrictEqual(parseTtl("0s"), Option.none())
    assert.deepStrictEqual(parseTtl("soon"), Option.none())
  })

  it.effect("a token lifetime it cannot read fails the token command", () =>
    Effect.gen(function* () {
      const badTtl = yield* Effect.exit(parseTtl("soon"))
      assert.isTrue(Exit.isFailure(badTtl))
    })
  )
})
