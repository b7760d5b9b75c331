import { Effect, Option } from "effect"
import type { DocumentId, SessionId } from "../api/Ids.js"
import type { Session } from "../api/Sessions.js"
import { ServiceClient } from "../client/ServiceClient.js"
import type { Chat } from "../pipeline/PipelineSchema.js"
import { ChatStore } from "../store/ChatStore.js"
import type { ChatMessageRecord, WantedChatMessage } from "../store/CheckpointModel.js"
import { RunStore } from "../store/RunStore.js"
import { findSession, intentMetaKey, newMarker, type SessionTarget } from "./ChatAdoption.js"
import { CrashHook } from "./CrashHook.js"
import { sendOnce } from "./Reconcile.js"
import { RunContext } from "./RunContext.js"
import { RunnerSettings } from "./RunnerSettings.js"

const intentKey = (target: Pick<SessionTarget, "chatName" | "sessionKey">) =>
  `runner.session_intent:${target.chatName}:${target.sessionKey}`

/**
 * The remote session of a chat session, created once. Session creation is not idempotent: a marker is saved before
 * the request and sent in the session's meta; after an ambiguous failure, or on resume of an intent, the sessions
 * of the document (single-doc) or workspace (multi-doc) are listed and the one carrying the marker — never one
 * this checkpoint already owns — is adopted instead of creating another.
 */
export const ensureSession = Effect.fn("ChatSessions.ensureSession")(function* (
  target: SessionTarget,
  known: Option.Option<number>,
  owned: Set<number>
) {
  if (Option.isSome(known)) return known.value as SessionId
  const client = yield* ServiceClient
  const chatStore = yield* ChatStore
  const runStore = yield* RunStore
  const { retry } = yield* RunContext
  const { crashAt } = yield* CrashHook
  const settings = yield* RunnerSettings
  const firstDocument = target.documentIds[0] as DocumentId | undefined
  const adopt = (marker: string) =>
    Effect.map(
      client.listSessions(settings.orgId, target.multidoc ? undefined : firstDocument),
      (sessions): Option.Option<Session> => findSession(sessions, target, marker, owned)
    )
  const earlier = yield* runStore.getMeta(intentKey(target))
  const adopted = Option.isSome(earlier) ? yield* retry(adopt(earlier.value)) : Option.none<Session>()
  const marker = Option.isSome(adopted) ? "" : yield* newMarker
  if (Option.isNone(adopted)) {
    yield* runStore.setMeta(intentKey(target), marker)
    yield* chatStore.saveChatSession({
      chatName: target.chatName,
      sessionKey: target.sessionKey,
      remoteSessionId: undefined
    })
  }
  const session = Option.isSome(adopted)
    ? adopted.value
    : yield* sendOnce(
        client.createSession({
          organization_id: settings.orgId,
          user_id: settings.userId,
          is_multidoc: target.multidoc,
          document_ids: target.documentIds as ReadonlyArray<DocumentId>,
          visibility: settings.visibility,
          meta: { [intentMetaKey]: marker }
        }),
        adopt(marker),
        { ambiguous: false }
      )
  yield* crashAt("session-created")
  yield* chatStore.saveChatSession({
    chatName: target.chatName,
    sessionKey: target.sessionKey,
    remoteSessionId: session.id
  })
  owned.add(session.id)
  return session.id
})

/**
 * Starts a chat session over: the checkpoint forgets its remote session and puts its messages back to `pending`
 * (every one with `all`, else those unanswered), so the next `ensureSession` creates a new session. The intent marker
 * goes first: a run killed in between finds the old session again (and starts over again), never adopts it by marker.
 */
export const startSessionOver = Effect.fn("ChatSessions.startSessionOver")(function* (
  target: Pick<SessionTarget, "chatName" | "sessionKey">,
  options: { readonly all: boolean }
) {
  const chatStore = yield* ChatStore
  const runStore = yield* RunStore
  yield* runStore.deleteMeta(intentKey(target))
  return yield* chatStore.restartChatSession(target, options)
})

