import * as Fs from "node:fs"
import * as Path from "node:path"
import { Data, Effect, Layer } from "effect"
import { openSqlite } from "../store/Sqlite.js"
import { databaseFile, ServiceDatabase, type Sql, type SqlValue, serviceError } from "./ServiceDatabase.js"
import { ServiceSettings } from "./ServiceSettings.js"
import { migrations } from "./store/Migrations.js"

/** A shard's document and a different document of the target service have the same id. */
export class DocumentsCollide extends Data.TaggedError("DocumentsCollide")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

/** What documents are made of, besides their stored file: copied with the same ids and versions. */
const documentTables = ["documents", "document_pages", "passages"] as const

type Row = Record<string, SqlValue>

interface SourceDocuments {
  readonly dir: string
  readonly organizations: ReadonlyArray<Row>
  readonly rows: Readonly<Record<(typeof documentTables)[number], ReadonlyArray<Row>>>
}

/**
 * A shard's database, opened like every other (checked; never written, nor anything beside it: a copy in memory where
 * SQLite would have to, see `openIdleCopy`): one a newer docsweep wrote is refused, one an older docsweep wrote is
 * read as it is.
 */
const readSource = (dir: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const source = yield* openSqlite({
        path: Path.join(dir, databaseFile),
        migrations,
        fileMustExist: true,
        readOnly: true,
        olderReadable: true,
        copyWhenIdle: true,
        toError: serviceError
      })
      return yield* source.attempt(`read the documents of ${dir}`, (): SourceDocuments => {
        const all = (table: string) => source.sqlite.prepare<[], Row>(`SELECT * FROM ${table}`).all()
        return {
          dir,
          organizations: all("organizations"),
          rows: { documents: all("documents"), document_pages: all("document_pages"), passages: all("passages") }
        }
      })
    })
  )

const columnsOf = (sql: Sql, table: string) =>
  sql.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).map((column) => column.name)

/** Inserts `rows` by the columns both databases have (a source written by an older docsweep lacks newer ones). */
const insertRows = (sql: Sql, table: string, rows: ReadonlyArray<Row>) => {
  const columns = columnsOf(sql, table)
  for (const row of rows) {
    const present = columns.filter((column) => column in row)
    sql.run(
      `INSERT OR IGNORE INTO ${table} (${present.join(", ")}) VALUES (${present.map(() => "?").join(", ")})`,
      ...present.map((column) => row[column] ?? null)
    )
  }
}

const storedFile = (dataDir: string, row: Row) =>
  typeof row.file_path === "string" ? Path.join(dataDir, "files", String(row.id), Path.basename(row.file_path)) : null

/**
 * Copies the documents of embedded shard services (their data directories) into the local service at `targetDir`,
 * keeping each document's id and version (`modified_at`), its text, passages and stored file: the merged
 * checkpoint's documents are then documents of the service a later run of the merged pipeline starts there, and its
 * answers stay current. Shard services number documents in disjoint ranges; a document already in the target with
 * the same id, file name and size is kept as it is (merging again), any other id taken there is refused before
 * anything is written. Returns how many documents were copied.
 */
export const mergeServiceDocuments = (targetDir: string, sourceDirs: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sources = yield* Effect.forEach(sourceDirs, readSource)
    const database = yield* ServiceDatabase
    const plan = yield* database.attempt("check the documents to merge", (sql) =>
      sources.map((source) => {
        const fresh = new Set<SqlValue>()
        const collisions: Array<string> = []
        for (const document of source.rows.documents) {
          const existing = sql.get<Row>(
            "SELECT id, filename, file_size FROM documents WHERE id = ?",
            document.id ?? null
          )
          if (existing === undefined) fresh.add(document.id ?? null)
          else if (existing.filename !== document.filename || existing.file_size !== document.file_size) {
            collisions.push(
              `document ${document.id} (${document.filename}) of ${source.dir} and document ${existing.id} ` +
                `(${existing.filename}) of ${targetDir} share an id`
            )
          }
        }
        return { source, fresh, collisions }
      })
    )
    const collisions = plan.flatMap((entry) => entry.collisions)
    if (collisions.length > 0) {
      return yield* new DocumentsCollide({
        reason: `${collisions.join("; ")}: merge into another output directory, or move ${targetDir} aside`
      })
    }
    // One transaction: a file that cannot be copied rolls the database back. Files copied before it stay, unreferenced,
    // and the next merge copies over them.
    return yield* database.attemptTransaction("merge documents", (sql) => {
      for (const { fresh, source } of plan) {
        insertRows(sql, "organizations", source.organizations)
        const documents = source.rows.documents.filter((row) => fresh.has(row.id ?? null))
        insertRows(
          sql,
          "documents",
          documents.map((row) => ({ ...row, file_path: storedFile(targetDir, row) }))
        )
        for (const table of ["document_pages", "passages"] as const) {
          insertRows(
            sql,
            table,
            source.rows[table].filter((row) => fresh.has(row.document_id ?? null))
          )
        }
        for (const id of fresh) {
          const from = Path.join(source.dir, "files", String(id))
          if (Fs.existsSync(from)) Fs.cpSync(from, Path.join(targetDir, "files", String(id)), { recursive: true })
        }
      }
      return plan.reduce((sum, entry) => sum + entry.fresh.size, 0)
    })
  }).pipe(
    Effect.provide(ServiceDatabase.Default.pipe(Layer.provide(ServiceSettings.layer({ dataDir: targetDir })))),
    Effect.withSpan("MergeDocuments.mergeServiceDocuments", { attributes: { targetDir } })
  )
