import { Effect } from "effect"
import type { Argv } from "yargs"
import { renderSources } from "../../pipeline/EffectiveConfig.js"
import { CliOutput } from "../CliOutput.js"
import { ExitCode } from "../ExitCode.js"
import { type ArgvOf, loadEffective, withPipelineFile, withServiceFlags } from "../PipelineArgs.js"
import { effectCommand } from "../runCommand.js"

// The flags of `run` that set a value shown here, so that `config` shows what such a run would use.
const builder = (yargs: Argv) =>
  withServiceFlags(withPipelineFile(yargs))
    .option("json", { type: "boolean", describe: "print JSON" })
    .example(
      "$0 config pipelines/contracts.yaml",
      "each setting, and whether the pipeline, the environment or a default set it"
    )
    .example(
      "DOCSWEEP_BASE_URL=https://cite.petal.org $0 config pipelines/contracts.yaml --json",
      "what a cron job's environment makes of it"
    )
    .example(
      "$0 config pipelines/contracts.yaml --token-file ~/.docsweep-token --user-id 7",
      "what `run` with these flags would use (the token file is checked, never shown)"
    )

/**
 * `docsweep config FILE`: the effective settings and where each came from, with `run`'s flags that set them; the
 * token only as <redacted>.
 */
const showConfig = Effect.fn("ConfigCommand.showConfig")(function* (argv: ArgvOf<typeof builder>) {
  const output = yield* CliOutput
  const { effective } = yield* loadEffective(argv.file, argv)
  // A setting that is not set has `value: null` in JSON rather than no `value` at all.
  const sources = effective.sources.map(({ key, source, value }) => ({ key, value: value ?? null, source }))
  if (output.format === "json") output.result(`configuration of ${argv.file}`, { sources })
  else output.result(argv.json === true ? JSON.stringify(sources, null, 2) : renderSources(effective.sources))
  return ExitCode.ok
})

export const ConfigCommand = effectCommand(
  "config <file>",
  "the effective configuration and where each value came from (token redacted)",
  builder,
  showConfig
)
