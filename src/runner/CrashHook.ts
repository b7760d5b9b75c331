import { Config, Effect, Option, Ref } from "effect"

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
 * TEST HOOK. `DOCSWEEP_TEST_CRASH_AT=after-intent:3` makes the runner SIGKILL itself the 3rd time it reaches
 * `after-intent` (several points: comma-separated). Read only through `Config`; unset in normal use, where
 * `crashAt` is a no-op. The crash tests use it to stop the process at exact points of the exactly-once protocol.
 */
export interface CrashHook {
  readonly crashAt: (point: CrashPoint) => Effect.Effect<void>
}

const parse = (text: string): ReadonlyMap<string, number> =>
  new Map(
    text
      .split(",")
      .map((part) => part.trim().split(":"))
      .flatMap(([point, n]) => (point === undefined || point === "" ? [] : [[point, Number(n ?? "1") || 1] as const]))
  )

export const crashHookConfig = Config.option(Config.string("TEST_CRASH_AT")).pipe(Config.nested("DOCSWEEP"))

export const makeCrashHook: Effect.Effect<CrashHook> = Effect.gen(function* () {
  const setting = yield* Effect.orElseSucceed(crashHookConfig, () => Option.none<string>())
  if (Option.isNone(setting)) return { crashAt: () => Effect.void }
  const targets = parse(setting.value)
  const seen = yield* Ref.make(new Map<string, number>())
  return {
    crashAt: (point) =>
      targets.has(point)
        ? Effect.flatMap(
            Ref.modify(seen, (counts) => {
              const n = (counts.get(point) ?? 0) + 1
              return [n, new Map(counts).set(point, n)] as const
            }),
            (n) => (n === targets.get(point) ? Effect.sync(() => process.kill(process.pid, "SIGKILL")) : Effect.void)
          )
        : Effect.void
  }
})
