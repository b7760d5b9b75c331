import { assert, describe, it } from "@effect/vitest"
import { Effect, Logger, LogLevel, Option, Ref } from "effect"
import { livePaths } from "../../src/export/html/PageData.js"
import { startViewServer } from "../../src/view/ViewServer.js"

describe("the view server's log", () => {
  it.scopedLive("says why an answer failed once per reason, not once per poll of an open page", () =>
    Effect.gen(function* () {
      const logged = yield* Ref.make<ReadonlyArray<string>>([])
      const logger = Logger.make(({ logLevel, message }) => {
        if (LogLevel.greaterThanEqual(logLevel, LogLevel.Warning)) {
          Ref.update(logged, (lines) => [...lines, String(message)]).pipe(Effect.runSync)
        }
      })
      // The version a page polls for: unreadable on asks 1–3, readable on ask 4, unreadable again from ask 5.
      const asks = yield* Ref.make(0)
      const version = Effect.flatMap(
        Ref.updateAndGet(asks, (n) => n + 1),
        (n) => (n === 4 ? Effect.succeed("v1") : Effect.fail(new Error("SQLITE_IOERR: disk I/O error")))
      )
      const url = yield* startViewServer(
        { version, current: Effect.die("not asked"), pageText: () => Effect.succeed(Option.none()) },
        { host: "127.0.0.1", port: 0 }
      ).pipe(Effect.provide(Logger.replace(Logger.defaultLogger, logger)))
      const statuses: Array<number> = []
      for (let i = 0; i < 6; i++) {
        statuses.push(yield* Effect.promise(() => fetch(`${url}${livePaths.version}`).then((reply) => reply.status)))
      }
      assert.deepStrictEqual(statuses, [500, 500, 500, 200, 500, 500])
      const lines = yield* Ref.get(logged)
      // Once for the first failure, once again after the answer that worked in between.
      assert.strictEqual(lines.length, 2, lines.join("\n"))
      for (const line of lines) assert.include(line, "SQLITE_IOERR")
    })
  )
})
