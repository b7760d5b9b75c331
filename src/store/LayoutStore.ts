import { Effect, Option } from "effect"
import { CheckpointDatabase } from "./CheckpointDatabase.js"
import type { ColumnRecord, ColumnRename, DocumentRecord, KnownColumn, TableRecord } from "./CheckpointModel.js"
import { makeRunHistory } from "./RunHistory.js"
import { type ColumnRow, type DocumentRow, type TableRow, toColumn, toDocument, toTable } from "./StoreRows.js"

/** What the run set up remotely: uploads, documents, AI tables and their columns. */
export class LayoutStore extends Effect.Service<LayoutStore>()("app/store/LayoutStore", {
  effect: Effect.map(CheckpointDatabase, ({ attempt, sqlite }) => {
    const findUpload = sqlite.prepare<[string, string], { document_id: number }>(
      "SELECT document_id FROM uploads WHERE path = ? AND sha256 = ?"
    )
    const upsertUpload = sqlite.prepare<[string, string, number]>(
      `INSERT INTO uploads (path, sha256, document_id) VALUES (?, ?, ?)
     ON CONFLICT (path, sha256) DO UPDATE SET document_id = excluded.document_id`
    )
    const nextPosition = sqlite.prepare<[], { next: number }>(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM documents"
    )
    // The position is set once, on first sight: a re-run keeps the row order of the first one.
    const upsertDocument = sqlite.prepare<[DocumentRow & { position: number }], { position: number }>(
      `INSERT INTO documents (id, position, filename, pages, doctype, version)
     VALUES (@id, @position, @filename, @pages, @doctype, @version)
     ON CONFLICT (id) DO UPDATE SET filename = excluded.filename, pages = excluded.pages,
       doctype = excluded.doctype, version = excluded.version
     RETURNING position`
    )
    const allDocuments = sqlite.prepare<[], DocumentRow>("SELECT * FROM documents ORDER BY position")
    const allTables = sqlite.prepare<[], TableRow>("SELECT * FROM ai_tables ORDER BY slot")
    const upsertTable = sqlite.prepare<[TableRow]>(
      `INSERT INTO ai_tables (slot, remote_id, document_ids) VALUES (@slot, @remote_id, @document_ids)
     ON CONFLICT (slot) DO UPDATE SET remote_id = excluded.remote_id, document_ids = excluded.document_ids`
    )
    const allColumns = sqlite.prepare<[], ColumnRow>("SELECT * FROM columns ORDER BY table_slot, order_id, rowid")
    // `saved` orders saves, so "the latest query of a column" survives editing a query back to an older text.
    const upsertColumn = sqlite.prepare<[ColumnRow]>(
      `INSERT INTO columns (table_slot, name, query, meta, query_key, remote_id, order_id, saved)
     VALUES (@table_slot, @name, @query, @meta, @query_key, @remote_id, @order_id,
       (SELECT COALESCE(MAX(saved), 0) + 1 FROM columns))
     ON CONFLICT (table_slot, name, query_key) DO UPDATE SET query = excluded.query, meta = excluded.meta,
       remote_id = excluded.remote_id, order_id = excluded.order_id, saved = excluded.saved`
    )
    // Each column name's latest query key, and the names only cells hold (a killed run synced them, then stopped
    // before it created their column).
    const knownNames = sqlite.prepare<[], { name: string; query_key: string | null }>(
      `SELECT name, query_key FROM (
         SELECT name, query_key, ROW_NUMBER() OVER (PARTITION BY name ORDER BY saved DESC, rowid DESC) AS rank
         FROM columns)
       WHERE rank = 1
       UNION ALL
       SELECT DISTINCT column_name, NULL FROM cells WHERE column_name NOT IN (SELECT name FROM columns)`
    )
    // A name nothing holds yet takes over every row of the old one: its remote column (in every table), its cells
    // with their answers, attempts and requests in flight. The answer and run history keep the old name.
    const renameColumnRows = sqlite.prepare<[string, string]>("UPDATE columns SET name = ? WHERE name = ?")
    const renameCells = sqlite.prepare<[string, string]>("UPDATE cells SET column_name = ? WHERE column_name = ?")
    const history = makeRunHistory(sqlite)
    const renameAll = sqlite.transaction((renames: ReadonlyArray<ColumnRename>) => {
      for (const { from, to } of renames) {
        renameColumnRows.run(to, from)
        renameCells.run(to, from)
      }
      // The old name's pairs are gone: the run's snapshot records them as no longer wanted.
      history.markReset()
    })

    const saveAll = sqlite.transaction((documents: ReadonlyArray<DocumentRecord>) => {
      let position = nextPosition.get()?.next ?? 0
      for (const document of documents) {
        const row = { ...document, pages: document.pages ?? null }
        // A known id keeps its (smaller) position; only a new id takes the offered one.
        if (upsertDocument.get({ ...row, position })?.position === position) position += 1
      }
    })

    return {
      /** The document id a local file (path + content hash) was uploaded as, if it was. */
      uploadedFile: Effect.fn("LayoutStore.uploadedFile")(function* (path: string, sha256: string) {
        return yield* attempt("uploadedFile", () =>
          Option.map(Option.fromNullable(findUpload.get(path, sha256)), (row) => row.document_id)
        )
      }),
      saveUpload: Effect.fn("LayoutStore.saveUpload")(function* (path: string, sha256: string, documentId: number) {
        yield* attempt("saveUpload", () => upsertUpload.run(path, sha256, documentId))
      }),
      /** Inserts or updates documents; new ones go after those already known, in the given order. */
      saveDocuments: Effect.fn("LayoutStore.saveDocuments")(function* (documents: ReadonlyArray<DocumentRecord>) {
        yield* attempt("saveDocuments", () => saveAll.immediate(documents))
      }),
      documents: Effect.fn("LayoutStore.documents")(function* () {
        return yield* attempt("documents", () => allDocuments.all().map(toDocument))
      }),
      tables: Effect.fn("LayoutStore.tables")(function* () {
        return yield* attempt("tables", () => allTables.all().map(toTable))
      }),
      saveTable: Effect.fn("LayoutStore.saveTable")(function* (table: TableRecord) {
        const row = {
          slot: table.slot,
          remote_id: table.remoteId ?? null,
          document_ids: JSON.stringify(table.documentIds)
        }
        yield* attempt("saveTable", () => upsertTable.run(row))
      }),
      /** Columns by table slot and order; an edited column is a new row (new queryKey) beside the old one. */
      columns: Effect.fn("LayoutStore.columns")(function* () {
        return yield* attempt("columns", () => allColumns.all().map(toColumn))
      }),
      /** Every column name the checkpoint knows (its columns and its cells), with the query key it last asked. */
      knownColumns: Effect.fn("LayoutStore.knownColumns")(function* () {
        return yield* attempt("knownColumns", () =>
          knownNames.all().map((row): KnownColumn => ({ name: row.name, queryKey: row.query_key ?? undefined }))
        )
      }),
      /**
       * Renames columns in one transaction: each `to` (a name the checkpoint does not hold) takes over `from`'s
       * remote columns and cells, so nothing is asked again. Earlier runs' history keeps the old name.
       */
      renameColumns: Effect.fn("LayoutStore.renameColumns")(function* (renames: ReadonlyArray<ColumnRename>) {
        yield* attempt("renameColumns", () => renameAll.immediate(renames))
      }),
      saveColumn: Effect.fn("LayoutStore.saveColumn")(function* (column: ColumnRecord) {
        yield* attempt("saveColumn", () =>
          upsertColumn.run({
            table_slot: column.tableSlot,
            name: column.name,
            query: column.query,
            meta: JSON.stringify(column.meta),
            query_key: column.queryKey,
            remote_id: column.remoteId ?? null,
            order_id: column.orderId
          })
        )
      })
    } as const
  })
}) {}
