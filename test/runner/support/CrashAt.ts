import { Config, Effect, Layer, Option, Ref } from "effect"
import { CrashHook, type CrashPoint } from "../../../src/runner/CrashHook.js"

const parse = (text: string): ReadonlyMap<string, number> =>
  new Map(
    text
      .split(",")
      .map((part) => part.trim().split(":"))
      .flatMap(([point, n]) => (point === undefined || point === "" ? [] : [[point, Number(n ?? "1") || 1] as const]))
  )

const crashAtConfig = Config.option(Config.string("TEST_CRASH_AT")).pipe(Config.nested("DOCSWEEP"))

/**
 * The crash tests' hook: `DOCSWEEP_TEST_CRASH_AT=after-intent:3` makes the runner SIGKILL itself the 3rd time it
 * reaches `after-intent` (several points: comma-separated). Unset, the runner passes every point. Only the test
 * child runner (runChild.ts) provides this layer.
 */
export const CrashAtLive = Layer.effect(
  CrashHook,
  Effect.gen(function* () {
    const setting = yield* Effect.orElseSucceed(crashAtConfig, () => Option.none<string>())
    const targets = Option.match(setting, { onNone: () => new Map<string, number>(), onSome: parse })
    const seen = yield* Ref.make(new Map<string, number>())
    return {
      crashAt: (point: CrashPoint) =>
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
)
