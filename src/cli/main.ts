import yargs from "yargs"
import { hideBin } from "yargs/helpers"
import { ConfigCommand } from "./commands/ConfigCommand.js"
import { ValidateCommand } from "./commands/ValidateCommand.js"
import { notYetAvailable, runCommand } from "./runCommand.js"

const stub = (name: string) => () => runCommand(notYetAvailable(name))

await yargs(hideBin(process.argv))
  .scriptName("docsweep")
  .usage("$0 <command> [options]\n\nBulk AI extractions over document libraries, resumable and cron-safe.")
  .command(
    "run <file>",
    "run a pipeline: tables, cells and chats, checkpointed; ends with its reports",
    {},
    stub("run")
  )
  .command(ValidateCommand)
  .command("export <file>", "write the reports again from the checkpoint alone", {}, stub("export"))
  .command("status <file>", "runs, counts, failures and the lock, from the checkpoint alone", {}, stub("status"))
  .command(ConfigCommand)
  .command("diff <file>", "answers that changed between two runs", {}, stub("diff"))
  .command("merge <dirs..>", "combine shard checkpoints into one checkpoint and one report", {}, stub("merge"))
  .command("serve", "run the local implementation of the service", {}, stub("serve"))
  .command("docs <action> [files..]", "add documents to the local service (docs add)", {}, stub("docs"))
  .command("users <action>", "add accounts to the local service (users add)", {}, stub("users"))
  .command("token", "print a signed token for the local service", {}, stub("token"))
  .demandCommand(1, "name a command; see --help")
  .strict()
  .recommendCommands()
  .help()
  .alias("h", "help")
  .version()
  .wrap(Math.min(120, process.stdout.columns ?? 100))
  .parseAsync()
