import { HttpClient, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Clock, Duration, Effect, Option, type Redacted, Ref, Schedule, Stream } from "effect"
import { retryAfterWait } from "../../api/RetryAfter.js"
import type { AnswerEngine, AnswerRequest, ChunkSink } from "./AnswerEngine.js"
import { buildMessages } from "./openai/ChatMessages.js"
import { boundedAnswer, coalesce, contentDeltas } from "./openai/ContentDeltas.js"
import {
  isRetryable,
  type ModelCallError,
  ModelRefused,
  ModelStreamError,
  ModelTimeout,
  ModelUnreachable,
  toEngineFailure,
  transportDetail
} from "./openai/ModelCallError.js"
import { selectContext } from "./openai/SelectContext.js"
import { isJsonReply, wholeAnswer } from "./openai/WholeReply.js"

export interface OpenAiEngineSettings {
  /** Base of an OpenAI-compatible API, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string
  readonly model: string
  /** Sent as a bearer token; local servers usually need none. */
  readonly apiKey: Redacted.Redacted | undefined
  /** Context budget for the document passages, in estimated tokens (chars / 4). Default 3000. */
  readonly contextTokens?: number | undefined
  /** Budget for a chat's earlier turns, in estimated tokens: the latest turns that fit are sent. Default 1000. */
  readonly historyTokens?: number | undefined
  /** Longest answer, in characters; a longer one fails the task (a model repeating itself). Default 100,000. */
  readonly maxAnswerChars?: number | undefined
  /** Attempts of one model call, the first included. Default 4. */
  readonly maxAttempts?: number | undefined
  /** Longest wait for the response headers and, once streaming, between two reads. Default 60 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** First retry delay, doubled after each attempt and jittered. Default 500 ms. */
  readonly retryBaseDelay?: Duration.DurationInput | undefined
  /**
   * Longest wait a Retry-After header (429, 503) may ask for; a longer one waits this long. Default 60 seconds:
   * an answer task holds a worker while it waits.
   */
  readonly maxRetryAfter?: Duration.DurationInput | undefined
}

// Tokens stream a few characters at a time; ~200-character chunks keep partial answers visible to pollers
// without one task write per token.
const chunkChars = 200

/**
 * The chat completions endpoint under `baseUrl`. The path goes before a query string, which stays: Azure OpenAI
 * and some gateways carry `?api-version=…` on every call.
 */
