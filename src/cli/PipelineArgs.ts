import { Effect } from "effect"
import type { ArgumentsCamelCase, Argv } from "yargs"
import { type ConfigFlags, resolveConfig } from "../pipeline/EffectiveConfig.js"
import { loadPipeline } from "../pipeline/loadPipeline.js"

/** The parsed arguments a yargs builder produces. */
export type ArgsOf<B> = B extends (yargs: Argv) => Argv<infer T> ? T : never

/** What a command's handler receives from that builder (option names camel-cased too). */
export type ArgvOf<B> = ArgumentsCamelCase<ArgsOf<B>>

/** What every command's help leaves out: `--version` belongs to docsweep itself (`docsweep --version`). */
export const commandHelp = <T>(yargs: Argv<T>) => yargs.hide("version")

/** The pipeline file every pipeline command takes. */
export const withPipelineFile = <T>(yargs: Argv<T>) =>
  commandHelp(yargs).positional("file", { type: "string", demandOption: true, describe: "the pipeline file (YAML)" })

/** Where a pipeline's output (checkpoint and reports) is, for the commands that read or write it. */
export const withOutputFlag = <T>(yargs: Argv<T>) =>
  yargs.option("output", { type: "string", describe: "output directory (default: the pipeline's output.dir)" })

/** How `run` reaches the service; each wins over the environment and the file. */
export const withServiceFlags = <T>(yargs: Argv<T>) =>
  withOutputFlag(yargs)
    .option("base-url", { type: "string", describe: "service base URL (default: the embedded local service)" })
    .option("token-file", { type: "string", describe: "file holding the bearer token (else DOCSWEEP_TOKEN)" })
    .option("user-id", { type: "number", describe: "your user id (else DOCSWEEP_USER_ID, the pipeline)" })
    .option("org-id", { type: "number", describe: "workspace id (else DOCSWEEP_ORG_ID, the pipeline)" })
    .option("concurrency", {
      type: "string",
      describe: "cells in flight: auto (learned from the service, the default) or a fixed number"
    })

interface ServiceFlagValues {
  readonly baseUrl?: string | undefined
  readonly tokenFile?: string | undefined
  readonly userId?: number | undefined
  readonly orgId?: number | undefined
  readonly output?: string | undefined
  readonly concurrency?: string | undefined
}

const configFlags = (argv: ServiceFlagValues): ConfigFlags => ({
  baseUrl: argv.baseUrl,
  tokenFile: argv.tokenFile,
  userId: argv.userId,
  orgId: argv.orgId,
  outputDir: argv.output,
  concurrency: argv.concurrency
})

/**
 * Loads and validates the pipeline, then layers environment and flags over it. Nothing is contacted or written.
 * `environment: false` leaves the DOCSWEEP_* variables out (the commands that only read a checkpoint).
 */
export const loadEffective = (
  file: string,
  argv: ServiceFlagValues,
  options: { readonly environment?: boolean } = {}
) =>
  Effect.gen(function* () {
    const loaded = yield* loadPipeline(file)
    const effective = yield* resolveConfig({ loaded, flags: configFlags(argv), ...options })
    return { loaded, effective }
  })
