import { assert, describe, it } from "@effect/vitest"
import { Document, Packer, Paragraph } from "docx"
import { Effect, Layer } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import type { ColumnId, DocumentId, TableId } from "../../src/api/Ids.js"
import { ServiceDatabase } from "../../src/service/ServiceDatabase.js"
import { resolveServiceSettings, ServiceSettings } from "../../src/service/ServiceSettings.js"
import { DocumentNotes } from "../../src/service/store/DocumentNotes.js"
import { asOrg, contract, creator, oneCell, testService, uploadText, waitUntil } from "./support.js"

const encoder = new TextEncoder()

const pdfBytes = Effect.promise(async () => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const text of ["First page: the term is two years.", "Second page: fees are due monthly."]) {
    pdf.addPage().drawText(text, { x: 50, y: 700, size: 12, font })
  }
  return pdf.save()
})

const docxBytes = Effect.promise(async () => {
  const document = new Document({
    sections: [{ children: [new Paragraph("The supplier warrants the goods for twelve months.")] }]
  })
  return new Uint8Array(await Packer.toBuffer(document))
})

/** Annotations, comments and tags have no endpoint: written through the store on the same data directory. */
const notesFor = (dataDir: string) =>
  DocumentNotes.Default.pipe(
    Layer.provide(ServiceDatabase.Default),
    Layer.provide(Layer.succeed(ServiceSettings, resolveServiceSettings({ dataDir })))
  )

