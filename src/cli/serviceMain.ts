import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Logger } from "effect"
import yargs from "yargs"
import { hideBin } from "yargs/helpers"
import { docsAddFlags, serveFlags, tokenFlags, usersAddFlags } from "./commands/ServiceFlags.js"
import { docsAddProgram, serveProgram, tokenProgram, usersAddProgram } from "./ServicePrograms.js"

/**
 * The service's commands without the rest of the CLI (`npx tsx src/cli/serviceMain.ts serve --port 0 --data DIR`),
 * for tests and benchmarks that need the service as a real child process of its own. An entry point like `main.ts`,
 * so it lives beside it: the same programs (ServicePrograms), the same flags (ServiceFlags); only the runtime is
 * Effect's default (a signal ends `serve` with 0, a failure with 1).
 */
const run = <A, E extends { readonly message: string }>(program: Effect.Effect<A, E>) =>
  NodeRuntime.runMain(
    program.pipe(
      Effect.tapErrorCause((cause) => Console.error(Cause.isFailType(cause) ? cause.error.message : String(cause))),
      // stdout carries only the command's output (`listening on ...`, JSON, the token); logs go to stderr.
      Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger)))
    ),
    { disableErrorReporting: true, disablePrettyLogger: true }
  )

await yargs(hideBin(process.argv))
  .scriptName("serviceMain")
  .command("serve", "the local service", serveFlags, (argv) => run(serveProgram(argv)))
  .command("docs", "documents", (docs) =>
    docs.command("add <files..>", "add documents", docsAddFlags, (argv) => run(docsAddProgram(argv))).demandCommand(1)
  )
  .command("token", "print a token", tokenFlags, (argv) => run(tokenProgram(argv)))
  .command("users", "accounts", (users) =>
    users.command("add", "add an account", usersAddFlags, (argv) => run(usersAddProgram(argv))).demandCommand(1)
  )
  .demandCommand(1)
  .strict()
  .parseAsync()
