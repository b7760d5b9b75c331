import yargs from "yargs"
import { hideBin } from "yargs/helpers"
import { DiffCommand, ExportCommand, StatusCommand } from "./commands/CheckpointCommands.js"
import { ConfigCommand } from "./commands/ConfigCommand.js"
import { MergeCommand } from "./commands/MergeCommand.js"
import { RunCommand } from "./commands/RunCommand.js"
import { DocsCommand, ServeCommand, TokenCommand, UsersCommand } from "./commands/ServiceCommands.js"
import { ValidateCommand } from "./commands/ValidateCommand.js"
import { ViewCommand } from "./commands/ViewCommand.js"
import { docsweepVersion } from "./Version.js"

await yargs(hideBin(process.argv))
  .scriptName("docsweep")
  .usage("$0 <command> [options]\n\nBulk AI extractions over document libraries, resumable and cron-safe.")
  .command(RunCommand)
  .command(ValidateCommand)
  .command(ExportCommand)
  .command(StatusCommand)
  .command(ConfigCommand)
  .command(DiffCommand)
  .command(ViewCommand)
  .command(MergeCommand)
  .command(ServeCommand)
  .command(DocsCommand)
  .command(UsersCommand)
  .command(TokenCommand)
  .option("log-format", {
    type: "string",
    choices: ["text", "json"],
    default: "text",
    global: true,
    describe: "log lines as text or one JSON object per line"
  })
  .option("quiet", { type: "boolean", global: true, describe: "only warnings and errors" })
  .option("verbose", { type: "boolean", global: true, describe: "debug logging" })
  .demandCommand(1, "name a command; see --help")
  .strict()
  .recommendCommands()
  .help()
  .alias("h", "help")
  .version(docsweepVersion)
  .wrap(Math.min(120, process.stdout.columns ?? 100))
  .parseAsync()
