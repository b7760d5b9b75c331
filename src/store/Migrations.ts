import type BetterSqlite3 from "better-sqlite3"
import { Effect } from "effect"
import { migrateSchema } from "./MigrateSchema.js"
import { checkpointError, type StoreError } from "./StoreError.js"

/**
 * The checkpoint schema, one SQL script per version: `PRAGMA user_version` is the number of scripts applied.
 * Append new scripts; never edit a released one. Cells and chat messages carry `wanted` (part of the latest
 * sync) so pairs dropped from the pipeline keep their answers without being counted or run.
 */
export const migrations: ReadonlyArray<string> = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pipeline_name TEXT NOT NULL, pipeline_hash TEXT NOT NULL, base_url TEXT NOT NULL, shard TEXT,
    docsweep_version TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT,
    outcome TEXT NOT NULL, note TEXT, counts TEXT NOT NULL DEFAULT '{}'
  );
  CREATE TABLE uploads (
    path TEXT NOT NULL, sha256 TEXT NOT NULL, document_id INTEGER NOT NULL, PRIMARY KEY (path, sha256)
  );
  CREATE TABLE documents (
    id INTEGER PRIMARY KEY, position INTEGER NOT NULL, filename TEXT NOT NULL, pages INTEGER,
    doctype TEXT NOT NULL, version TEXT NOT NULL
  );
  CREATE TABLE ai_tables (slot INTEGER PRIMARY KEY, remote_id INTEGER, document_ids TEXT NOT NULL);
  CREATE TABLE columns (
    table_slot INTEGER NOT NULL, name TEXT NOT NULL, query TEXT NOT NULL, meta TEXT NOT NULL,
    query_key TEXT NOT NULL, remote_id INTEGER, order_id INTEGER NOT NULL, saved INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_slot, name, query_key)
  );
  CREATE TABLE cells (
    document_id INTEGER NOT NULL, column_name TEXT NOT NULL, dependency_key TEXT NOT NULL,
    table_slot INTEGER NOT NULL, query_key TEXT, state TEXT NOT NULL, response TEXT, error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0, remote_cell_id INTEGER, remote_task_id TEXT, stale_task_id TEXT,
    intent_at TEXT, submitted_at TEXT, finished_at TEXT, seconds REAL, run_id INTEGER,
    wanted INTEGER NOT NULL DEFAULT 1,
    UNIQUE (document_id, column_name)
  );
  CREATE INDEX cells_by_state ON cells (wanted, state);
  CREATE TABLE chat_sessions (
    chat_name TEXT NOT NULL, session_key TEXT NOT NULL, remote_session_id INTEGER,
    PRIMARY KEY (chat_name, session_key)
  );
  CREATE TABLE chat_messages (
    chat_name TEXT NOT NULL, scope TEXT NOT NULL, session_key TEXT NOT NULL, document_ids TEXT NOT NULL,
    position INTEGER NOT NULL, query TEXT NOT NULL, dependency_key TEXT NOT NULL, state TEXT NOT NULL,
    response TEXT, error TEXT, attempts INTEGER NOT NULL DEFAULT 0, remote_message_id INTEGER,
    intent_at TEXT, submitted_at TEXT, finished_at TEXT, seconds REAL, run_id INTEGER,
    wanted INTEGER NOT NULL DEFAULT 1,
    UNIQUE (chat_name, session_key, position)
  );
  CREATE TABLE answers (
    id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs (id), document_id INTEGER NOT NULL,
    column_name TEXT NOT NULL, state TEXT NOT NULL, response TEXT, error TEXT, at TEXT NOT NULL
  );
  CREATE INDEX answers_by_pair ON answers (document_id, column_name, run_id);
  CREATE TABLE chat_answers (
    id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs (id), chat_name TEXT NOT NULL,
    session_key TEXT NOT NULL, position INTEGER NOT NULL, state TEXT NOT NULL, response TEXT, error TEXT,
    at TEXT NOT NULL
  );
  `,
  // What the remote cell showed when last seen (modified_at, status, answer length), and what it showed before our
  // latest run request: a service that keeps task_id on a re-run is told apart by these (see Reconcile).
  `
  ALTER TABLE cells ADD COLUMN remote_sign TEXT;
  ALTER TABLE cells ADD COLUMN stale_sign TEXT;
  `,
  // Run history a report of an earlier run is built from (see RunHistory): the pipeline's columns at each run, and
  // the cells and chat messages as each run left them, stored as changes from the run before. Runs recorded before
  // this version kept none: the current rows are taken as the end of the latest run, and older runs cannot be
  // reported ('history.first_run').
  `
  ALTER TABLE runs ADD COLUMN columns TEXT;
  CREATE TABLE cell_history (
    run_id INTEGER NOT NULL, document_id INTEGER NOT NULL, column_name TEXT NOT NULL, wanted INTEGER NOT NULL,
    state TEXT NOT NULL, response TEXT, error TEXT, attempts INTEGER NOT NULL, seconds REAL
  );
  CREATE UNIQUE INDEX cell_history_by_pair ON cell_history (document_id, column_name, run_id);
  CREATE TABLE chat_history (
    run_id INTEGER NOT NULL, chat_name TEXT NOT NULL, session_key TEXT NOT NULL, position INTEGER NOT NULL,
    wanted INTEGER NOT NULL, scope TEXT NOT NULL, document_ids TEXT NOT NULL, query TEXT NOT NULL,
    state TEXT NOT NULL, response TEXT, error TEXT
  );
  CREATE UNIQUE INDEX chat_history_by_message ON chat_history (chat_name, session_key, position, run_id);
  INSERT INTO cell_history (run_id, document_id, column_name, wanted, state, response, error, attempts, seconds)
    SELECT r.id, c.document_id, c.column_name, c.wanted, c.state, c.response, c.error, c.attempts, c.seconds
    FROM cells c, (SELECT MAX(id) AS id FROM runs) r WHERE r.id IS NOT NULL;
  INSERT INTO chat_history (run_id, chat_name, session_key, position, wanted, scope, document_ids, query, state,
      response, error)
    SELECT r.id, m.chat_name, m.session_key, m.position, m.wanted, m.scope, m.document_ids, m.query, m.state,
      m.response, m.error
    FROM chat_messages m, (SELECT MAX(id) AS id FROM runs) r WHERE r.id IS NOT NULL;
  UPDATE runs SET columns = (
    SELECT json_group_array(json_object('name', name, 'query', query, 'meta', json(meta))) FROM (
      SELECT name, query, meta FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY name ORDER BY saved DESC, rowid DESC) AS rank FROM columns)
      WHERE rank = 1 AND name IN (SELECT column_name FROM cells WHERE wanted = 1) ORDER BY order_id, saved))
  WHERE id = (SELECT MAX(id) FROM runs) AND EXISTS (SELECT 1 FROM columns);
  INSERT INTO meta (key, value) SELECT 'history.first_run', COALESCE(MAX(id), 0) FROM runs;
  `,
  // Why a chat message failed, as a kind the runner acts on (see ChatErrorKind), not text matched back out of
  // `error`. Failures stored before this version are sorted once, here, by the text the runner wrote then.
  `
  ALTER TABLE chat_messages ADD COLUMN error_kind TEXT;
  UPDATE chat_messages SET error_kind = 'plan-refused' WHERE state = 'failed' AND error LIKE '%Advanced plan%';
  `,
  // The settings a run ran with (JSON, no token), so a report of it written later (\`docsweep export\`) lists those,
  // not what the exporter's environment and the pipeline file as edited since make of them. Runs before: none kept.
  `
  ALTER TABLE runs ADD COLUMN settings TEXT;
  `
]

/** Brings a checkpoint to the latest schema (or `list`); see `migrateSchema`. */
export const migrate = (
  sqlite: BetterSqlite3.Database,
  path: string,
  list: ReadonlyArray<string> = migrations
): Effect.Effect<number, StoreError> => Effect.mapError(migrateSchema(sqlite, path, list), checkpointError)
