/** One benchmark: returns rows of metric, value, target and whether the target holds. */
export interface BenchEntry {
  readonly name: string
  readonly run: () => Promise<
    ReadonlyArray<{ metric: string; value: number | string; target: string; ok: boolean | undefined }>
  >
}

/** The smallest real measurement: decoding a 10,000-cell list reply against the contract. */
const contractDecode: BenchEntry = {
  name: "contract",
  run: async () => {
    const { Schema } = await import("effect")
    const { AiCell } = await import("../../src/api/Tables.js")
    const cells = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      task_status: "success",
      ai_column_id: 1 + (i % 50),
      document_id: 1 + Math.floor(i / 50),
      response: "x".repeat(300),
      task_id: `t-${i}`,
      meta: {},
      modified_at: "2026-01-01T00:00:00Z"
    }))
    const decode = Schema.decodeUnknownSync(Schema.Array(AiCell))
    const started = performance.now()
    decode(cells)
    const ms = performance.now() - started
    return [{ metric: "decode 10,000 cells (ms)", value: ms, target: "", ok: undefined }]
  }
}

export const benchEntries: ReadonlyArray<BenchEntry> = [contractDecode]
