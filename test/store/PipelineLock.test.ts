import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Option, Scope } from "effect"
import { acquireLock, lockPath, readLock } from "../../src/store/PipelineLock.js"
import { tempDir } from "./StoreFixtures.js"

/** The pid of a process that has already exited. */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid

describe("PipelineLock", () => {
  it.scoped("a second acquirer fails naming the holder; the lock goes when the scope closes", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "not-yet-created", "state.sqlite")
      const scope = yield* Scope.make()
      const owner = yield* acquireLock(stateFile).pipe(Scope.extend(scope))
      assert.strictEqual(owner.pid, process.pid)
      const written = JSON.parse(readFileSync(lockPath(stateFile), "utf8"))
      assert.strictEqual(written.pid, process.pid)
      assert.strictEqual(written.hostname, hostname())

      const error = yield* Effect.flip(Effect.scoped(acquireLock(stateFile)))
      assert.strictEqual(error._tag, "PipelineLocked")
      if (error._tag === "PipelineLocked") {
        assert.strictEqual(error.pid, process.pid)
        assert.include(error.message, `pipeline is locked by process ${process.pid} on ${hostname()} since`)
        assert.include(error.message, lockPath(stateFile))
      }
      const status = yield* readLock(stateFile)
      assert.deepStrictEqual(
        Option.map(status, (lock) => [lock.pid, lock.alive]),
        Option.some([process.pid, true])
      )

      yield* Scope.close(scope, Exit.void)
      assert.isFalse(existsSync(lockPath(stateFile)))
      assert.isTrue(Option.isNone(yield* readLock(stateFile)))
      yield* Effect.scoped(acquireLock(stateFile))
    })
  )

  it.scoped("a lock left by a dead process, or an unreadable one, is taken over", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const pid = deadPid()
      const stale = { pid, hostname: hostname(), startedAt: "2026-01-01T00:00:00.000Z", argv: ["node"] }
      writeFileSync(lockPath(stateFile), JSON.stringify(stale))
      assert.deepStrictEqual(
        Option.map(yield* readLock(stateFile), (lock) => [lock.pid, lock.alive]),
        Option.some([pid, false])
      )
      yield* Effect.scoped(
        Effect.gen(function* () {
          const owner = yield* acquireLock(stateFile)
          assert.strictEqual(owner.pid, process.pid)
          assert.strictEqual(JSON.parse(readFileSync(lockPath(stateFile), "utf8")).pid, process.pid)
        })
      )
      writeFileSync(lockPath(stateFile), "{ half written")
      assert.isTrue(Option.isNone(yield* readLock(stateFile)))
      yield* Effect.scoped(acquireLock(stateFile))
      assert.isFalse(existsSync(lockPath(stateFile)))
    })
  )

  it.scoped("a lock held on another host is respected", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const other = { pid: deadPid(), hostname: `${hostname()}-elsewhere`, startedAt: "then", argv: [] }
      writeFileSync(lockPath(stateFile), JSON.stringify(other))
      const error = yield* Effect.flip(Effect.scoped(acquireLock(stateFile)))
      assert.strictEqual(error._tag, "PipelineLocked")
      assert.include(error.message, `${hostname()}-elsewhere`)
    })
  )
})
