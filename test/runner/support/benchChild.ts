/**
 * The runner process of the benchmark: `node --import tsx benchChild.ts PIPELINE`, with the service from
 * DOCSWEEP_BASE_URL / DOCSWEEP_TOKEN / DOCSWEEP_USER_ID / DOCSWEEP_ORG_ID. Every HTTP request and response byte goes
 * through a counting `HttpClient`; the last stdout line is `{ seconds, requests, bytes, throttled, cells, maxRssMb, outcome }`.
 */
import { join } from "node:path"
import { HttpClient } from "@effect/platform"
import { NodeHttpClient, NodeRuntime } from "@effect/platform-node"
import { Clock, Effect, Layer, Logger, LogLevel, Ref } from "effect"
import { resolveConfig } from "../../../src/pipeline/EffectiveConfig.js"
import { loadPipeline } from "../../../src/pipeline/loadPipeline.js"
import { runPipeline } from "../../../src/runner/Runner.js"
import { runnerLayer } from "./childLayer.js"

/** Heap high-water marks, sampled: where the peak RSS comes from. */
const peaks = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 }
const timeline = process.env.BENCH_TIMELINE !== undefined
const sampler = setInterval(() => {
  if (timeline) {
    const u = process.memoryUsage()
    process.stderr.write(
      `mem rss=${(u.rss / 2 ** 20).toFixed(0)} used=${(u.heapUsed / 2 ** 20).toFixed(0)} total=${(u.heapTotal / 2 ** 20).toFixed(0)} ext=${(u.external / 2 ** 20).toFixed(0)}\n`
    )
  }
  const usage = process.memoryUsage()
  peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed / 2 ** 20)
  peaks.heapTotal = Math.max(peaks.heapTotal, usage.heapTotal / 2 ** 20)
  peaks.external = Math.max(peaks.external, usage.external / 2 ** 20)
  peaks.arrayBuffers = Math.max(peaks.arrayBuffers, usage.arrayBuffers / 2 ** 20)
}, 200)

const program = Effect.gen(function* () {
  const loaded = yield* loadPipeline(process.argv[2] ?? "", { defaultsFile: null })
  const effective = yield* resolveConfig({ loaded })
  const requests = yield* Ref.make(0)
  const bytes = yield* Ref.make(0)
  const throttled = yield* Ref.make(0)
  const counting = Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) =>
      client.pipe(
        HttpClient.tapRequest(() => Ref.update(requests, (n) => n + 1)),
        HttpClient.transformResponse((response) =>
          Effect.tap(response, (reply) =>
            Effect.zipRight(
              Ref.update(bytes, (n) => n + Number(reply.headers["content-length"] ?? 0)),
              reply.status === 429 ? Ref.update(throttled, (n) => n + 1) : Effect.void
            )
          )
        )
      )
    )
  ).pipe(Layer.provide(NodeHttpClient.layer))
  const layer = runnerLayer(effective, {
    stateFile: join(effective.pipeline.output.dir, "state.sqlite"),
    http: counting
  })
  const started = yield* Clock.currentTimeMillis
  const summary = yield* runPipeline({ loaded, effective, dryRun: false, fresh: true, onlyFailed: false }).pipe(
    Effect.provide(layer)
  )
  const seconds = ((yield* Clock.currentTimeMillis) - started) / 1000
  const figures = {
    seconds,
    requests: yield* Ref.get(requests),
    bytes: yield* Ref.get(bytes),
    throttled: yield* Ref.get(throttled),
    cells: summary.cells.success,
    failed: summary.cells.failed,
    outcome: summary.outcome,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    peaks
  }
  clearInterval(sampler)
  yield* Effect.sync(() => process.stdout.write(`${JSON.stringify(figures)}\n`))
}).pipe(
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
  Effect.provide(Logger.minimumLogLevel(process.env.DOCSWEEP_TEST_LOG === "debug" ? LogLevel.Debug : LogLevel.Warning))
)

NodeRuntime.runMain(program)
