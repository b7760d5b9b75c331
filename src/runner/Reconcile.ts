import { Effect, Option, Ref } from "effect"
import type { AiCell } from "../api/Tables.js"
import type { WantedCell } from "../client/CellList.js"
import type { ClientError } from "../client/ClientError.js"
import { pairKey } from "./Keys.js"
import { RunContext } from "./RunContext.js"

/** A failure after which the request may have been processed: the reply was lost (transport) or the server broke. */
export const isAmbiguous = (error: ClientError) => error._tag === "Transport" || error._tag === "ServerError"

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

/** What the checkpoint knows of a pair whose run request may have landed. */
export interface IntentCell {
  readonly documentId: number
  readonly columnId: number
  /** task_id of the remote cell before our request; undefined for a cell that did not exist. */
  readonly staleTaskId: string | undefined
}

/** Whether a listed cell is one of these pairs: what a reconciling cell list needs to decode. */
export const anyOf = (intents: ReadonlyArray<IntentCell>): WantedCell => {
  const keys = new Set(intents.map((intent) => pairKey(intent.documentId, intent.columnId)))
  return (documentId, columnId) => keys.has(pairKey(documentId, columnId))
}

/**
 * Sorts pairs whose run request may or may not have landed, by the table's cell list: a cell for the pair whose
 * task_id differs from the one it had before our request proves that the request landed (re-runs keep the cell
 * id, so the id alone proves nothing); otherwise the request did not land and the pair must be sent again.
 */
export const sortIntents = <C extends IntentCell>(cells: ReadonlyArray<AiCell>, intents: ReadonlyArray<C>) => {
  const remote = new Map(cells.map((cell) => [pairKey(cell.document_id, cell.ai_column_id), cell]))
  const landed: Array<{ readonly intent: C; readonly cell: AiCell }> = []
  const lost: Array<C> = []
  for (const intent of intents) {
    const cell = remote.get(pairKey(intent.documentId, intent.columnId))
    if (cell !== undefined && cell.task_id !== intent.staleTaskId) landed.push({ intent, cell })
    else lost.push(intent)
  }
  return { landed, lost }
}
