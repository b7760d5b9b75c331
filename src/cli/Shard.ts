import { createHash } from "node:crypto"
import { Effect } from "effect"
import { UsageError } from "./UsageError.js"

export interface Shard {
  /** 1-based. */
  readonly index: number
  readonly count: number
}

/** `--shard I/N`, 1 ≤ I ≤ N. */
export const parseShard = (text: string) => {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  return match === null || count < 1 || index < 1 || index > count
    ? Effect.fail(new UsageError({ message: `--shard takes I/N with 1 <= I <= N, e.g. 2/4; got "${text}"` }))
    : Effect.succeed<Shard>({ index, count })
}

/** The shard a document belongs to: a hash of its id, so every machine agrees without talking to the others. */
export const shardOf = (documentId: number, count: number): number => {
  const digest = createHash("sha256").update(String(documentId)).digest()
  return (digest.readUInt32BE(0) % count) + 1
}
