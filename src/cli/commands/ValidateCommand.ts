import { Effect } from "effect"
import type { Argv } from "yargs"
import { loadPipeline } from "../../pipeline/loadPipeline.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import { type ArgvOf, withPipelineFile } from "../PipelineArgs.js"
import { effectCommand } from "../runCommand.js"
import { plural } from "../Words.js"

const builder = (yargs: Argv) =>
  withPipelineFile(yargs).example(
    "$0 validate pipelines/contracts.yaml",
    "every problem as FILE:LINE:COL: message (exit 2), or valid"
  )

/** `docsweep validate FILE`: every problem as FILE:LINE:COL, exit 2; nothing contacted or written. */
const validatePipeline = Effect.fn("ValidateCommand.validatePipeline")(function* (argv: ArgvOf<typeof builder>) {
  const output = yield* CliOutput
  const { pipeline } = yield* loadPipeline(argv.file)
  const { chats, columns, documents } = pipeline
  const counts = { documentSets: documents.length, columns: columns.length, chats: chats.length }
  output.result(
    `${argv.file}: valid (${plural(documents.length, "document set")}, ${plural(columns.length, "column")}, ${plural(chats.length, "chat")})`,
    counts
  )
  return ExitCode.ok
})

export const ValidateCommand = effectCommand(
  "validate <file>",
  "check a pipeline file and report every problem as FILE:LINE:COL",
  builder,
  validatePipeline
)
