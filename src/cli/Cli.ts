import yargs from "yargs"
import { logFormatOf, makeCliOutput } from "./CliOutput.js"
import { ConfigCommand } from "./commands/ConfigCommand.js"
import { DiffCommand } from "./commands/DiffCommand.js"
import { ExportCommand } from "./commands/ExportCommand.js"
import { MergeCommand } from "./commands/MergeCommand.js"
import { RunCommand } from "./commands/RunCommand.js"
import { DocsCommand, ServeCommand, TokenCommand, UsersCommand } from "./commands/ServiceCommands.js"
import { StatusCommand } from "./commands/StatusCommand.js"
import { ValidateCommand } from "./commands/ValidateCommand.js"
import { ViewCommand } from "./commands/ViewCommand.js"
import { ExitCode } from "./ExitCode.js"
import { reportUsageProblem } from "./Failures.js"
import { commandWords, describeUsageFailure, numberProblems } from "./UsageFailure.js"
import { docsweepVersion } from "./Version.js"

const exitCodes = `Exit codes:
  0    every cell and chat answered
  1    internal error (report it with the checkpoint), or a service reply that breaks the interface
  2    invalid input: the pipeline, a flag, a request the service rejected, a damaged checkpoint,
       a local service's data directory or address
  3    finished, some cells or chats failed
  4    refused by the service (401/403)
  5    service unavailable, or the run's deadline reached: run again later, it resumes
  75   another run of this pipeline holds the lock
  130  interrupted (Ctrl-C, SIGTERM): run again, it resumes`

/**
 * A command line yargs cannot use ends here: the problem and the value typed in a line or two, where the help is,
 * exit 2 (as gh does; the whole help is one `--help` away). With `--log-format json`, one JSON object.
 */
const usageFailure =
  (args: ReadonlyArray<string>) =>
  (message: string | undefined, error: Error | undefined, usage: unknown): never => {
    const output = makeCliOutput(logFormatOf(args))
    const known =
      typeof usage === "object" &&
      usage !== null &&
      "getDescriptions" in usage &&
      typeof usage.getDescriptions === "function"
        ? Object.keys(Object(usage.getDescriptions()))
        : []
    const command = commandWords(args)
    const problem = describeUsageFailure(message ?? error?.message ?? "unusable command line", args, known)
    reportUsageProblem(output, command, [{ text: problem, fields: {} }], ExitCode.invalidInput)
    return process.exit(ExitCode.invalidInput)
  }

/** docsweep's command line over `args`, ready to parse (`main.ts`), or to render help in tests. */
export const docsweepCli = (args: ReadonlyArray<string>) =>
  yargs([...args])
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
      describe: "log lines (and messages) as text or one JSON object per line"
    })
    .option("quiet", { type: "boolean", global: true, describe: "only warnings and errors" })
    .option("verbose", { type: "boolean", global: true, describe: "debug logging" })
    .check((argv) => {
      // One of them would win silently; a cron line that says both was written by mistake.
      const both = argv.quiet === true && argv.verbose === true ? ["--quiet and --verbose contradict each other"] : []
      const problems = [...both, ...numberProblems(argv, args)]
      if (problems.length > 0) throw new Error(problems.join("\n"))
      return true
    }, true)
    .demandCommand(1, "no command")
    .strict()
    .recommendCommands()
    .fail(usageFailure(args))
    .help()
    .alias("h", "help")
    .version(docsweepVersion)
    .epilogue(exitCodes)
    .wrap(Math.min(120, process.stdout.columns ?? 100))
