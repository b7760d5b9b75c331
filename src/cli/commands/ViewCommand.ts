import { Console, Effect, Predicate } from "effect"
import type { Argv, CommandModule } from "yargs"
import { CheckpointStore } from "../../store/CheckpointStore.js"
import { localDocuments, makePageTexts } from "../../view/LocalPages.js"
import { makeViewSource } from "../../view/ViewSource.js"
import { startViewServer } from "../../view/ViewServer.js"
import { reportFailures } from "../Failures.js"
import type { ArgsOf } from "../PipelineArgs.js"
import { reportSettings } from "../Reports.js"
import { runCommandWith } from "../runCommand.js"
import { UsageError } from "../UsageError.js"
import { checkpointOf, withCheckpointFlags } from "./CheckpointCommands.js"

/** The reason a server could not listen (EADDRINUSE, EACCES …), from @effect/platform's ServeError. */
const causeText = (error: unknown): string =>
  Predicate.hasProperty(error, "cause") ? String(error.cause) : String(error)

const viewBuilder = (yargs: Argv) =>
  withCheckpointFlags(yargs)
    .option("port", { type: "number", default: 8790, describe: "port; 0 picks a free one" })
    .option("host", {
      type: "string",
      default: "127.0.0.1",
      describe: "address to listen on (loopback: only this machine can see the report)"
    })

/**
 * `docsweep view FILE`: the HTML report of the pipeline's latest run, served live from its checkpoint (read only,
 * beside a running run) until Ctrl-C.
 */
export const ViewCommand: CommandModule<object, ArgsOf<typeof viewBuilder>> = {
  command: "view <file>",
  describe: "serve the HTML report live from the checkpoint on 127.0.0.1 (read only; answers appear as they land)",
  builder: viewBuilder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        Effect.gen(function* () {
          const { effective, loaded, path } = yield* checkpointOf(argv.file, argv)
          const files = effective.pipeline.documents.flatMap((set) => (set._tag === "Files" ? set.paths : []))
          return yield* Effect.gen(function* () {
            const store = yield* CheckpointStore
            const source = yield* makeViewSource(store, {
              pipelineFile: loaded.file,
              settings: reportSettings(effective.sources)
            })
            const pageText = yield* makePageTexts(localDocuments(store, files))
            const url = yield* startViewServer(
              { version: source.version, current: source.current, pageText },
              { host: argv.host, port: argv.port }
            ).pipe(
              Effect.mapError(
                (cause) =>
                  new UsageError({
                    message: `docsweep view cannot listen on ${argv.host}:${argv.port}: ${causeText(cause)}`
                  })
              )
            )
            yield* Console.log(`viewing ${path} on ${url} (read only; Ctrl-C to stop)`)
            return yield* Effect.never
          }).pipe(Effect.scoped, Effect.provide(CheckpointStore.openReadOnly(path)))
        })
      )
    )
}
