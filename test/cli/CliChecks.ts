import { readFileSync } from "node:fs"
import { join } from "node:path"
import { gunzipSync, inflateRawSync } from "node:zlib"
import { assert } from "@effect/vitest"
import Database from "better-sqlite3"
import { parse } from "csv-parse/sync"
import { columnNames, listFiles, shardDirs, type Workspace } from "./CliHarness.js"

export interface CheckpointCell {
  readonly filename: string
  readonly column: string
  readonly state: string
  readonly attempts: number
  readonly response: string | null
}

export interface CheckpointSnapshot {
  readonly documents: ReadonlyArray<string>
  readonly cells: ReadonlyArray<CheckpointCell>
  readonly runs: ReadonlyArray<{ readonly id: number; readonly outcome: string }>
  /** Answer history rows per run id: a pair asked twice shows up twice. */
  readonly answersPerRun: ReadonlyMap<number, number>
}

/** Reads a checkpoint read-only, as the files on disk are: what a run really stored. */
export const readCheckpoint = (path: string): CheckpointSnapshot => {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    const documents = db.prepare<[], { filename: string }>("SELECT filename FROM documents ORDER BY filename").all()
    const cells = db
      .prepare<[], CheckpointCell>(
        `SELECT d.filename AS filename, c.column_name AS column, c.state AS state, c.attempts AS attempts,
           c.response AS response
         FROM cells c JOIN documents d ON d.id = c.document_id WHERE c.wanted = 1 ORDER BY d.filename, c.column_name`
      )
      .all()
    const runs = db.prepare<[], { id: number; outcome: string }>("SELECT id, outcome FROM runs ORDER BY id").all()
    const answers = db
      .prepare<[], { run_id: number; n: number }>("SELECT run_id, COUNT(*) AS n FROM answers GROUP BY run_id")
      .all()
    return {
      documents: documents.map((row) => row.filename),
      cells,
      runs,
      answersPerRun: new Map(answers.map((row) => [row.run_id, row.n]))
    }
  } finally {
    db.close()
  }
}

/** Rows of a CSV report as objects keyed by the header. */
export const readCsv = (path: string): ReadonlyArray<Record<string, string>> =>
  parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true })

/** The contents of every entry of a zip file (an .xlsx): reports are scanned inside, not as compressed bytes. */
export const zipEntries = (path: string): ReadonlyMap<string, Buffer> => {
  const zip = readFileSync(path)
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0) throw new Error(`${path} is not a zip file`)
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(start, start + size)
    entries.set(name, method === 0 ? data : inflateRawSync(data))
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The data an HTML report embeds (base64 of gzip JSON), unpacked: a scan of the file's bytes alone would miss it. */
export const htmlReportData = (path: string): Buffer => {
  const block = /<script type="application\/octet-stream" id="docsweep-data">([A-Za-z0-9+/=]*)<\/script>/.exec(
    readFileSync(path, "latin1")
  )
  if (block === null) throw new Error(`${path} holds no report data`)
  return gunzipSync(Buffer.from(block[1] ?? "", "base64"))
}

/**
 * Every place under `dir` where `needle` occurs: raw bytes of each file (the SQLite checkpoint included) and,
 * for .xlsx reports, the unpacked text of each entry, for .html reports their unpacked data.
 */
export const findInFiles = (dir: string, needle: string | RegExp): ReadonlyArray<string> => {
  const contains = (data: Buffer) =>
    typeof needle === "string" ? data.includes(needle) : new RegExp(needle.source).test(data.toString("latin1"))
  return listFiles(dir).flatMap((file) => {
    const path = join(dir, file)
    const hits = contains(readFileSync(path)) ? [file] : []
    if (file.endsWith(".xlsx")) {
      for (const [entry, data] of zipEntries(path)) if (contains(data)) hits.push(`${file}!${entry}`)
    }
    if (file.endsWith(".html") && contains(htmlReportData(path))) hits.push(`${file}!data`)
    return hits
  })
}

