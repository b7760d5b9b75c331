import { resolve } from "node:path"
import { Config, Data, Effect, Either, Option, ParseResult, Redacted, Schema } from "effect"
import type { OrganizationId, UserId } from "../api/Ids.js"
import { BaseUrl } from "./BaseUrl.js"
import { type ConfigEntry, type ConfigSource, describeSources } from "./ConfigSources.js"
import { PositiveDuration } from "./Duration.js"
import { expected, NonEmptyList, NonEmptyText, PositiveInt, UserIdField, WorkspaceIdField } from "./Fields.js"
import type { LoadedPipeline } from "./loadPipeline.js"
import { Format } from "./OutputSettings.js"
import type { Pipeline } from "./PipelineSchema.js"
import { Concurrency } from "./RunSettings.js"
import { checkToken, readTokenFile } from "./TokenSources.js"

export {
  type ConfigEntry,
  type ConfigSource,
  listedSettings,
  redactedText,
  renderSources
} from "./ConfigSources.js"

const Visibility = Schema.Literal("private", "shared").annotations({ message: expected('"private" or "shared"') })
const Formats = NonEmptyList(Format, "formats", "format")

/** How to reach the service. The token is only ever held `Redacted`. */
export interface ServiceSettings {
  readonly baseUrl?: string
  readonly token?: Redacted.Redacted<string>
  readonly userId?: UserId
  readonly orgId?: OrganizationId
}

/** Command-line overrides, already parsed by the CLI; each wins over everything else. */
export interface ConfigFlags {
  readonly baseUrl?: string | undefined
  readonly userId?: number | undefined
  readonly orgId?: number | undefined
  readonly tokenFile?: string | undefined
  /** `auto` or a whole number, as typed. */
  readonly concurrency?: number | string | undefined
  readonly batchSize?: number | undefined
  readonly deadline?: string | undefined
  readonly visibility?: string | undefined
  readonly outputDir?: string | undefined
  readonly formats?: ReadonlyArray<string> | undefined
}

export interface EffectiveConfig {
  readonly pipeline: Pipeline
  readonly service: ServiceSettings
  readonly sources: ReadonlyArray<ConfigEntry>
}

/** Settings from the environment or flags that cannot be used; each problem names its variable or flag. */
export class ConfigInvalid extends Data.TaggedError("ConfigInvalid")<{ readonly problems: ReadonlyArray<string> }> {
  override get message(): string {
    return this.problems.join("\n")
  }
}

type Check<A> = Either.Either<A | undefined, string>

/** Decodes `value` (absent stays absent); the failure names `label`, e.g. `DOCSWEEP_USER_ID: expected …`. */
const check = <A, I>(schema: Schema.Schema<A, I>, label: string, value: unknown): Check<A> =>
  value === undefined
    ? Either.right(undefined)
    : Schema.decodeUnknownEither(schema)(value).pipe(
        Either.mapLeft((e) => `${label}: ${ParseResult.ArrayFormatter.formatErrorSync(e)[0]?.message ?? "invalid"}`)
      )

/** Environment values are text; whole numbers are read as numbers so the id checks can judge them. */
const numeric = (text: string | number | undefined): unknown =>
  typeof text === "string" && /^-?\d+$/.test(text.trim()) ? Number(text) : text

/** A variable's value trimmed; unset, empty or blank reads as absent. */
const trimmed = (name: string) =>
  Config.option(Config.string(name)).pipe(
    Config.map((value) => {
      const text = Option.getOrUndefined(value)?.trim()
      return text === "" ? undefined : text
    })
  )

/** The DOCSWEEP_* variables, read through `Config` (the environment in the program, a map in tests). */
const readEnv = Config.all({
  baseUrl: trimmed("DOCSWEEP_BASE_URL"),
  userId: trimmed("DOCSWEEP_USER_ID"),
  orgId: trimmed("DOCSWEEP_ORG_ID"),
  token: Config.map(trimmed("DOCSWEEP_TOKEN"), (token) => (token === undefined ? undefined : Redacted.make(token)))
}).pipe(Effect.orDie)

const noEnvironment: Effect.Effect.Success<typeof readEnv> = {
  baseUrl: undefined,
  userId: undefined,
  orgId: undefined,
  token: undefined
}

const first = <A>(...values: ReadonlyArray<readonly [A | undefined, ConfigSource]>) =>
  values.find(([value]) => value !== undefined)

/**
 * The settings a command runs with: config/default.yaml, then the pipeline (both in `loaded`), then the environment
 * (read through `Config`), then flags. The token comes from `--token-file` or DOCSWEEP_TOKEN only. Fails with every
 * unusable variable or flag at once.
 */
