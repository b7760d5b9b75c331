import { Duration, Effect } from "effect"
import { parseDurationMillis } from "../pipeline/Duration.js"
import { CommandFailed } from "../service/Commands.js"

/**
 * `--ttl`: a duration as a pipeline writes one (`24h`, `90m`, `7d`, `1h30m`), read by the one duration parser
 * (pipeline/Duration.ts); a bare number is seconds, as `token --ttl 3600` has always meant. Longer than zero.
 */
export const ttlOf = (text: string): Duration.Duration | undefined => {
  const trimmed = text.trim()
  const millis = parseDurationMillis(/^\d+(?:\.\d+)?$/.test(trimmed) ? `${trimmed}s` : trimmed)
  return millis === undefined || millis <= 0 ? undefined : Duration.millis(millis)
}

/** `ttlOf`, failing as `docsweep token` always has on a lifetime it cannot read (exit 1). */
export const parseTtl = (text: string) => {
  const ttl = ttlOf(text)
  return ttl === undefined
    ? Effect.fail(new CommandFailed({ reason: `--ttl must look like 24h, 90m or 3600s, got "${text}"` }))
    : Effect.succeed(ttl)
}
