import { Effect } from "effect"

/**
 * An effect that lets the event loop read its sockets at least every `sliceMs` of work, for a pool of fibers that
 * may never wait on anything. Effect runs ready fibers on microtasks, for up to 2048 rounds before it yields to a
 * timer, so tasks whose engine answers at once (the latency engine at 0 ms, the extractive engine, which only
 * computes) kept a request unread for seconds with 64 workers: the server's keep-alive timeout then closed the socket
 * it had arrived on, and the client read ECONNRESET. Run before each task: within a slice it returns at once, which
 * keeps the pool's pace; once the slice is over, every task about to start waits for the same turn of the event loop
 * (`setImmediate`, after its sockets are read), so the microtasks run out and the requests get in.
 */
export const makeSocketTurns = (sliceMs: number): Effect.Effect<void> => {
  let sliceStart = performance.now()
  let turn: Promise<void> | undefined
  return Effect.suspend(() => {
    if (turn === undefined && performance.now() - sliceStart < sliceMs) return Effect.void
    turn ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        turn = undefined
        sliceStart = performance.now()
        resolve()
      })
    )
    const waiting = turn
    return Effect.promise(() => waiting)
  })
}