export const resolveConfig = Effect.fn("EffectiveConfig.resolveConfig")(function* (input: {
  readonly loaded: LoadedPipeline
  readonly flags?: ConfigFlags
  readonly cwd?: string
  /**
   * Whether the DOCSWEEP_* variables count (default true). The commands that only read a checkpoint never reach the
   * service: a stale or broken variable in a cron job's environment must not stop them.
   */
  readonly environment?: boolean
}) {
  const { loaded, flags = {} } = input
  const cwd = input.cwd ?? process.cwd()
  const env = input.environment === false ? noEnvironment : yield* readEnv
  const fromFile = flags.tokenFile === undefined ? Either.right(undefined) : yield* readTokenFile(cwd, flags.tokenFile)
  const checks = {
    envBaseUrl: check(BaseUrl, "DOCSWEEP_BASE_URL", env.baseUrl),
    envUserId: check(UserIdField, "DOCSWEEP_USER_ID", numeric(env.userId)),
    envOrgId: check(WorkspaceIdField, "DOCSWEEP_ORG_ID", numeric(env.orgId)),
    baseUrl: check(BaseUrl, "--base-url", flags.baseUrl),
    userId: check(UserIdField, "--user-id", flags.userId),
    orgId: check(WorkspaceIdField, "--org-id", flags.orgId),
    concurrency: check(Concurrency, "--concurrency", numeric(flags.concurrency)),
    batchSize: check(PositiveInt, "--batch-size", flags.batchSize),
    deadline: check(PositiveDuration, "--deadline", flags.deadline),
    visibility: check(Visibility, "--visibility", flags.visibility),
    outputDir: check(NonEmptyText, "--output", flags.outputDir),
    formats: check(Formats, "--formats", flags.formats),
    token: fromFile,
    // --token-file wins over the variable, so a variable it overrides is not judged.
    envToken: flags.tokenFile === undefined ? checkToken("DOCSWEEP_TOKEN", env.token) : Either.right(undefined)
  }
  const problems = Object.values(checks).flatMap((c: Either.Either<unknown, string>) =>
    Either.isLeft(c) ? [c.left] : []
  )
  if (problems.length > 0) return yield* Effect.fail(new ConfigInvalid({ problems }))
  const ok = <A>(c: Check<A>): A | undefined => Either.getOrUndefined(c)

  const base = loaded.pipeline
  const chosen = new Map<string, ConfigSource>()
  const layered = <A>(key: string, ...values: ReadonlyArray<readonly [A | undefined, ConfigSource]>) => {
    const found = first(...values)
    if (found !== undefined && found[1] !== "pipeline") chosen.set(key, found[1])
    return found?.[0]
  }
  const fromFlag = <A>(key: string, value: A | undefined) => layered(key, [value, "flag"])
  const orgId = layered(
    "workspace",
    [ok(checks.orgId), "flag"],
    [ok(checks.envOrgId), "environment"],
    [base.workspace, "pipeline"]
  )
  const userId = layered(
    "user_id",
    [ok(checks.userId), "flag"],
    [ok(checks.envUserId), "environment"],
    [base.user_id, "pipeline"]
  )
  const baseUrl = layered(
    "base_url",
    [ok(checks.baseUrl), "flag"],
    [ok(checks.envBaseUrl), "environment"],
    [base.base_url, "pipeline"]
  )
  const token = layered("token", [ok(checks.token), "flag"], [ok(checks.envToken), "environment"])
  const visibility = fromFlag("visibility", ok(checks.visibility))
  const concurrency = fromFlag("run.concurrency", ok(checks.concurrency))
  const batchSize = fromFlag("run.batch_size", ok(checks.batchSize))
  const deadline = fromFlag("run.deadline", ok(checks.deadline))
  const outputDir = fromFlag("output.dir", ok(checks.outputDir))
  const formats = fromFlag("output.formats", ok(checks.formats))

  const pipeline: Pipeline = {
    ...base,
    ...(orgId === undefined ? {} : { workspace: orgId }),
    ...(userId === undefined ? {} : { user_id: userId }),
    ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
    ...(visibility === undefined ? {} : { visibility }),
    run: {
      ...base.run,
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(batchSize === undefined ? {} : { batch_size: batchSize }),
      ...(deadline === undefined ? {} : { deadline: Option.some(deadline) })
    },
    output: {
      ...base.output,
      ...(outputDir === undefined ? {} : { dir: resolve(cwd, outputDir) }),
      ...(formats === undefined ? {} : { formats })
    }
  }
  const service: ServiceSettings = {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(token === undefined ? {} : { token }),
    ...(userId === undefined ? {} : { userId }),
    ...(orgId === undefined ? {} : { orgId })
  }
  const sources = yield* describeSources(loaded, pipeline, chosen)
  const config: EffectiveConfig = { pipeline, service, sources }
  return config
})
