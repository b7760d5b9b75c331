/**
 * The client the service's own guide teaches, for the flow-control benchmark to compare against: create the table
 * and its columns, one run request with every pair, then poll the whole cell list every 2 s until every cell has
 * settled. It floods the service's queue with all the work at once (as fast as anything can be, and as rough).
 */
export interface NaiveOutcome {
  /** Table creation → every cell settled, seconds; undefined when the run request was refused. */
  readonly seconds: number | undefined
  readonly refused: string | undefined
}

const pollEveryMs = 2000

export async function naiveClient(input: {
  readonly baseUrl: string
  readonly token: string
  readonly organizationId: number
  readonly userId: number
  readonly documentIds: ReadonlyArray<number>
  readonly queries: ReadonlyArray<string>
}): Promise<NaiveOutcome> {
  const headers = { authorization: `Bearer ${input.token}`, "content-type": "application/json" }
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${input.baseUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const started = performance.now()
  const table = await call("/api/ai/table/create", {
    organization_id: input.organizationId,
    user_id: input.userId,
    document_ids: input.documentIds,
    visibility: "private"
  })
  const tableId = (table.body as { id: number }).id
  const columnIds: Array<number> = []
  for (const [index, query] of input.queries.entries()) {
    const column = await call(`/api/ai/table/${tableId}/column/create`, { name: `Q${index + 1}`, query })
    columnIds.push((column.body as { id: number }).id)
  }
  const pairs = input.documentIds.flatMap((documentId) => columnIds.map((columnId) => [documentId, columnId]))
  const run = await call(`/api/ai/table/${tableId}/run`, { doc_id_col_id: pairs })
  if (run.status !== 200) return { seconds: undefined, refused: `run request answered ${run.status}` }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pollEveryMs))
    const cells = (await call(`/api/ai/table/${tableId}/cell/list`)).body as ReadonlyArray<{ task_status: string }>
    if (cells.length >= pairs.length && cells.every((cell) => !["pending", "running"].includes(cell.task_status)))
      return { seconds: (performance.now() - started) / 1000, refused: undefined }
  }
}
