import { Clock, Effect, Option, Random } from "effect"
import { type ChatMessage, newest, type Session } from "../api/Sessions.js"
import { sessionKeyOf } from "./Keys.js"

/*
 * How a chat session or message an earlier request created is found again (its reply lost, or its run killed):
 * by the intent marker it carries in `meta`; for a service that does not keep `meta`, by what else it shows.
 */

/** The meta key carrying our intent marker on sessions and messages we create. */
export const intentMetaKey = "docsweep_intent"

/** A marker unique to one intent: written to the checkpoint before the request, sent in the created record's meta. */
export const newMarker = Effect.gen(function* () {
  const now = yield* Clock.currentTimeMillis
  const draw = yield* Random.nextIntBetween(0, 2 ** 31)
  return `${now.toString(36)}-${draw.toString(36)}`
})

export const markerOf = (record: { readonly meta: Readonly<Record<string, unknown>> }) => {
  const marker = record.meta[intentMetaKey]
  return typeof marker === "string" ? marker : undefined
}

/** One chat session of the run: its chat, its documents and whether it is multi-doc. */
export interface SessionTarget {
  readonly chatName: string
  readonly sessionKey: string
  readonly documentIds: ReadonlyArray<number>
  readonly multidoc: boolean
}

const sameDocuments = (session: Session, target: SessionTarget) =>
  sessionKeyOf(session.document_ids ?? []) === sessionKeyOf(target.documentIds)

/**
 * The session an earlier request created: ours by its marker; for a service that does not keep `meta`, the newest
 * of the same kind over the same documents that this checkpoint does not own yet (older ones are another
 * pipeline's, or a colleague's: asking in one would answer with its history).
 */
export const findSession = (
  sessions: ReadonlyArray<Session>,
  target: SessionTarget,
  marker: string,
  owned: ReadonlySet<number>
): Option.Option<Session> => {
  const mine = sessions.filter((s) => !owned.has(s.id) && sameDocuments(s, target) && s.is_multidoc === target.multidoc)
  if (sessions.some((s) => markerOf(s) !== undefined))
    return Option.fromNullable(mine.find((s) => markerOf(s) === marker))
  return Option.fromNullable(newest(mine))
}

/**
 * Finds the message an earlier request created: by the intent marker in its meta; for a service that does not keep
 * meta, the newest with its query among the messages newer than any this checkpoint owns in this session (the list
 * is one session's: ids owned in other sessions, which go on posting meanwhile, say nothing of it).
 */
export const findCreated = (
  messages: ReadonlyArray<ChatMessage>,
  wanted: { readonly marker: string; readonly query: string },
  owned: ReadonlySet<number>
): Option.Option<ChatMessage> => {
  const byMarker = messages.find((m) => markerOf(m) === wanted.marker && !owned.has(m.id))
  if (byMarker !== undefined) return Option.some(byMarker)
  if (messages.some((m) => markerOf(m) !== undefined)) return Option.none()
  const latestOwned = Math.max(0, ...messages.flatMap((m) => (owned.has(m.id) ? [m.id] : [])))
  return Option.fromNullable(
    newest(messages.filter((m) => m.id > latestOwned && m.query === wanted.query && !owned.has(m.id)))
  )
}
