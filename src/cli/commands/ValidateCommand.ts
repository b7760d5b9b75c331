import { Effect } from "effect"
import type { CommandModule } from "yargs"
import { loadPipeline } from "../../pipeline/loadPipeline.js"
import { ExitCode } from "../ExitCode.js"
import { reportFailures } from "../Failures.js"
import { runCommandWith } from "../runCommand.js"

/** `docsweep validate FILE`: every problem as FILE:LINE:COL, exit 2; nothing contacted or written. */
export const ValidateCommand: CommandModule<object, { file: string }> = {
  command: "validate <file>",
  describe: "check a pipeline file and report every problem as FILE:LINE:COL",
  builder: (yargs) => yargs.positional("file", { type: "string", demandOption: true }),
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        loadPipeline(argv.file).pipe(
          Effect.map(({ pipeline }) => {
            const { chats, columns, documents } = pipeline
            console.log(
              `${argv.file}: valid (${documents.length} document sets, ${columns.length} columns, ${chats.length} chats)`
            )
            return ExitCode.ok
          })
        )
      )
    )
}
