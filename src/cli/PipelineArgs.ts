import { Effect } from "effect"
import type { Argv } from "yargs"

/** The parsed arguments a yargs builder produces. */
export type ArgsOf<B> = B extends (yargs: Argv) => Argv<infer T> ? T : never
import { type ConfigFlags, resolveConfig } from "../pipeline/EffectiveConfig.js"
import { loadPipeline } from "../pipeline/loadPipeline.js"

/** Flags every command that reads a pipeline accepts; each wins over the environment and the file. */
export const withServiceFlags = <T>(yargs: Argv<T>) =>
  yargs
    .option("base-url", { type: "string", describe: "service base URL (default: the embedded local service)" })
    .option("token-file", { type: "string", describe: "file holding the bearer token (else DOCSWEEP_TOKEN)" })
    .option("user-id", { type: "number", describe: "your user id (else DOCSWEEP_USER_ID, the pipeline)" })
    .option("org-id", { type: "number", describe: "workspace id (else DOCSWEEP_ORG_ID, the pipeline)" })
    .option("output", { type: "string", describe: "output directory (default output/<name>)" })
    .option("concurrency", {
      type: "string",
      describe: "cells in flight: auto (learned from the service, the default) or a fixed number"
    })

export interface ServiceFlagValues {
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

/** Loads and validates the pipeline, then layers environment and flags over it. Nothing is contacted or written. */
export const loadEffective = (file: string, argv: ServiceFlagValues) =>
  Effect.gen(function* () {
    const loaded = yield* loadPipeline(file)
    const effective = yield* resolveConfig({ loaded, env: process.env, flags: configFlags(argv) })
    return { loaded, effective }
  })
