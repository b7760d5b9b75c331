import { Context, Effect } from "effect"

/** Places the runner can be killed at by the crash tests. */
export type CrashPoint =
  | "table-created" // createTable replied, its id not yet saved
  | "column-created" // createColumn replied, its id not yet saved
  | "after-intent" // a batch's intent is saved, the run request not yet sent
  | "after-submit" // the run request replied, the reply not yet saved
  | "mid-poll" // a poll's results are saved, more cells still running
  | "session-created" // createSession replied, its id not yet saved
  | "chat-after-intent" // a message's intent is saved, not yet posted
  | "chat-after-submit" // a message was posted, the reply not yet saved

/**
 * The points of the exactly-once protocol, named where the runner passes them. Production never provides this
 * service: its default does nothing. The crash tests' child runner provides a hook that SIGKILLs the process at
 * a chosen point (test/runner/support/CrashAt.ts), to prove a resumed run loses and repeats nothing.
 */
export class CrashHook extends Context.Reference<CrashHook>()("app/runner/CrashHook", {
  defaultValue: () => ({ crashAt: (_point: CrashPoint): Effect.Effect<void> => Effect.void })
}) {}
