import { Duration, Schema } from "effect"
import { durationField, field, mapping } from "./DefaultedFields.js"
import { DurationFromString, formatDuration, PositiveDuration } from "./Duration.js"
import { expected, NonNegativeInt, optionalExact, PositiveInt } from "./Fields.js"

const notShorter = (longer: string, shorter: string) => (value: Record<string, unknown>) => {
  const [a, b] = [value[shorter], value[longer]]
  return !Duration.isDuration(a) || !Duration.isDuration(b) || Duration.lessThanOrEqualTo(a, b)
    ? true
    : { path: [longer], message: `${formatDuration(b)} is shorter than ${shorter} (${formatDuration(a)})` }
}

export const Retry = mapping(
  {
    attempts: field(PositiveInt, 8, "Tries of one failing service request, the first included (1 = no retry)."),
    base_delay: durationField(DurationFromString, Duration.millis(500), "First backoff delay; it doubles per retry."),
    max_delay: durationField(PositiveDuration, Duration.seconds(30), "Longest backoff delay.")
  },
  "Retry of failed service requests (network errors, 408, 429, 5xx): exponential backoff with jitter."
).pipe(Schema.filter(notShorter("max_delay", "base_delay")))

const optionalDuration = (schema: Schema.Schema<Duration.Duration, string>, description: string) =>
  optionalExact(schema.annotations({ description }))

const Poll = mapping(
  {
    interval: optionalDuration(PositiveDuration, "Shortest wait between two polls of one list (default: learned)."),
    max_interval: optionalDuration(PositiveDuration, "Longest wait between two polls of one list (default 30s).")
  },
  "Optional bounds on polling; without them polls come when enough answers are expected (learned as the run goes)."
).pipe(Schema.filter(notShorter("max_interval", "interval")))

/** `auto` or a positive whole number. */
export const Concurrency = Schema.Union(
  Schema.Literal("auto"),
  Schema.Number.pipe(Schema.int(), Schema.positive())
).annotations({
  message: expected('"auto" or a positive integer'),
  description: "Units in flight: auto (learned from the service) or a fixed number."
})

export const RunSettings = mapping(
  {
    concurrency: Schema.optionalWith(Concurrency.annotations({ default: "auto" }), {
      exact: true,
      default: (): "auto" | number => "auto"
    }),
    max_concurrency: field(PositiveInt, 1000, "With concurrency auto: never more cells (and messages) in flight."),
    batch_size: optionalExact(
      PositiveInt.annotations({ description: "Most pairs in one run request (default: what the window allows)." })
    ),
    max_documents_per_table: optionalExact(
      PositiveInt.annotations({
        description: "Larger document lists are split over several AI Tables (default: about 1,000 cells a table)."
      })
    ),
    retry: Schema.optionalWith(Retry, { exact: true, default: () => Schema.decodeSync(Retry)({}) }),
    poll: Schema.optionalWith(Poll, { exact: true, default: () => Schema.decodeSync(Poll)({}) }),
    request_timeout: durationField(
      PositiveDuration,
      Duration.seconds(60),
      "One request to the service, its reply included, fails after this (and is retried)."
    ),
    cell_timeout: durationField(PositiveDuration, Duration.minutes(10), "A cell still running after this has failed."),
    cell_retries: field(NonNegativeInt, 2, "Runs again of a cell whose generation failed or timed out."),
    deadline: Schema.optionalWith(PositiveDuration.annotations({ description: "Stop the whole run after this." }), {
      exact: true,
      as: "Option"
    })
  },
  "How the run talks to the service."
)
