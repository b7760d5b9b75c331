import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import type { CellId, ColumnId, DocumentId, MessageId, OrganizationId, SessionId, UserId } from "../../src/api/Ids.js"
import type { ChatMessage, Session } from "../../src/api/Sessions.js"
import type { AiCell } from "../../src/api/Tables.js"
import { findCreated, findSession } from "../../src/runner/ChatAdoption.js"
import { assignTables } from "../../src/runner/PlanRun.js"
import { fateOf, learnFromRerun, noRerunEvidence, signOf, sortIntents } from "../../src/runner/Reconcile.js"

const cell = (documentId: number, columnId: number, taskId: string): AiCell => ({
  id: 1 as CellId,
  task_status: "pending",
  ai_column_id: columnId as ColumnId,
  document_id: documentId as DocumentId,
  response: "",
  task_id: taskId,
  meta: {},
  modified_at: ""
})

const session = (id: number, documentIds: ReadonlyArray<number>, meta: Record<string, unknown>): Session => ({
  id: id as SessionId,
  organization_id: 7 as OrganizationId,
  user_id: 3 as UserId,
  is_multidoc: false,
  visibility: "private",
  created_at: "",
  meta,
  document_ids: documentIds.map((id) => id as DocumentId)
})

const message = (id: number, query: string, meta: Record<string, unknown> = {}): ChatMessage => ({
  id: id as MessageId,
  task_status: "pending",
  query,
  ai_session_id: 1 as SessionId,
  user_id: 3 as UserId,
  created_at: "",
  task_id: `t${id}`,
  meta,
  user_rating: ""
})