export const completionsUrl = (baseUrl: string): string => {
  if (!URL.canParse(baseUrl)) return `${baseUrl.replace(/\/+$/, "")}/chat/completions`
  const url = new URL(baseUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/chat/completions`
  return url.toString()
}

/**
 * Answers from any OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama, llama.cpp, LM Studio),
 * grounded in the request's best BM25-ranked passages and streamed as the model writes.
 */
export const makeOpenAiEngine = Effect.fn("OpenAiEngine.make")(function* (settings: OpenAiEngineSettings) {
  const client = yield* HttpClient.HttpClient
  const url = completionsUrl(settings.baseUrl)
  const contextTokens = settings.contextTokens ?? 3000
  const historyTokens = settings.historyTokens ?? 1000
  const maxAnswerChars = settings.maxAnswerChars ?? 100_000
  const timeout = Duration.decode(settings.timeout ?? "60 seconds")
  const maxRetryAfter = Duration.decode(settings.maxRetryAfter ?? "60 seconds")
  // Exponential backoff with jitter so parallel cells hitting one rate limit do not retry in lockstep; when the
  // server says how long to wait (Retry-After), that wait, capped, replaces the backoff.
  const retryPolicy = Schedule.exponential(settings.retryBaseDelay ?? "500 millis").pipe(
    Schedule.jittered,
    Schedule.intersect(Schedule.recurs(Math.max(0, (settings.maxAttempts ?? 4) - 1))),
    Schedule.intersect(Schedule.identity<ModelCallError>()),
    Schedule.modifyDelay(([, error], delay) =>
      error._tag === "ModelRefused" && error.retryAfter !== undefined
        ? Duration.min(error.retryAfter, maxRetryAfter)
        : delay
    )
  )

  const completionRequest = (request: AnswerRequest) => {
    const passages = selectContext(request.query, request.documents, contextTokens)
    const base = HttpClientRequest.post(url).pipe(
      HttpClientRequest.accept("text/event-stream"),
      HttpClientRequest.bodyUnsafeJson({
        model: settings.model,
        stream: true,
        messages: buildMessages(request, passages, historyTokens)
      })
    )
    return settings.apiKey === undefined ? base : HttpClientRequest.bearerToken(base, settings.apiKey)
  }

  const refusal = (response: HttpClientResponse.HttpClientResponse) =>
    Effect.gen(function* () {
      const body = yield* Effect.orElseSucceed(response.text, () => "")
      const now = yield* Clock.currentTimeMillis
      const retryAfter = retryAfterWait(response.headers["retry-after"], now)
      return yield* Effect.fail(new ModelRefused({ status: response.status, body, retryAfter }))
    })

  // The service's workers share this engine. A Retry-After told to one of them holds back every attempt until it
  // has passed (epoch ms), so the others do not each run into the rate limit with a request of their own.
  const pausedUntil = yield* Ref.make(0)
  const awaitPause = Effect.gen(function* () {
    const wait = (yield* Ref.get(pausedUntil)) - (yield* Clock.currentTimeMillis)
    if (wait > 0) yield* Effect.sleep(Duration.millis(wait))
  })
  const pauseFor = (error: ModelCallError) =>
    error._tag === "ModelRefused" && error.retryAfter !== undefined && isRetryable(error)
      ? Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const until = now + Duration.toMillis(Duration.min(error.retryAfter ?? Duration.zero, maxRetryAfter))
          return Ref.update(pausedUntil, (current) => Math.max(current, until))
        })
      : Effect.void

  // A 401 says the key is wrong, and the key is fixed for the engine's life: later tasks fail at once with the
  // same refusal instead of each sending the bad key again (thousands of cells, thousands of refused calls).
  const keyRefused = yield* Ref.make(Option.none<ModelRefused>())
  const remembered = Effect.flatMap(
    Ref.get(keyRefused),
    Option.match({ onNone: () => Effect.void, onSome: Effect.fail })
  )
  const rememberRefusal = (error: ModelCallError) =>
    error._tag === "ModelRefused" && error.status === 401 ? Ref.set(keyRefused, Option.some(error)) : Effect.void

  // One attempt up to the response headers. Retries happen only here, so an answer already streaming is
  // never started over (the service has appended its first chunks to the task).
  const openStream = (request: HttpClientRequest.HttpClientRequest) =>
    client.execute(request).pipe(
      // Only the underlying cause is kept: the request inside HttpClientError carries the key in its headers.
      Effect.mapError((error) => new ModelUnreachable({ detail: transportDetail(error.cause), cause: error.cause })),
      Effect.flatMap((response) =>
        response.status >= 200 && response.status < 300 ? Effect.succeed(response) : refusal(response)
      ),
      Effect.timeoutFail({ duration: timeout, onTimeout: () => new ModelTimeout({ after: timeout }) }),
      Effect.tapError((error) => Effect.zipRight(pauseFor(error), rememberRefusal(error))),
      // Checked after a pause too: a wait for one refusal may end after another refused the key.
      (attempt) => Effect.zipRight(awaitPause, Effect.zipRight(remembered, attempt)),
      Effect.retry({ schedule: retryPolicy, while: isRetryable })
    )

  // Once streaming, the timeout bounds the silence between two reads, not the whole (possibly long) answer.
  const readBody = (response: HttpClientResponse.HttpClientResponse) =>
    response.stream.pipe(
      Stream.catchTag("ResponseError", (error) =>
        Stream.fail(new ModelStreamError({ detail: transportDetail(error.cause), cause: error.cause }))
      ),
      Stream.timeoutFail(() => new ModelTimeout({ after: timeout }), timeout)
    )

  // Some servers and gateways ignore `stream: true` and answer with the whole completion as one JSON object.
  const readWhole = (response: HttpClientResponse.HttpClientResponse) =>
    response.text.pipe(
      Effect.mapError((error) => new ModelStreamError({ detail: transportDetail(error.cause), cause: error.cause })),
      Effect.timeoutFail({ duration: timeout, onTimeout: () => new ModelTimeout({ after: timeout }) }),
      Effect.flatMap(wholeAnswer),
      Stream.fromEffect,
      Stream.flatMap(({ text, cut }) =>
        Stream.concat(
          Stream.make(text).pipe(Stream.filter((t) => t !== "")),
          cut === undefined ? Stream.empty : Stream.fail(cut)
        )
      )
    )

  const readAnswer = (response: HttpClientResponse.HttpClientResponse) =>
    isJsonReply(response.headers["content-type"]) ? readWhole(response) : contentDeltas(readBody(response))

  const answer = (request: AnswerRequest, sink: ChunkSink) =>
    // Ranking and request building wait until the stream runs, not when it is described.
    Stream.unwrap(Effect.suspend(() => openStream(completionRequest(request))).pipe(Effect.map(readAnswer))).pipe(
      boundedAnswer(maxAnswerChars),
      coalesce(chunkChars),
      Stream.mapError((error: ModelCallError) => toEngineFailure(error, url, settings.apiKey)),
      Stream.runForEachWhile(sink),
      Effect.withSpan("OpenAiEngine.answer", { attributes: { model: settings.model, kind: request.kind } })
    )

  const engine: AnswerEngine = { name: "openai", answer }
  return engine
})
