import { Cause, Effect, Either, Option, Queue, Random, Schedule, STM, TRef } from "effect"
import type { AnswerRequest } from "./engine/AnswerEngine.js"
import { ServiceEngine } from "./ServiceEngine.js"
import { ServiceSettings } from "./ServiceSettings.js"
import { makeSocketTurns } from "./SocketTurns.js"
import type { Refused } from "./store/Admission.js"
import { CellStore } from "./store/CellStore.js"
import { DocumentStore } from "./store/DocumentStore.js"
import { MessageStore } from "./store/MessageStore.js"
import { type ClaimedTask, TaskStore } from "./store/TaskStore.js"

/** Claims that fail are tried again every second: the pool never stops while the service runs. */
const claimRetry = Schedule.spaced("1 second")

/** How long the workers may run before the event loop reads its sockets (see `makeSocketTurns`). */
const sliceMs = 20

const injectedFailure = "injected failure (--fail-rate): the first attempt of this task failed on purpose"

/**
 * The pool that answers cells and chat messages. Tasks are rows; a dispatcher claims pending ones (one transaction
 * each time) only for workers that are idle, and starts each claimed task at once, so `running` means a worker is
 * answering it and `pending` means it waits in the queue: what clients (and the queue statistics) read from the
 * statuses. Submitting work or a worker finishing wakes the dispatcher, so an idle pool never polls SQLite. Tasks
 * left `running` by a killed process are requeued at start.
 */
export class TaskPool extends Effect.Service<TaskPool>()("app/service/TaskPool", {
  scoped: Effect.gen(function* () {
    const settings = yield* ServiceSettings
    const tasks = yield* TaskStore
    const cells = yield* CellStore
    const messages = yield* MessageStore
    const documents = yield* DocumentStore
    const { engine } = yield* ServiceEngine
    const scope = yield* Effect.scope

    const requeued = yield* tasks.requeueRunning()
    if (requeued > 0) yield* Effect.logInfo(`task pool: requeued ${requeued} task(s) left running by a stopped service`)

    const socketTurn = makeSocketTurns(sliceMs)
    const wake = yield* Queue.sliding<void>(1)
    const idle = yield* STM.commit(TRef.make(settings.workers))

    /**
     * `--fail-rate`: a draw per task, from Effect's Random seeded by `--seed` and the task's row, so the same
     * tasks fail whatever the timing; without a seed, from the default Random.
     */
    const failsOnPurpose = (task: ClaimedTask) =>
      Effect.gen(function* () {
        if (settings.failRate <= 0 || task.attempt > 1) return false
        const random = settings.seed === undefined ? yield* Effect.random : Random.make([settings.seed, task.rowId])
        return (yield* random.next) < settings.failRate
      })

    const request = (task: ClaimedTask) =>
      Effect.gen(function* () {
        if (task.kind === "cell") {
          const cell = yield* cells.work(task.targetId)
          if (cell === undefined) return Option.none<AnswerRequest>()
          const history = task.continueResponse ? [{ query: cell.query, response: task.baseResponse }] : []
          return Option.some<AnswerRequest>({
            kind: "cell",
            query: cell.query,
            documents: yield* documents.forEngine([cell.documentId]),
            history,
            language: cell.language,
            columnName: cell.columnName,
            startedAt: task.startedMs
          })
        }
        const message = yield* messages.work(task.targetId)
        if (message === undefined) return Option.none<AnswerRequest>()
        const engineDocuments = yield* documents.forEngine(message.documentIds)
        return Option.some<AnswerRequest>({
          kind: "chat",
          query: message.query,
          documents: message.useContext
            ? engineDocuments
            : engineDocuments.map((document) => ({ ...document, passages: [] })),
          history: message.useHistory ? message.history : [],
          language: message.language,
          startedAt: task.startedMs
        })
      })

    /** Appends the answer to the target chunk by chunk; stops early when the task was superseded. */
    const perform = (task: ClaimedTask) =>
      Effect.gen(function* () {
        yield* socketTurn
        if (yield* failsOnPurpose(task)) return yield* tasks.settle(task, injectedFailure)
        const input = yield* request(task)
        if (Option.isNone(input)) return yield* tasks.settle(task, "the cell or message no longer exists")
        const outcome = yield* engine.answer(input.value, (chunk) => tasks.append(task, chunk)).pipe(Effect.either)
        yield* tasks.settle(task, Either.isLeft(outcome) ? outcome.left.reason : undefined)
      }).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logWarning(`task ${task.taskId} failed`, cause).pipe(
                Effect.zipRight(tasks.settle(task, `internal error: ${Cause.squash(cause)}`))
              )
        ),
        Effect.catchAllCause((cause) => Effect.logError("task pool: a task could not be settled", cause)),
        Effect.ensuring(Effect.zipRight(STM.commit(TRef.update(idle, (n) => n + 1)), Queue.offer(wake, undefined))),
        Effect.annotateLogs({ task: task.taskId })
      )

    /** Waits for an idle worker, claims up to as many tasks as workers are idle, starts each. */
    const dispatch = Effect.gen(function* () {
      const free = yield* STM.commit(
        STM.filterOrElse(
          TRef.get(idle),
          (n) => n > 0,
          () => STM.retry
        )
      )
      const claimed = yield* tasks.claim(free)
      if (claimed.length === 0) return yield* Queue.take(wake)
      yield* STM.commit(TRef.update(idle, (n) => n - claimed.length))
      for (const task of claimed) yield* Effect.forkIn(perform(task), scope)
    }).pipe(
      // A claim fails only if the database does (disk full, locked past busy_timeout): log, wait, try again; the
      // pool never stops while the service runs, whatever went wrong.
      Effect.sandbox,
      Effect.tapError((cause) => Effect.logError("task pool: claiming tasks failed; trying again", cause)),
      Effect.retry(claimRetry),
      Effect.forever
    )

    yield* Effect.forkScoped(dispatch)
    yield* Queue.offer(wake, undefined)

    /**
     * How long a user refused by `--max-pending` should wait: the time the workers need to finish the tasks over
     * the cap, at the recent answer time; at least 1 s (Retry-After counts whole seconds), at most a minute.
     */
    const retryAfterSeconds = (refused: Refused) =>
      Effect.map(tasks.recentRuntimeMs, (runtime) => {
        const excess = refused.open + refused.requested - refused.maxOpen
        const seconds = (excess * (runtime ?? 1000)) / 1000 / settings.workers
        return Math.min(60, Math.max(1, Math.ceil(seconds)))
      })

    return {
      /** Call after queueing tasks: wakes the dispatcher (never blocks, never loses a wake-up). */
      notify: Queue.offer(wake, undefined).pipe(Effect.asVoid),
      retryAfterSeconds
    } as const
  })
}) {}
