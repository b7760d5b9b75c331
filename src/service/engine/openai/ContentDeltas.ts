import { Effect, Either, Option, Schema, Stream } from "effect"
import { ModelStreamError } from "./ModelCallError.js"
import { CompletionChunk, cutShort, errorText, textOf } from "./ReplyShapes.js"

const decodeChunk = Schema.decodeUnknownEither(Schema.parseJson(CompletionChunk))

const doneMarker = "[DONE]"

interface Delta {
  readonly content: string
  /** The model said it is done: `finish_reason` set, or the `[DONE]` event. */
  readonly finished: boolean
  /** Set when the finish reason says the answer was cut short. */
  readonly cut?: ModelStreamError | undefined
  /** The event held a choice: a stream with none is not a chat completion, whatever it ends with. */
  readonly choice: boolean
}

// SSE "data:" field: the one optional space after the colon is not part of the value (WHATWG HTML §9.2.6).
const dataOf = (line: string): string | undefined =>
  line.startsWith("data:") ? line.slice(line.charCodeAt(5) === 32 ? 6 : 5) : undefined

const deltaOf = (data: string): Effect.Effect<Delta, ModelStreamError> => {
  if (data.trim() === doneMarker) return Effect.succeed({ content: "", finished: true, choice: false })
  const decoded = decodeChunk(data)
  // Lines of other shapes (vendor extras) carry no answer text.
  if (Either.isLeft(decoded)) return Effect.succeed({ content: "", finished: false, choice: false })
  const { choices, error } = decoded.right
  if (error !== undefined) {
    return Effect.fail(new ModelStreamError({ detail: errorText(error) }))
  }
  const choice = choices?.[0]
  return Effect.succeed({
    content: textOf(choice?.delta?.content),
    finished: choice?.finish_reason !== undefined && choice.finish_reason !== null,
    cut: cutShort(choice?.finish_reason),
    choice: choice !== undefined
  })
}

const truncated = new ModelStreamError({ detail: "the stream ended before the answer was complete" })

// An endpoint of another API (or a proxy's page) ended with `[DONE]` would otherwise be an empty "answer".
const noChoices = new ModelStreamError({
  detail: "the stream held no completion choices (is the base URL an OpenAI-compatible chat completions API?)"
})

interface Seen {
  readonly finished: boolean
  readonly choice: boolean
}

const ending = ({ finished, choice }: Seen): Effect.Effect<readonly [Seen, ReadonlyArray<string>], ModelStreamError> =>
  !finished ? Effect.fail(truncated) : !choice ? Effect.fail(noChoices) : Effect.succeed([{ finished, choice }, []])

/**
 * The answer text of an OpenAI streaming completion (server-sent events: `data: {json}` lines ending with
 * `data: [DONE]`), one element per non-empty `choices[0].delta.content`. A stream that ends before a
 * `finish_reason` or `[DONE]` fails: a cut connection must not pass for a complete answer; so does one whose
 * finish reason says it was cut (after its last text), and one without a single choice.
 */
export const contentDeltas = <E, R>(
  bytes: Stream.Stream<Uint8Array, E, R>
): Stream.Stream<string, E | ModelStreamError, R> =>
  bytes.pipe(
    Stream.decodeText(),
    Stream.splitLines,
    Stream.filterMap((line) => Option.fromNullable(dataOf(line))),
    Stream.takeUntil((data) => data.trim() === doneMarker),
    Stream.mapEffect(deltaOf),
    Stream.flatMap((delta) =>
      delta.cut === undefined ? Stream.succeed(delta) : Stream.concat(Stream.succeed(delta), Stream.fail(delta.cut))
    ),
    Stream.map(Option.some),
    Stream.concat(Stream.succeed(Option.none<Delta>())),
    Stream.mapAccumEffect(
      { finished: false, choice: false } satisfies Seen,
      (seen, delta): Effect.Effect<readonly [Seen, ReadonlyArray<string>], ModelStreamError> =>
        Option.match(delta, {
          onNone: () => ending(seen),
          onSome: ({ content, finished, choice }) =>
            Effect.succeed([
              { finished: seen.finished || finished, choice: seen.choice || choice },
              content === "" ? [] : [content]
            ])
        })
    ),
    Stream.flattenIterables
  )

/**
 * Joins small deltas into chunks of at least `minChars` characters (the rest at the end), so a model streaming
 * one token at a time does not turn into one service write per token.
 */
export const coalesce =
  (minChars: number) =>
  <E, R>(deltas: Stream.Stream<string, E, R>): Stream.Stream<string, E, R> =>
    deltas.pipe(
      Stream.map(Option.some),
      Stream.concat(Stream.succeed(Option.none<string>())),
      Stream.mapAccum("", (buffer, delta): readonly [string, ReadonlyArray<string>] =>
        Option.match(delta, {
          onNone: () => ["", buffer === "" ? [] : [buffer]],
          onSome: (text) => {
            const joined = buffer + text
            return joined.length >= minChars ? ["", [joined]] : [joined, []]
          }
        })
      ),
      Stream.flattenIterables
    )

/**
 * Fails once the deltas pass `maxChars` in all: a model caught repeating itself streams until stopped, and the
 * failed stream closes the connection, which stops the server generating.
 */
export const boundedAnswer =
  (maxChars: number) =>
  <E, R>(deltas: Stream.Stream<string, E, R>): Stream.Stream<string, E | ModelStreamError, R> =>
    deltas.pipe(
      Stream.mapAccumEffect(0, (total, delta): Effect.Effect<readonly [number, string], ModelStreamError> => {
        const now = total + delta.length
        return now > maxChars
          ? Effect.fail(
              new ModelStreamError({
                detail: `the answer passed ${maxChars} characters without ending (is the model repeating itself?)`
              })
            )
          : Effect.succeed([now, delta])
      })
    )
