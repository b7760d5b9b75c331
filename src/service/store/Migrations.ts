/**
 * Versioned schema of the service database; `PRAGMA user_version` records how many have been applied.
 * Append new migrations, never edit an applied one.
 */
export const migrations: ReadonlyArray<string> = [
  `
  CREATE TABLE organizations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_personal INTEGER NOT NULL DEFAULT 0,
    owner_id INTEGER,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    modified_at TEXT NOT NULL,
    modified_by INTEGER NOT NULL DEFAULT -1
  );
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT,
    password_hash TEXT NOT NULL,
    plan TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE memberships (
    user_id INTEGER NOT NULL,
    organization_id INTEGER NOT NULL,
    role TEXT NOT NULL,
    PRIMARY KEY (user_id, organization_id)
  ) WITHOUT ROWID;
  CREATE TABLE documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    filename TEXT NOT NULL,
    doctype TEXT NOT NULL,
    file_path TEXT,
    file_size INTEGER NOT NULL,
    pages INTEGER NOT NULL DEFAULT 0,
    resource_size INTEGER NOT NULL DEFAULT 0,
    file_resource_size INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    modified_at TEXT NOT NULL,
    modified_by INTEGER NOT NULL DEFAULT -1
  );
  CREATE INDEX documents_by_organization ON documents (organization_id, id);
  CREATE TABLE document_pages (
    document_id INTEGER NOT NULL,
    page INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (document_id, page)
  ) WITHOUT ROWID;
  CREATE TABLE passages (
    document_id INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    page INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (document_id, idx)
  ) WITHOUT ROWID;
  CREATE TABLE annotations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    description TEXT NOT NULL,
    is_hidden INTEGER NOT NULL DEFAULT 0,
    use_ocr INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    modified_at TEXT NOT NULL,
    modified_by INTEGER NOT NULL
  );
  CREATE INDEX annotations_by_document ON annotations (document_id, id);
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    annotation_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT NOT NULL,
    modified_at TEXT NOT NULL,
    modified_by INTEGER NOT NULL
  );
  CREATE INDEX comments_by_annotation ON comments (annotation_id, id);
  CREATE TABLE tags (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL
  );
  CREATE TABLE document_tags (
    document_id INTEGER NOT NULL,
    tag_id INTEGER NOT NULL,
    PRIMARY KEY (document_id, tag_id)
  ) WITHOUT ROWID;
  CREATE TABLE ai_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    visibility TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE TABLE ai_table_documents (
    table_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (table_id, document_id)
  ) WITHOUT ROWID;
  CREATE TABLE ai_columns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    query TEXT NOT NULL,
    order_id REAL NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    modified_at TEXT NOT NULL
  );
  CREATE INDEX ai_columns_by_table ON ai_columns (table_id, id);
  CREATE TABLE ai_cells (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    column_id INTEGER NOT NULL,
    task_status TEXT NOT NULL,
    response TEXT NOT NULL DEFAULT '',
    task_id TEXT NOT NULL DEFAULT '',
    meta TEXT NOT NULL DEFAULT '{}',
    modified_at TEXT NOT NULL,
    UNIQUE (table_id, document_id, column_id)
  );
  CREATE TABLE run_counts (
    table_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    column_id INTEGER NOT NULL,
    runs INTEGER NOT NULL,
    PRIMARY KEY (table_id, document_id, column_id)
  ) WITHOUT ROWID;
  CREATE TABLE ai_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    is_multidoc INTEGER NOT NULL,
    visibility TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE INDEX ai_sessions_by_organization ON ai_sessions (organization_id, id);
  CREATE TABLE ai_session_documents (
    session_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (session_id, document_id)
  ) WITHOUT ROWID;
  CREATE TABLE ai_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    query TEXT NOT NULL,
    response TEXT NOT NULL DEFAULT '',
    task_status TEXT NOT NULL,
    task_id TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}',
    options TEXT NOT NULL DEFAULT '{}',
    user_rating TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  CREATE INDEX ai_messages_by_session ON ai_messages (session_id, id);
  CREATE TABLE tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    target_id INTEGER NOT NULL,
    document_id INTEGER,
    status TEXT NOT NULL,
    base_response TEXT NOT NULL DEFAULT '',
    continue_response INTEGER NOT NULL DEFAULT 0,
    attempt INTEGER NOT NULL DEFAULT 1,
    nrequeue INTEGER NOT NULL DEFAULT 0,
    reason TEXT,
    runtime REAL,
    started_ms INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX tasks_by_status ON tasks (status, id);
  CREATE INDEX tasks_by_document ON tasks (document_id, id);
  `,
  // Who asked for each task (the per-user --max-pending cap) and when, in milliseconds, it was queued and ended
  // (the queue statistics of the debug endpoint). Open tasks per user are counted at every run request.
  `
  ALTER TABLE tasks ADD COLUMN user_id INTEGER;
  ALTER TABLE tasks ADD COLUMN created_ms INTEGER;
  ALTER TABLE tasks ADD COLUMN finished_ms INTEGER;
  CREATE INDEX tasks_open_by_user ON tasks (user_id) WHERE status IN ('pending', 'running');
  CREATE INDEX tasks_by_created ON tasks (created_ms);
  `,
  // Where later pages begin inside a passage ([offset, page] pairs as JSON), so quotes cite the page they are on.
  `
  ALTER TABLE passages ADD COLUMN page_starts TEXT NOT NULL DEFAULT '[]';
  `
]
