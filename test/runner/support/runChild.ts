/**
 * A runner process for the tests, bundled by `globalSetup` (see `TestChildren`): `node .build/test/runChild.mjs
 * PIPELINE [--fresh] [--only-failed] [--dry-run] [--max-cells N] [--shard I/N]`. The service comes from
 * DOCSWEEP_BASE_URL and DOCSWEEP_TOKEN (DOCSWEEP_USER_ID, DOCSWEEP_ORG_ID), the checkpoint is `<output
 * dir>/state.sqlite` (locked), and the exit code is the outcome's. The summary is the last stdout line, as JSON.
 * `DOCSWEEP_TEST_CRASH_AT` makes the runner SIGKILL itself at a named point: this child provides the crash hook
 * (CrashAt.ts), production does not.
 */
import { join } from "node:path"
import { parseArgs } from "node:util"
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Effect, Exit, Layer, Logger, LogLevel } from "effect"
import { exitCodeOf } from "../../../src/cli/ExitCode.js"
import { resolveConfig } from "../../../src/pipeline/EffectiveConfig.js"
import { loadPipeline } from "../../../src/pipeline/loadPipeline.js"
import { runPipeline } from "../../../src/runner/Runner.js"
import { acquireLock } from "../../../src/store/PipelineLock.js"
import { CrashAtLive } from "./CrashAt.js"
import { runnerLayer } from "./childLayer.js"

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    fresh: { type: "boolean" },
    "only-failed": { type: "boolean" },
    "dry-run": { type: "boolean" },
    "max-cells": { type: "string" },
    shard: { type: "string" }
  }
})

const program = Effect.gen(function* () {
  const loaded = yield* loadPipeline(positionals[0] ?? "", { defaultsFile: null })
  const effective = yield* resolveConfig({ loaded })
  const stateFile = join(effective.pipeline.output.dir, "state.sqlite")
  yield* acquireLock(stateFile)
  const [index, count] = (values.shard ?? "").split("/").map(Number)
  const layer = Layer.merge(runnerLayer(effective, { stateFile, timeout: "20 seconds" }), CrashAtLive)
  const summary = yield* runPipeline({
    loaded,
    effective,
    dryRun: values["dry-run"] === true,
    fresh: values.fresh === true,
    onlyFailed: values["only-failed"] === true,
    maxCells: values["max-cells"] === undefined ? undefined : Number(values["max-cells"]),
    shard: index !== undefined && count !== undefined && count > 0 ? { index, count } : undefined
  }).pipe(Effect.provide(layer))
  yield* Effect.sync(() => process.stdout.write(`${JSON.stringify(summary)}\n`))
  return exitCodeOf(summary.outcome)
}).pipe(
  Effect.scoped,
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
  Logger.withMinimumLogLevel(process.env.DOCSWEEP_TEST_LOG === "debug" ? LogLevel.Debug : LogLevel.Warning)
)

NodeRuntime.runMain(program, {
  disableErrorReporting: true,
  disablePrettyLogger: true,
  teardown: (exit, onExit) => {
    if (Exit.isSuccess(exit)) return onExit(typeof exit.value === "number" ? exit.value : 1)
    if (Cause.isInterruptedOnly(exit.cause)) return onExit(130)
    process.stderr.write(`${Cause.pretty(exit.cause)}\n`)
    const locked = Cause.pretty(exit.cause).includes("PipelineLocked")
    onExit(locked ? 75 : 1)
  }
})
