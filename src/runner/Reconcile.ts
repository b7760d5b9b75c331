import { Effect, Option, Ref, Schema } from "effect"
import type { AiCell } from "../api/Tables.js"
import type { WantedCell } from "../client/CellList.js"
import { type ClientError, isAmbiguous } from "../client/ClientError.js"
import { pairKey } from "./Keys.js"
import { RunContext } from "./RunContext.js"

/**
 * Sends a non-idempotent request at most once in effect: before a retry that follows an ambiguous failure (and
 * before the first try when `ambiguous` — an intent left by a killed run), `adopt` looks for what the earlier
 * request created; only when it finds nothing is the request sent again.
 */
export const sendOnce = <A, R1, R2>(
  send: Effect.Effect<A, ClientError, R1>,
  adopt: Effect.Effect<Option.Option<A>, ClientError, R2>,
  options: { readonly ambiguous: boolean }
) =>
  Effect.gen(function* () {
    const { retry } = yield* RunContext
    const ambiguous = yield* Ref.make(options.ambiguous)
    const attempt = Effect.gen(function* () {
      if (yield* Ref.get(ambiguous)) {
        const found = yield* adopt
        if (Option.isSome(found)) return found.value
        yield* Ref.set(ambiguous, false)
      }
      return yield* send.pipe(Effect.tapError((error) => Ref.set(ambiguous, isAmbiguous(error))))
    })
    return yield* retry(attempt)
  })

/**
 * What a remote cell shows besides its task_id: `modified_at`, status and the answer's length. The reference
 * promises nothing about task_id on a re-run, so a re-run is recognised by any of these changing as well.
 */
export const signOf = (cell: AiCell): string =>
  JSON.stringify([cell.modified_at, cell.task_status, cell.response.length])

/** What the checkpoint knows of a pair whose run request may have landed. */
interface IntentCell {
  readonly documentId: number
  readonly columnId: number
  /** task_id of the remote cell before our request; undefined for a cell that did not exist. */
  readonly staleTaskId: string | undefined
  /** `signOf` the remote cell before our request, when it was seen. */
  readonly staleSign: string | undefined
}

/** Whether a listed cell is one of these pairs: what a reconciling cell list needs to decode. */
export const anyOf = (intents: ReadonlyArray<IntentCell>): WantedCell => {
  const keys = new Set(intents.map((intent) => pairKey(intent.documentId, intent.columnId)))
  return (documentId, columnId) => keys.has(pairKey(documentId, columnId))
}

/**
 * What this run's re-run replies showed: how many re-runs of an existing cell were answered, and in how many the
 * task_id or the sign changed. A signal that changed on every re-run seen is proof: when it did not change, the
 * request did not land. With none seen yet, nothing is proof.
 */
export interface RerunEvidence {
  readonly reruns: number
  readonly taskIdChanged: number
  readonly signChanged: number
}

export const noRerunEvidence: RerunEvidence = { reruns: 0, taskIdChanged: 0, signChanged: 0 }

/** Adds what the reply to a re-run (the cell as our request left it) shows. */
export const learnFromRerun = (evidence: RerunEvidence, intent: IntentCell, cell: AiCell): RerunEvidence =>
  intent.staleTaskId === undefined
    ? evidence
    : {
        reruns: evidence.reruns + 1,
        taskIdChanged: evidence.taskIdChanged + (cell.task_id !== intent.staleTaskId ? 1 : 0),
        signChanged:
          evidence.signChanged + (intent.staleSign !== undefined && signOf(cell) !== intent.staleSign ? 1 : 0)
      }

type IntentFate = "landed" | "lost" | "unsure"

/**
 * Whether a run request for one pair landed, from the cell the table lists now. A new cell, a new task_id, or a
 * cell that shows anything else than before our request (modified_at, status — e.g. moved from a failure back to
 * pending —, the answer cleared) proves it landed. A cell that shows exactly what it showed before proves the
 * request lost only when this run saw that signal change on every re-run; otherwise it is unsure.
 */
export const fateOf = (cell: AiCell | undefined, intent: IntentCell, evidence: RerunEvidence): IntentFate => {
  if (cell === undefined) return "lost"
  if (intent.staleTaskId === undefined || cell.task_id !== intent.staleTaskId) return "landed"
  if (intent.staleSign !== undefined && signOf(cell) !== intent.staleSign) return "landed"
  const proves = (changed: number) => evidence.reruns > 0 && changed === evidence.reruns
  if (proves(evidence.taskIdChanged)) return "lost"
  if (intent.staleSign !== undefined && proves(evidence.signChanged)) return "lost"
  return "unsure"
}

/**
 * Sorts pairs whose run request may or may not have landed by the table's cell list (see `fateOf`). A pair the list
 * shows more than once landed when any copy shows the request; it is lost only when every copy says so.
 */
export const sortIntents = <C extends IntentCell>(
  cells: ReadonlyArray<AiCell>,
  intents: ReadonlyArray<C>,
  evidence: RerunEvidence
) => {
  const remote = new Map<string, Array<AiCell>>()
  for (const cell of cells) {
    const key = pairKey(cell.document_id, cell.ai_column_id)
    remote.set(key, [...(remote.get(key) ?? []), cell])
  }
  const landed: Array<{ readonly intent: C; readonly cell: AiCell }> = []
  const lost: Array<C> = []
  const unsure: Array<C> = []
  for (const intent of intents) {
    const copies = remote.get(pairKey(intent.documentId, intent.columnId)) ?? []
    const shown = copies.find((copy) => fateOf(copy, intent, evidence) === "landed")
    if (shown !== undefined) landed.push({ intent, cell: shown })
    else if (copies.some((copy) => fateOf(copy, intent, evidence) === "unsure")) unsure.push(intent)
    else lost.push(intent)
  }
  return { landed, lost, unsure }
}

/** Checkpoint key of what earlier runs learned of re-runs, by base URL: a resumed run starts from it. */
export const rerunEvidenceKey = "runner.rerun_evidence"

const StoredEvidence = Schema.parseJson(
  Schema.Struct({
    baseUrl: Schema.String,
    reruns: Schema.NonNegativeInt,
    taskIdChanged: Schema.NonNegativeInt,
    signChanged: Schema.NonNegativeInt
  })
)

/** What earlier runs against the same service learned; none when the service or the stored text differs. */
export const storedEvidence = (text: Option.Option<string>, baseUrl: string): RerunEvidence =>
  Option.flatMap(text, Schema.decodeUnknownOption(StoredEvidence)).pipe(
    Option.filter((stored) => stored.baseUrl === baseUrl),
    Option.match({
      onNone: () => noRerunEvidence,
      onSome: ({ reruns, taskIdChanged, signChanged }) => ({ reruns, taskIdChanged, signChanged })
    })
  )

export const evidenceText = (evidence: RerunEvidence, baseUrl: string): string =>
  JSON.stringify({ baseUrl, ...evidence })
