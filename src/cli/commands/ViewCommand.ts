import { Effect, Predicate } from "effect"
import type { Argv } from "yargs"
import { listedSettings } from "../../pipeline/EffectiveConfig.js"
import { urlHost } from "../../service/ServiceSettings.js"
import { lockIsFree } from "../../store/PipelineLock.js"
import { makePageTexts } from "../../view/LocalPages.js"
import { makeViewCheckpoint } from "../../view/ViewCheckpoint.js"
import { startViewServer } from "../../view/ViewServer.js"
import { makeViewSource } from "../../view/ViewSource.js"
import { CliOutput } from "../CliOutput.js"
import type { ArgvOf } from "../PipelineArgs.js"
import { effectCommand } from "../runCommand.js"
import { UsageError } from "../UsageError.js"
import { checkpointOf, withCheckpointFlags } from "./CheckpointCommand.js"

/** The reason a server could not listen (EADDRINUSE, EACCES …), from @effect/platform's ServeError. */
const causeText = (error: unknown): string =>
  Predicate.hasProperty(error, "cause") ? String(error.cause) : String(error)

const viewBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("port", { type: "number", default: 8790, describe: "port to listen on; 0 picks a free one" })
    .option("host", {
      type: "string",
      default: "127.0.0.1",
      describe: "address to listen on (loopback: only this machine can see the report)"
    })
    .example("$0 view pipelines/contracts.yaml", "prints `viewing … on http://127.0.0.1:8790`: open it in a browser")
    .example("$0 view pipelines/contracts.yaml --port 0", "on a free port (the line printed names it)")

/**
 * `docsweep view FILE`: the HTML report of the pipeline's latest run, served live from its checkpoint (read only,
 * beside a running run) until Ctrl-C.
 */
const viewReport = Effect.fn("ViewCommand.viewReport")(function* (argv: ArgvOf<typeof viewBuilder>) {
  const output = yield* CliOutput
  if (argv.port > 65_535) {
    return yield* new UsageError({ message: `--port takes a port number up to 65535; got "${argv.port}"` })
  }
  const { effective, loaded, path } = yield* checkpointOf(argv.file, argv)
  const files = effective.pipeline.documents.flatMap((set) => (set._tag === "Files" ? set.paths : []))
  return yield* Effect.gen(function* () {
    const checkpoint = yield* makeViewCheckpoint(path)
    const source = yield* makeViewSource(checkpoint, {
      pipelineFile: loaded.file,
      settings: listedSettings(effective.sources),
      lockFree: lockIsFree(path)
    })
    const pageText = yield* makePageTexts(checkpoint, files)
    const url = yield* startViewServer(
      { version: source.version, current: source.current, pageText },
      { host: argv.host, port: argv.port }
    ).pipe(
      Effect.mapError(
        (cause) =>
          new UsageError({
            message: `cannot listen on ${urlHost(argv.host)}:${argv.port}: ${causeText(cause)}`
          })
      )
    )
    output.result(`viewing ${path} on ${url} (read only; Ctrl-C to stop)`, { checkpoint: path, url })
    return yield* Effect.never
  }).pipe(Effect.scoped)
})

export const ViewCommand = effectCommand(
  "view <file>",
  "serve the HTML report live from the checkpoint on 127.0.0.1 (read only; answers appear as they land)",
  viewBuilder,
  viewReport,
  { interrupted: "view stopped: the server closed; the checkpoint was only read, never written" }
)
