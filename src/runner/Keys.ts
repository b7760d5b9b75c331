import { createHash } from "node:crypto"

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex")

/** Orders object keys so that `{a, b}` and `{b, a}` hash alike. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner
  )

/** What a column's answers depend on: its query and meta (language, model). */
export const queryKeyOf = (column: { readonly query: string; readonly meta: Readonly<Record<string, unknown>> }) =>
  sha256(canonical({ query: column.query, meta: column.meta })).slice(0, 32)

/** A cell's answer depends on the document's version and the column's query key. */
export const cellDependencyKey = (documentVersion: string, queryKey: string) =>
  sha256(`${documentVersion}\u0000${queryKey}`).slice(0, 32)

/**
 * A chat answer depends on the session's documents (versions), its own query and, with history, on every earlier
 * query of the session: editing message 1 re-asks messages 1, 2, ...
 */
export const chatDependencyKey = (input: {
  readonly versions: ReadonlyArray<string>
  readonly queries: ReadonlyArray<string>
  readonly position: number
  readonly useHistory: boolean
}) =>
  sha256(
    canonical({
      versions: input.versions,
      queries: input.useHistory ? input.queries.slice(0, input.position + 1) : [input.queries[input.position]],
      useHistory: input.useHistory
    })
  ).slice(0, 32)

/** Stable key of a chat session: its sorted document ids. */
export const sessionKeyOf = (documentIds: ReadonlyArray<number>) => [...documentIds].sort((a, b) => a - b).join(",")

/** The in-memory key of a (document, column) pair. */
export const pairKey = (documentId: number, columnId: number | string) => `${documentId}:${columnId}`

/** FNV-1a, 32 bits: a stable spread of ids or paths over shards. */
const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export interface Shard {
  /** 1-based. */
  readonly index: number
  readonly count: number
}

/** Whether a document (by id) or a local file (by path) belongs to this shard. */
export const inShard = (shard: Shard | undefined, key: number | string): boolean =>
  shard === undefined || shard.count <= 1 || fnv1a(String(key)) % shard.count === shard.index - 1

/**
 * The chats a run asks: a shard of several asks no `scope: all` chat (it has only its share of the documents, so its
 * "all" would be a part); the run after `merge` asks those over every document.
 */
export const chatsOfShard = <C extends { readonly scope: "each" | "all" }>(
  chats: ReadonlyArray<C>,
  shard: Shard | undefined
): { readonly asked: ReadonlyArray<C>; readonly left: ReadonlyArray<C> } =>
  shard === undefined || shard.count <= 1
    ? { asked: chats, left: [] }
    : { asked: chats.filter((chat) => chat.scope !== "all"), left: chats.filter((chat) => chat.scope === "all") }
