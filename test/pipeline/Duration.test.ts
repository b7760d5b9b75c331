import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Either, ParseResult, Schema } from "effect"
import { didYouMean } from "../../src/pipeline/DidYouMean.js"
import { DurationFromString, formatDuration, parseDurationMillis } from "../../src/pipeline/Duration.js"

const decode = Schema.decodeUnknownEither(DurationFromString)

describe("DurationFromString", () => {
  it.effect("reads a number and a unit, or several", () =>
    Effect.sync(() => {
      const cases: ReadonlyArray<readonly [string, number]> = [
        ["500ms", 500],
        ["2s", 2_000],
        ["10m", 600_000],
        ["1h", 3_600_000],
        ["1h30m", 5_400_000],
        ["1d", 86_400_000],
        ["1.5s", 1_500],
        [" 1h 30m ", 5_400_000],
        ["0s", 0]
      ]
      for (const [text, millis] of cases) {
        const decoded = decode(text)
        assert.isTrue(Either.isRight(decoded) && Duration.toMillis(decoded.right) === millis, text)
      }
    })
  )

  it.effect("says what it expected", () =>
    Effect.sync(() => {
      for (const bad of ["10", "ten minutes", "5 mins", "", "1x", "-1s", 30, null]) {
        const decoded = decode(bad)
        assert.isTrue(Either.isLeft(decoded))
        if (Either.isLeft(decoded)) {
          const [issue] = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
          assert.match(issue?.message ?? "", /^expected a duration like 500ms, 2s, 10m or 1h30m, got /)
        }
      }
      assert.strictEqual(parseDurationMillis("1y"), undefined)
    })
  )

  it.effect("writes the shortest text that reads back the same", () =>
    Effect.sync(() => {
      assert.strictEqual(formatDuration(Duration.millis(5_400_000)), "1h30m")
      assert.strictEqual(formatDuration(Duration.millis(1_500)), "1s500ms")
      assert.strictEqual(formatDuration(Duration.zero), "0s")
      assert.strictEqual(formatDuration(Duration.days(1)), "24h")
      assert.strictEqual(Schema.encodeSync(DurationFromString)(Duration.seconds(90)), "1m30s")
      // The longest duration read (100000d) writes back as text that reads again.
      const longest = decode("100000d")
      assert.isTrue(Either.isRight(longest) && Either.isRight(decode(formatDuration(longest.right))))
    })
  )
})

describe("didYouMean", () => {
  it.effect("suggests close keys only", () =>
    Effect.sync(() => {
      assert.strictEqual(didYouMean("colums", ["name", "columns", "chats"]), "columns")
      assert.strictEqual(didYouMean("Concurency", ["concurrency", "batch_size"]), "concurrency")
      assert.strictEqual(didYouMean("batchsize", ["concurrency", "batch_size"]), "batch_size")
      assert.strictEqual(didYouMean("docuemnts", ["documents"]), "documents")
      assert.strictEqual(didYouMean("owner", ["name", "columns"]), undefined)
    })
  )
})