describe("adoption after an ambiguous reply", () => {
  it("a cell proves the request landed only when its task_id moved on from the stale one", () => {
    const seenTaskIdChange = { reruns: 1, taskIdChanged: 1, signChanged: 1 }
    const intents = [
      { documentId: 1, columnId: 10, staleTaskId: undefined, staleSign: undefined },
      { documentId: 2, columnId: 10, staleTaskId: "old", staleSign: undefined },
      { documentId: 3, columnId: 10, staleTaskId: "old", staleSign: undefined },
      { documentId: 4, columnId: 10, staleTaskId: undefined, staleSign: undefined }
    ]
    const sorted = sortIntents([cell(1, 10, "t1"), cell(2, 10, "old"), cell(3, 10, "new")], intents, seenTaskIdChange)
    assert.deepStrictEqual(
      sorted.landed.map((l) => l.intent.documentId),
      [1, 3]
    )
    assert.deepStrictEqual(
      sorted.lost.map((l) => l.documentId),
      [2, 4]
    )
  })

  it("a re-run that keeps its task_id is told by modified_at, status or a cleared answer; else it is unsure", () => {
    const failed: AiCell = { ...cell(1, 10, "same"), task_status: "failure", modified_at: "2026-01-01T00:00:00Z" }
    const intent = { documentId: 1, columnId: 10, staleTaskId: "same", staleSign: signOf(failed) }
    const none = noRerunEvidence
    assert.strictEqual(fateOf({ ...failed, task_status: "pending" }, intent, none), "landed")
    assert.strictEqual(fateOf({ ...failed, modified_at: "2026-01-01T00:00:09Z" }, intent, none), "landed")
    const answered = { ...failed, task_status: "success" as const, response: "old answer" }
    const rerunOfAnswered = { ...intent, staleSign: signOf(answered) }
    assert.strictEqual(fateOf({ ...answered, response: "" }, rerunOfAnswered, none), "landed")
    // Nothing changed: unsure, unless this run saw re-runs always change task_id (or always change the sign).
    assert.strictEqual(fateOf(failed, intent, none), "unsure")
    assert.strictEqual(fateOf(failed, intent, { reruns: 3, taskIdChanged: 3, signChanged: 0 }), "lost")
    assert.strictEqual(fateOf(failed, intent, { reruns: 3, taskIdChanged: 0, signChanged: 3 }), "lost")
    assert.strictEqual(fateOf(failed, intent, { reruns: 3, taskIdChanged: 2, signChanged: 2 }), "unsure")
    // Without a sign from before (an older checkpoint), only task_id evidence decides.
    const unsigned = { ...intent, staleSign: undefined }
    assert.strictEqual(fateOf(failed, unsigned, { reruns: 3, taskIdChanged: 0, signChanged: 3 }), "unsure")
    assert.strictEqual(fateOf(undefined, intent, none), "lost")
  })

  it("what a re-run reply shows is learned: which signals a re-run changes", () => {
    const failed: AiCell = { ...cell(1, 10, "same"), task_status: "failure" }
    const intent = { documentId: 1, columnId: 10, staleTaskId: "same", staleSign: signOf(failed) }
    const kept = learnFromRerun(noRerunEvidence, intent, { ...failed, task_status: "pending" })
    assert.deepStrictEqual(kept, { reruns: 1, taskIdChanged: 0, signChanged: 1 })
    const fresh = { ...intent, staleTaskId: undefined }
    assert.deepStrictEqual(learnFromRerun(kept, fresh, failed), kept)
  })

  it("a session is adopted by its marker, never one the checkpoint owns; without markers, by its documents", () => {
    const target = { chatName: "c", sessionKey: "5", documentIds: [5], multidoc: false }
    const listed = [session(1, [5], { docsweep_intent: "m1" }), session(2, [5], { docsweep_intent: "m2" })]
    assert.deepStrictEqual(
      Option.map(findSession(listed, target, "m2", new Set()), (s) => s.id),
      Option.some(2)
    )
    assert.isTrue(Option.isNone(findSession(listed, target, "m2", new Set([2]))))
    const unmarked = [session(3, [6], {}), session(4, [5], {}), session(7, [5], {})]
    // The newest: an older one over the same documents is another pipeline's.
    assert.deepStrictEqual(
      Option.map(findSession(unmarked, target, "m9", new Set()), (s) => s.id),
      Option.some(7)
    )
  })

  it("a message is adopted by its marker; without markers, by query among messages newer than ours there", () => {
    const marked = [message(1, "q", { docsweep_intent: "a" }), message(2, "q", { docsweep_intent: "b" })]
    assert.deepStrictEqual(
      Option.map(findCreated(marked, { marker: "b", query: "q" }, new Set()), (m) => m.id),
      Option.some(2)
    )
    const plain = [message(1, "q"), message(2, "other"), message(3, "q")]
    assert.deepStrictEqual(
      Option.map(findCreated(plain, { marker: "", query: "q" }, new Set([1, 2])), (m) => m.id),
      Option.some(3)
    )
    assert.isTrue(Option.isNone(findCreated(plain, { marker: "", query: "q" }, new Set([1, 2, 3]))))
    // Ids the checkpoint owns in other sessions (ids shared by all sessions, 7 posted there meanwhile) hide nothing.
    assert.deepStrictEqual(
      Option.map(
        findCreated([message(4, "q"), message(6, "q")], { marker: "", query: "q" }, new Set([4, 5, 7])),
        (m) => m.id
      ),
      Option.some(6)
    )
    // Messages owned in other sessions (the list is one session's) do not hide it.
    assert.deepStrictEqual(
      Option.map(findCreated(plain, { marker: "", query: "q" }, new Set([1, 2, 9])), (m) => m.id),
      Option.some(3)
    )
  })
})

describe("table layout", () => {
  it("keeps documents where they are and fills tables with room before opening new ones", () => {
    const stored = [
      { slot: 0, remoteId: 50, documentIds: [1, 2] },
      { slot: 1, remoteId: 51, documentIds: [3] }
    ]
    const layout = assignTables(stored, [3, 1, 2, 4, 5, 6], 2)
    assert.deepStrictEqual(
      layout.tables.map((t) => [t.slot, t.remoteId, t.documentIds]),
      [
        [0, 50, [1, 2]],
        [1, 51, [3, 4]],
        [2, undefined, [5, 6]]
      ]
    )
    assert.deepStrictEqual([...layout.grown], [1])
    assert.strictEqual(layout.slotOf.get(4), 1)
  })
})
