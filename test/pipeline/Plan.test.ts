import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Chat, Column } from "../../src/pipeline/PipelineSchema.js"
import {
  chunk,
  dedupeDocumentIds,
  documentIdsOf,
  expandRange,
  filesToUpload,
  matchesWorkspaceFilter,
  planBatches,
  planSessions,
  planTables
} from "../../src/pipeline/Plan.js"

const columns: ReadonlyArray<Column> = [
  { name: "A", query: "a?", meta: {} },
  { name: "B", query: "b?", meta: {} }
]
const ids = (n: number, from = 1) => expandRange(from, from + n - 1)

describe("Plan", () => {
  it.effect("expandRange includes both ends", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(expandRange(200, 203), [200, 201, 202, 203])
      assert.deepStrictEqual(expandRange(5, 5), [5])
      assert.deepStrictEqual(expandRange(6, 5), [])
    })
  )

  it.effect("dedupeDocumentIds keeps the first appearance", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(dedupeDocumentIds([[3, 1, 3], [2, 1], expandRange(1, 4)]), [3, 1, 2, 4])
      assert.deepStrictEqual(dedupeDocumentIds([]), [])
    })
  )

  it.effect("planTables splits into consecutive tables of at most the limit", () =>
    Effect.sync(() => {
      const tables = planTables(ids(450), columns, 200)
      assert.deepStrictEqual(
        tables.map((t) => [t.index, t.documentIds.length, t.documentIds[0], t.columns.length]),
        [
          [0, 200, 1, 2],
          [1, 200, 201, 2],
          [2, 50, 401, 2]
        ]
      )
      assert.deepStrictEqual(
        tables.flatMap((t) => t.documentIds),
        ids(450)
      )
      assert.strictEqual(planTables(ids(400), columns, 200).length, 2)
      assert.deepStrictEqual(planTables(ids(3), columns, 200), [{ index: 0, documentIds: [1, 2, 3], columns }])
      assert.deepStrictEqual(planTables([], columns, 200), [])
      assert.deepStrictEqual(planTables(ids(3), [], 200), [])
    })
  )

  it.effect("planBatches cuts the pairs of a table into run requests", () =>
    Effect.sync(() => {
      const batches = planBatches([1, 2, 3], [10, 20], 4)
      assert.deepStrictEqual(batches, [
        [
          [1, 10],
          [1, 20],
          [2, 10],
          [2, 20]
        ],
        [
          [3, 10],
          [3, 20]
        ]
      ])
      assert.deepStrictEqual(chunk([1, 2, 3], 0), [[1], [2], [3]])
    })
  )

  it.effect("planSessions: one per document for each, groups of max_documents for all", () =>
    Effect.sync(() => {
      const chat: Chat = { name: "S", scope: "each", messages: ["m"], use_history: true, max_documents: 50 }
      assert.deepStrictEqual(
        planSessions([7, 8], chat).map((s) => [s.index, s.multidoc, s.documentIds]),
        [
          [0, false, [7]],
          [1, false, [8]]
        ]
      )
      // Sessions asked before keep their documents: the one that lost a document takes the new ones first, then one
      // with room; one past max_documents (lowered since) is split; one whose documents all left is gone.
      const kept = planSessions([1, 3, 4, 5, 6, 9, 8, 11], { ...chat, scope: "all", max_documents: 3 }, [
        [7],
        [4, 5, 6, 9],
        [1, 2, 3],
        [8]
      ])
      assert.deepStrictEqual(
        kept.map((s) => s.documentIds),
        [[1, 3, 11], [4, 5, 6], [9], [8]]
      )
      // A document that joins a session ahead of its documents in the pipeline stands in pipeline order there, so
      // planning again from what was asked gives the same session: its answers' key follows the documents' order.
      const all2 = { ...chat, scope: "all", max_documents: 2 } as const
      const joined = planSessions([0, 1, 3, 4], all2, [
        [1, 2],
        [3, 4]
      ]).map((s) => s.documentIds)
      assert.deepStrictEqual(joined, [
        [0, 1],
        [3, 4]
      ])
      assert.deepStrictEqual(
        planSessions([0, 1, 3, 4], all2, joined).map((s) => s.documentIds),
        joined
      )
      const all = planSessions(ids(120), { ...chat, scope: "all", use_history: false })
      assert.deepStrictEqual(
        all.map((s) => [s.multidoc, s.documentIds.length, s.useHistory]),
        [
          [true, 50, false],
          [true, 50, false],
          [true, 20, false]
        ]
      )
    })
  )

  it.effect("matchesWorkspaceFilter: doctype ignores case and dot, filename is a glob", () =>
    Effect.sync(() => {
      const doc = { doctype: "PDF", filename: "contracts/MSA-2024.pdf" }
      assert.isTrue(matchesWorkspaceFilter(doc, {}))
      assert.isTrue(matchesWorkspaceFilter(doc, { doctype: ".pdf" }))
      assert.isFalse(matchesWorkspaceFilter(doc, { doctype: "docx" }))
      assert.isTrue(matchesWorkspaceFilter(doc, { filename: "*.pdf" }))
      assert.isTrue(matchesWorkspaceFilter(doc, { filename: "*msa*" }))
      assert.isTrue(matchesWorkspaceFilter(doc, { doctype: "pdf", filename: "contracts/**" }))
      assert.isFalse(matchesWorkspaceFilter(doc, { doctype: "pdf", filename: "*.txt" }))
      assert.isFalse(matchesWorkspaceFilter({ doctype: null, filename: null }, { doctype: "pdf" }))
      assert.isFalse(matchesWorkspaceFilter({ doctype: "pdf" }, { filename: "*" }))
    })
  )

  it.effect("filesToUpload lists each matched file once", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(
        filesToUpload([
          { _tag: "Files", pattern: "*.txt", paths: ["/a/x.txt", "/a/y.txt"] },
          { _tag: "Ids", ids: [1] },
          { _tag: "Files", pattern: "x*", paths: ["/a/x.md", "/a/x.txt"] }
        ]),
        ["/a/x.txt", "/a/y.txt", "/a/x.md"]
      )
    })
  )

  it.effect("documentIdsOf resolves each kind of set", () =>
    Effect.sync(() => {
      const context = {
        workspaceDocuments: [
          { id: 1, doctype: "pdf", filename: "a.pdf" },
          { id: 2, doctype: "txt", filename: "b.txt" }
        ],
        uploaded: new Map([["/x/a.txt", 40]])
      }
      assert.deepStrictEqual(documentIdsOf({ _tag: "Ids", ids: [9, 8] }, context), [9, 8])
      assert.deepStrictEqual(documentIdsOf({ _tag: "Range", from: 3, to: 5 }, context), [3, 4, 5])
      assert.deepStrictEqual(documentIdsOf({ _tag: "Workspace" }, context), [1, 2])
      assert.deepStrictEqual(documentIdsOf({ _tag: "Workspace", doctype: "txt" }, context), [2])
      assert.deepStrictEqual(
        documentIdsOf({ _tag: "Files", pattern: "*", paths: ["/x/a.txt", "/x/b.txt"] }, context),
        [40]
      )
    })
  )
})