/** The escape character that starts terminal control sequences. */
export const esc = String.fromCharCode(27)

/** One JSON object per non-empty line (`--log-format json` output). */
export const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/**
 * What a terminal shows after `text`: cursor up (ESC[nA), clear line (ESC[2K), clear to the end (ESC[J), carriage
 * return and newline are applied; other escape sequences are dropped. Enough to check the live display.
 */
export const renderScreen = (text: string): ReadonlyArray<string> => {
  const lines: Array<string> = [""]
  let row = 0
  let col = 0
  const put = (char: string) => {
    const line = (lines[row] ?? "").padEnd(col)
    lines[row] = line.slice(0, col) + char + line.slice(col + 1)
    col++
  }
  const pattern = new RegExp(`${esc}\\[(\\d*)([A-Za-z])|\\r|\\n|[^${esc}\\r\\n]`, "gu")
  for (const match of text.matchAll(pattern)) {
    const [token, count, command] = match
    if (command !== undefined) {
      const n = count === "" || count === undefined ? 1 : Number(count)
      if (command === "A") row = Math.max(0, row - n)
      else if (command === "K") lines[row] = ""
      else if (command === "J") lines.splice(row, lines.length, (lines[row] ?? "").slice(0, col))
    } else if (token === "\r") col = 0
    else if (token === "\n") {
      row++
      col = 0
      if (lines.length <= row) lines.push("")
    } else put(token)
  }
  return lines.map((line) => line.trimEnd())
}

/** The rows of a results report without the service's document ids, sorted by file name: comparable across services. */
export const resultRows = (path: string) =>
  readCsv(path)
    .map((row) => ({ file: row["File name"], pages: row.Pages, law: row.Law, notice: row.Notice }))
    .sort((a, b) => String(a.file).localeCompare(String(b.file)))

/**
 * Every document is in exactly one shard: by the shards' checkpoints and by their reports; each shard answered all
 * of its pairs.
 */
export const assertShardPartition = (ws: Workspace) => {
  const shards = shardDirs(ws).map((dir) => ({ dir, checkpoint: readCheckpoint(join(dir, "state.sqlite")) }))
  assert.deepStrictEqual(
    shards.flatMap((shard) => shard.checkpoint.documents).sort(),
    [...ws.documents],
    "the shards' checkpoints hold every document once"
  )
  const reported = shards.flatMap((shard) => {
    const report = listFiles(shard.dir).find((file) => file.endsWith("-latest-results.csv"))
    return report === undefined ? [] : readCsv(join(shard.dir, report)).map((row) => row["File name"])
  })
  assert.deepStrictEqual(reported.sort(), [...ws.documents], "the shards' reports hold every document once")
  for (const shard of shards) {
    assert.strictEqual(shard.checkpoint.cells.length, shard.checkpoint.documents.length * columnNames.length)
    for (const cell of shard.checkpoint.cells) assert.strictEqual(cell.state, "success")
  }
}

/**
 * What a terminal shows of a run's live display: the block redrawn in place (cleared lines, cursor moved up), one
 * block at the end with every phase done, and the run's log lines still on the screen above it.
 */
export const assertLiveDisplay = (text: string, expected: { readonly cells: RegExp; readonly logLine: string }) => {
  assert.include(text, `${esc}[2K`, "lines are cleared before they are drawn again")
  assert.match(text, new RegExp(`${esc}\\[\\d+A`), "the block is redrawn in place")
  const screen = renderScreen(text)
  const shown = screen.join("\n")
  assert.deepStrictEqual(
    screen.filter((line) => line.includes("set-up")),
    ["  set-up done"],
    `one live block, no stale copies:\n${shown}`
  )
  assert.isTrue(
    screen.some((line) => expected.cells.test(line)),
    `the block ends with ${expected.cells}:\n${shown}`
  )
  for (const line of [expected.logLine, "Reports written"]) {
    assert.isTrue(
      screen.some((shownLine) => shownLine.includes(line)),
      `the log line "${line}" stays on the screen:\n${shown}`
    )
  }
}
