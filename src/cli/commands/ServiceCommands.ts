import { Effect } from "effect"
import type { Argv, CommandModule } from "yargs"
import { ExitCode } from "../ExitCode.js"
import { commandHelp } from "../PipelineArgs.js"
import { effectCommand } from "../runCommand.js"
import { docsAddProgram, serveProgram, tokenProgram, usersAddProgram } from "../ServicePrograms.js"
import { docsAddFlags, serveFlags, tokenFlags, usersAddFlags } from "./ServiceFlags.js"

/** A command that only groups its subcommands (`docs add`, `users add`): it does nothing by itself. */
const groupCommand = <U>(command: string, describe: string, subcommand: CommandModule<object, U>): CommandModule => ({
  command,
  describe,
  builder: (yargs) => commandHelp(yargs).command(subcommand).demandCommand(1, "no command"),
  handler: () => undefined
})

const serveBuilder = (yargs: Argv) =>
  commandHelp(serveFlags(yargs))
    .example("$0 serve --port 8787 --data .docsweep/service", "prints `listening on http://127.0.0.1:8787`")
    .example("$0 serve --port 0 --engine latency --latency-ms 200 --fault-rate 0.1", "a test double for clients")

/** `docsweep serve`: the local implementation of the service. */
export const ServeCommand = effectCommand(
  "serve",
  "run the local implementation of the service (SQLite, JWT auth, offline answers)",
  serveBuilder,
  (argv) => serveProgram(argv).pipe(Effect.as(ExitCode.ok)),
  { interrupted: "serve stopped: open connections were closed, workers stopped, the database closed" }
)

const docsAddBuilder = (yargs: Argv) =>
  commandHelp(docsAddFlags(yargs)).example(
    "$0 docs add --org 1 --user 1 contracts/*.pdf",
    'prints [{"id":…,"filename":…,"pages":…}]'
  )

/** `docsweep docs add --org O --user U FILE...` */
const DocsAddCommand = effectCommand(
  "add <files..>",
  "add .txt .md .html .pdf .docx files as documents (prints their ids as JSON)",
  docsAddBuilder,
  (argv) => docsAddProgram(argv).pipe(Effect.as(ExitCode.ok))
)

/** `docsweep docs <command>`: documents of the local service. */
export const DocsCommand = groupCommand("docs <command>", "documents of the local service: docs add", DocsAddCommand)

const usersAddBuilder = (yargs: Argv) =>
  commandHelp(usersAddFlags(yargs)).example(
    "$0 users add --email ada@example.com --password 'correct horse' --org 1",
    "then POST /api/auth"
  )

/** `docsweep users add --email E --password P --org O [--plan …]` */
const UsersAddCommand = effectCommand("add", "add an account that POST /api/auth accepts", usersAddBuilder, (argv) =>
  usersAddProgram(argv).pipe(Effect.as(ExitCode.ok))
)

/** `docsweep users <command>`: accounts of the local service. */
export const UsersCommand = groupCommand(
  "users <command>",
  "accounts of the local service for POST /api/auth: users add",
  UsersAddCommand
)

const tokenBuilder = (yargs: Argv) =>
  commandHelp(tokenFlags(yargs)).example(
    "TOKEN=$($0 token --user 1 --org 1 --plan advanced)",
    "a 24 h token for curl or a run's --token-file"
  )

/** `docsweep token --user U --org O [--plan …] [--ttl 24h]` */
export const TokenCommand = effectCommand(
  "token",
  "print a token signed by the local service's secret",
  tokenBuilder,
  (argv) => tokenProgram(argv).pipe(Effect.as(ExitCode.ok))
)
