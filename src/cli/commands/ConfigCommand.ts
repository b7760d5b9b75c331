import { Effect } from "effect"
import type { Argv, CommandModule } from "yargs"
import { renderSources } from "../../pipeline/EffectiveConfig.js"
import { ExitCode } from "../ExitCode.js"
import { reportFailures } from "../Failures.js"
import { type ArgsOf, loadEffective, withServiceFlags } from "../PipelineArgs.js"
import { runCommandWith } from "../runCommand.js"

/** `docsweep config FILE`: the effective settings and where each came from; the token only as <redacted>. */
const builder = (yargs: Argv) =>
  withServiceFlags(yargs.positional("file", { type: "string", demandOption: true })).option("json", {
    type: "boolean",
    describe: "print JSON"
  })

export const ConfigCommand: CommandModule<object, ArgsOf<typeof builder>> = {
  command: "config <file>",
  describe: "the effective configuration and where each value came from (token redacted)",
  builder,
  handler: (argv) =>
    runCommandWith(
      argv,
      reportFailures(
        loadEffective(argv.file, argv).pipe(
          Effect.map(({ effective }) => {
            console.log(
              argv.json === true ? JSON.stringify(effective.sources, null, 2) : renderSources(effective.sources)
            )
            return ExitCode.ok
          })
        )
      )
    )
}
