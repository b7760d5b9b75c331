import { Effect } from "effect"
import { UsageError } from "./UsageError.js"

export interface Shard {
  /** 1-based. */
  readonly index: number
  readonly count: number
}

/** Embedded shard services number documents in disjoint int32 ranges (see EmbeddedService). */
const maxShards = 200

/** `--shard I/N`, 1 ≤ I ≤ N ≤ 200. */
export const parseShard = (text: string) => {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  return match === null || count < 1 || count > maxShards || index < 1 || index > count
    ? Effect.fail(
        new UsageError({
          message: `--shard takes I/N with 1 <= I <= N, e.g. 2/4 (N at most ${maxShards}); got "${text}"`
        })
      )
    : Effect.succeed<Shard>({ index, count })
}
