import type BetterSqlite3 from "better-sqlite3"
import type { Row, Shard } from "./ShardSnapshot.js"

const sessionOf = (row: Row) => `${String(row.chat_name)}\u0000${String(row.session_key)}`

/**
 * The merge target's `scope: all` chat sessions (their session rows and messages) that no shard holds. Shards of a
 * split ask no `scope: all` chat (each has only its share of the documents): the run after a merge asks those over
 * every document, in the merged checkpoint. A later merge keeps them, as they are (their run, their remote session on
 * the service that run used), so they are not asked again while their documents stay the same.
 */
export const wholeLibraryChats = (sqlite: BetterSqlite3.Database, shards: ReadonlyArray<Shard>) => {
  const inShards = new Set(shards.flatMap((shard) => shard.rows.chat_messages.map(sessionOf)))
  const messages = sqlite
    .prepare<[], Row>("SELECT * FROM chat_messages WHERE scope = 'all' ORDER BY rowid")
    .all()
    .filter((row) => !inShards.has(sessionOf(row)))
  const kept = new Set(messages.map(sessionOf))
  const sessions = sqlite
    .prepare<[], Row>("SELECT * FROM chat_sessions")
    .all()
    .filter((row) => kept.has(sessionOf(row)))
  return { sessions, messages } as const
}