describe("service endpoints over real HTTP", () => {
  it.live("documents: upload each supported type, read, list; a broken file ends at status 3", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const client = yield* service.client(yield* service.token(7, 3))
      const org = asOrg(3)
      const uploads = [
        { doctype: "txt", filename: "msa.txt", bytes: encoder.encode(contract) },
        // A name beyond Latin-1, sent as UTF-8 as browsers, curl and fetch send it: the multipart reader dropped its
        // whole Content-Disposition ("file is missing") until .patches/multipasta widened its parameter pattern.
        { doctype: "md", filename: "契約 notes 😀.md", bytes: encoder.encode("# Notes\n\nRenewal is automatic.") },
        {
          doctype: "html",
          filename: "page.html",
          bytes: encoder.encode("<h1>Terms</h1><p>Governed by Dutch law.</p>")
        },
        { doctype: "pdf", filename: "terms.pdf", bytes: yield* pdfBytes },
        { doctype: "docx", filename: "warranty.docx", bytes: yield* docxBytes }
      ]
      const stored = yield* Effect.forEach(uploads, (file) => client.uploadDocument({ organizationId: org, ...file }))
      for (const [index, document] of stored.entries()) {
        const upload = uploads[index]
        assert.strictEqual(document.filename, upload?.filename)
        assert.strictEqual(document.doctype, upload?.doctype)
        assert.strictEqual(document.file_size, upload?.bytes.byteLength)
        assert.deepStrictEqual(document.status, { upload: 2, text: 2, passages: 2 })
        assert.isAbove(document.file_resource_size, 0)
        assert.isAbove(document.resource_size, 0)
        assert.strictEqual(document.user.id, 7)
      }
      assert.strictEqual(stored[3]?.pages, 2)
      const broken = yield* client.uploadDocument({
        organizationId: org,
        doctype: "pdf",
        filename: "broken.pdf",
        bytes: encoder.encode("not a pdf")
      })
      assert.strictEqual(broken.status.text, 3)
      assert.isString(broken.meta.error)
      const first = stored[0]
      if (first === undefined) return assert.fail("no document")
      const { annotation, tag } = yield* Effect.gen(function* () {
        const notes = yield* DocumentNotes
        const annotation = yield* notes.addAnnotation({
          documentId: first.id,
          userId: 7,
          type: "text",
          description: "term"
        })
        yield* notes.addComment({ annotationId: annotation, userId: 7, content: "check the end date" })
        return { annotation, tag: yield* notes.tag(first.id, "contracts", "#00f") }
      }).pipe(Effect.provide(notesFor(service.dataDir)))
      const read = yield* client.getDocument(first.id)
      assert.deepStrictEqual(read.annotation_ids, [annotation])
      assert.deepStrictEqual(read.tag_ids, [tag ?? -1])
      assert.strictEqual(read.annotations?.[0]?.comment_count, 1)
      assert.strictEqual(read.comments?.[0]?.content, "check the end date")
      assert.strictEqual(read.tasks?.[0]?.status, "success")
      assert.strictEqual(read.resource_stats?.file_size, first.file_size)
      const listed = yield* client.listDocuments(org)
      assert.deepStrictEqual(
        listed.map((document) => document.id),
        [...stored, broken].map((document) => document.id)
      )
    }).pipe(Effect.scoped)
  )

  it.live("tables: create, update, columns, run, re-run (same cell), continue, run column, cell create, list", () =>
    Effect.gen(function* () {
      const service = yield* testService({ debugEndpoints: true })
      const client = yield* service.client(yield* service.token(7, 3))
      const upload = (filename: string) => uploadText(client, filename)
      const [a, b] = yield* Effect.all([upload("a.txt"), upload("b.txt")])
      if (a === undefined || b === undefined) return assert.fail("uploads")
      const table = yield* client.createTable({ ...creator, document_ids: [a.id] })
      assert.strictEqual(table.visibility, "shared")
      assert.deepStrictEqual(table.document_ids, [a.id])
      const updated = yield* client.updateTable(table.id, { document_ids: [a.id, b.id], meta: { name: "MSA" } })
      assert.deepStrictEqual(updated.document_ids, [a.id, b.id])
      assert.deepStrictEqual(updated.meta, { name: "MSA" })
      const end = yield* client.createColumn(table.id, { name: "End", query: "When does it end?" })
      const pay = yield* client.createColumn(table.id, { query: "When is payment due?", meta: { language: "nl" } })
      assert.strictEqual(end.order_id, 1)
      assert.strictEqual(pay.order_id, 2)
      assert.strictEqual(pay.name, "")
      assert.deepStrictEqual(
        (yield* client.listColumns(table.id)).map((column) => column.id),
        [end.id, pay.id]
      )
      const queued = yield* client.runTable(table.id, [
        [a.id, end.id],
        [b.id, end.id]
      ])
      assert.deepStrictEqual(
        queued.map((cell) => cell.task_status),
        ["pending", "pending"]
      )
      const settled = (tableId: TableId) =>
        waitUntil(client.listCells(tableId), (cells) => cells.every((cell) => cell.task_status === "success"))
      const done = yield* settled(table.id)
      const cellA = done.find((cell) => cell.document_id === a.id)
      assert.strictEqual(cellA?.response, `Answer to "When does it end?" for document ${a.id} (a.txt)`)
      const again = yield* client.runTable(table.id, [[a.id, end.id]])
      assert.strictEqual(again[0]?.id, cellA?.id)
      assert.notStrictEqual(again[0]?.task_id, cellA?.task_id)
      yield* settled(table.id)
      yield* client.runTable(table.id, [[a.id, end.id]], true)
      const continued = yield* settled(table.id)
      const text = `Answer to "When does it end?" for document ${a.id} (a.txt)`
      assert.strictEqual(continued.find((cell) => cell.id === cellA?.id)?.response, `${text}${text}`)
      assert.strictEqual(continued.length, 2)
      const column = yield* client.runColumn(table.id, pay.id)
      assert.deepStrictEqual(column.map((cell) => cell.document_id).sort(), [a.id, b.id].sort())
      yield* settled(table.id)
      const manual = yield* client.createCell(table.id, {
        ai_column_id: pay.id,
        document_id: a.id,
        response: "30 days",
        meta: { by: "hand" }
      })
      assert.strictEqual(manual.task_status, "success")
      assert.strictEqual(manual.response, "30 days")
      const cells = yield* client.listCells(table.id)
      assert.strictEqual(cells.length, 4)
      assert.deepStrictEqual(cells.find((cell) => cell.id === manual.id)?.meta, { by: "hand" })
      const counts = yield* client.runCounts(table.id)
      const countOf = (document: DocumentId, columnId: ColumnId) =>
        counts.find((count) => count.document_id === document && count.ai_column_id === columnId)?.runs
      assert.strictEqual(countOf(a.id, end.id), 3)
      assert.strictEqual(countOf(b.id, end.id), 1)
      assert.strictEqual(countOf(a.id, pay.id), 1)
      const dropped = yield* client.updateTable(table.id, { document_ids: [b.id] })
      assert.deepStrictEqual(dropped.document_ids, [b.id])
      const remaining = yield* client.listCells(table.id)
      assert.isTrue(remaining.every((cell) => cell.document_id === b.id))
      assert.strictEqual(remaining.length, 2)
    }).pipe(Effect.scoped)
  )

  it.live("a running cell shows its partial answer, then success", () =>
    Effect.gen(function* () {
      const service = yield* testService({ engine: { name: "latency", latencyMs: 600 } })
      const client = yield* service.client(yield* service.token(7, 3))
      const { column, document, table } = yield* oneCell(client)
      yield* client.runTable(table.id, [[document.id, column.id]])
      const partial = yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.response !== "")
      assert.strictEqual(partial[0]?.task_status, "running")
      assert.strictEqual(partial[0]?.response, 'Answer to "Term?"')
      const done = yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.task_status === "success")
      assert.strictEqual(done[0]?.response, `Answer to "Term?" for document ${document.id} (a.txt)`)
    }).pipe(Effect.scoped)
  )

  it.live("sessions: create, get, list, update, messages with history, reset, delete", () =>
    Effect.gen(function* () {
      const service = yield* testService()
      const client = yield* service.client(yield* service.token(7, 3, "advanced"))
      const upload = (filename: string) => uploadText(client, filename)
      const a = yield* upload("a.txt")
      const b = yield* upload("b.txt")
      const single = yield* client.createSession({ ...creator, is_multidoc: false, document_ids: [a.id] })
      const multi = yield* client.createSession({
        ...creator,
        is_multidoc: true,
        document_ids: [a.id, b.id],
        visibility: "private",
        meta: { topic: "renewals" }
      })
      assert.strictEqual(multi.visibility, "private")
      assert.deepStrictEqual((yield* client.getSession(multi.id)).meta, { topic: "renewals" })
      assert.deepStrictEqual(
        (yield* client.listSessions(asOrg(3))).map((session) => session.id),
        [multi.id]
      )
      assert.deepStrictEqual(
        (yield* client.listSessions(asOrg(3), a.id)).map((session) => session.id),
        [single.id]
      )
      const moved = yield* client.updateSession(single.id, { document_ids: [b.id], visibility: "private" })
      assert.deepStrictEqual(moved.document_ids, [b.id])
      assert.strictEqual(moved.visibility, "private")
      const first = yield* client.createMessage(multi.id, { query: "When does it end?" })
      assert.strictEqual(first.task_status, "pending")
      const answered = (count: number) =>
        waitUntil(
          client.listMessages(multi.id),
          (messages) => messages.length === count && messages.every((message) => message.task_status === "success")
        )
      yield* answered(1)
      yield* client.createMessage(multi.id, { query: "And payment?", use_history: true, language: "Deutsch" })
      const messages = yield* answered(2)
      assert.strictEqual(
        messages[1]?.response,
        `Answer to "And payment?" for documents ${a.id} (a.txt), ${b.id} (b.txt)`
      )
      assert.strictEqual(messages[1]?.user_id, 7)
      assert.deepStrictEqual(yield* client.resetSession(multi.id), { success: true })
      assert.deepStrictEqual(yield* client.listMessages(multi.id), [])
      assert.deepStrictEqual(yield* client.deleteSession(multi.id), { success: true })
      const gone = yield* Effect.flip(client.getSession(multi.id))
      assert.strictEqual(gone._tag, "NotFound")
    }).pipe(Effect.scoped)
  )

  it.live("--fail-rate fails first attempts with the reason kept; running the cell again succeeds", () =>
    Effect.gen(function* () {
      const service = yield* testService({ failRate: 1, seed: 1 })
      const client = yield* service.client(yield* service.token(7, 3))
      const { column, document, table } = yield* oneCell(client)
      yield* client.runTable(table.id, [[document.id, column.id]])
      const failed = yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.task_status === "failure")
      assert.include(String(failed[0]?.meta.error), "--fail-rate")
      yield* client.runTable(table.id, [[document.id, column.id]])
      const done = yield* waitUntil(client.listCells(table.id), (cells) => cells[0]?.task_status === "success")
      assert.isUndefined(done[0]?.meta.error)
      const read = yield* client.getDocument(document.id)
      assert.deepStrictEqual(
        read.tasks?.map((task) => task.status),
        ["success", "failure", "success"]
      )
      const debug = yield* Effect.flip(client.runCounts(table.id))
      assert.strictEqual(debug._tag, "NotFound")
    }).pipe(Effect.scoped)
  )

  it.live("the default extractive engine answers a cell and a chat from the document's passages", () =>
    Effect.gen(function* () {
      const service = yield* testService({ engine: { name: "extractive" } })
      const client = yield* service.client(yield* service.token(7, 3))
      const { column, document, table } = yield* oneCell(client, "When does the agreement terminate?", "msa.txt")
      yield* client.runTable(table.id, [[document.id, column.id]])
      const cells = yield* waitUntil(client.listCells(table.id), (all) => all[0]?.task_status === "success")
      assert.include(cells[0]?.response, "31 December 2027")
      const session = yield* client.createSession({ ...creator, is_multidoc: false, document_ids: [document.id] })
      yield* client.createMessage(session.id, { query: "When is payment due?" })
      const messages = yield* waitUntil(client.listMessages(session.id), (all) => all[0]?.task_status === "success")
      // The engine's wording is its own (and still evolving); the service's part is a non-empty answer.
      assert.isAbove(messages[0]?.response?.length ?? 0, 0)
    }).pipe(Effect.scoped)
  )
})