type SessionRef = { readonly chatName: string; readonly sessionKey: string }

const sessionOf = (m: SessionRef) => `${m.chatName}\u0000${m.sessionKey}`
const placeOf = (m: SessionRef & { readonly position: number }) => `${sessionOf(m)}\u0000${m.position}`

/**
 * The sessions of `use_history` chats whose conversation on the service no longer fits the pipeline: an answered
 * message is now asked with other questions before it, or is itself edited. Asking again in that session would
 * answer the new question with the old turns as its history, so such a session starts over (all its messages, in a
 * new session). So does one whose message in flight (left by a killed run) asks an old question or follows old
 * ones: its answer, whenever it comes, is to a conversation the pipeline no longer has, so it is not waited for. So
 * does one with answers but no remote session (a shard's, merged from its own embedded service: its turns are not
 * where the next message is asked) and a message still to ask, unless a message still current is in flight there
 * (an edit before it would have changed its key): that one is left to its resumed run, and the next run starts over.
 */
export const conversationsToStartOver = (
  chats: ReadonlyArray<Chat>,
  wanted: ReadonlyArray<WantedChatMessage>,
  stored: ReadonlyArray<ChatMessageRecord>
): ReadonlyArray<SessionRef & { readonly because: "edited" | "elsewhere" }> => {
  const withHistory = new Set(chats.filter((c) => c.use_history).map((c) => c.name))
  const wantedKeys = new Map(wanted.map((m) => [placeOf(m), m.dependencyKey]))
  const inFlight = (m: ChatMessageRecord) => m.state === "submitting" || m.state === "submitted"
  // Only a wanted message still asked as it was is settled by a resumed run: one in flight that left the pipeline,
  // or whose question or history changed, never is.
  const busy = new Set(
    stored.filter((m) => inFlight(m) && wantedKeys.get(placeOf(m)) === m.dependencyKey).map(sessionOf)
  )
  const answeredHere = new Set(
    stored.filter((m) => m.state === "success" && wantedKeys.get(placeOf(m)) === m.dependencyKey).map(placeOf)
  )
  const toAsk = new Set(wanted.filter((m) => !answeredHere.has(placeOf(m))).map(sessionOf))
  const changed = new Map<string, SessionRef & { readonly because: "edited" | "elsewhere" }>()
  for (const m of stored) {
    const answered = m.state === "success"
    if (!withHistory.has(m.chatName) || (!answered && !inFlight(m))) continue
    const now = wantedKeys.get(placeOf(m))
    const edited = now !== undefined && now !== m.dependencyKey
    const elsewhere = answered && m.remoteSessionId === undefined && toAsk.has(sessionOf(m))
    if (edited || (elsewhere && !changed.has(sessionOf(m)))) {
      changed.set(sessionOf(m), {
        chatName: m.chatName,
        sessionKey: m.sessionKey,
        because: edited ? "edited" : "elsewhere"
      })
    }
  }
  return [...changed].filter(([session]) => !busy.has(session)).map(([, target]) => target)
}

/**
 * Answers still current that sessions started over ask again: the sync alone would count them answered, so the
 * plan (`--dry-run`, the summary) adds them to the messages to run.
 */
export const answersAskedAgain = (
  restarted: ReadonlyArray<SessionRef>,
  wanted: ReadonlyArray<WantedChatMessage>,
  stored: ReadonlyArray<ChatMessageRecord>
): number => {
  const sessions = new Set(restarted.map(sessionOf))
  const wantedKeys = new Map(wanted.map((m) => [placeOf(m), m.dependencyKey]))
  return stored.filter(
    (m) => m.state === "success" && sessions.has(sessionOf(m)) && wantedKeys.get(placeOf(m)) === m.dependencyKey
  ).length
}
