import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Option, Scope, TestClock } from "effect"
import { acquireLock, lockPath, readLock } from "../../src/store/PipelineLock.js"
import { childScript } from "../support/TestChildren.js"
import { tempDir } from "./StoreFixtures.js"

/** The pid of a process that has already exited. */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid

const asHost = (name: string) => Effect.withConfigProvider(ConfigProvider.fromJson({ DOCSWEEP_HOSTNAME: name }))

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

/** A process that holds the lock as `host` until the scope closes (killed with SIGKILL: its lock stays). */
const holderOn = (stateFile: string, host: string) =>
  Effect.acquireRelease(
    Effect.async<ChildProcess>((resume) => {
      const child = spawn(process.execPath, [childScript("holdLock"), stateFile], {
        env: { ...process.env, DOCSWEEP_HOSTNAME: host },
        stdio: ["ignore", "pipe", "inherit"]
      })
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("locked")) resume(Effect.succeed(child))
      })
    }),
    (child) => Effect.sync(() => child.kill("SIGKILL"))
  )

describe("PipelineLock", () => {
  it.scoped("a second acquirer fails naming the holder; the lock goes when the scope closes", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "not-yet-created", "state.sqlite")
      const scope = yield* Scope.make()
      const lease = yield* acquireLock(stateFile).pipe(Scope.extend(scope))
      assert.strictEqual(lease.owner.pid, process.pid)
      assert.isTrue(Option.isNone(lease.previous))
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

  it.scoped("the heartbeat is renewed while the lease lives, and the run it began is recorded", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const lease = yield* acquireLock(stateFile)
      const read = () => JSON.parse(readFileSync(lockPath(stateFile), "utf8"))
      const first = read().heartbeatAt
      yield* TestClock.adjust("10 seconds")
      yield* Effect.yieldNow()
      assert.isAbove(Date.parse(read().heartbeatAt), Date.parse(first))
      yield* lease.recordRun(4)
      assert.strictEqual(read().runId, 4)
      yield* TestClock.adjust("10 seconds")
      yield* Effect.yieldNow()
      assert.strictEqual(read().runId, 4)
    })
  )

  it.scopedLive("a lock left by a dead process, or an unreadable one, is taken over and returned", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const pid = deadPid()
      const stale = { pid, hostname: hostname(), startedAt: ago(5), heartbeatAt: ago(5), runId: 3, argv: ["node"] }
      writeFileSync(lockPath(stateFile), JSON.stringify(stale))
      assert.deepStrictEqual(
        Option.map(yield* readLock(stateFile), (lock) => [lock.pid, lock.alive]),
        Option.some([pid, false])
      )
      yield* Effect.scoped(
        Effect.gen(function* () {
          const lease = yield* acquireLock(stateFile)
          assert.strictEqual(lease.owner.pid, process.pid)
          assert.deepStrictEqual(
            Option.map(lease.previous, (previous) => previous.runId),
            Option.some(3)
          )
          assert.strictEqual(JSON.parse(readFileSync(lockPath(stateFile), "utf8")).pid, process.pid)
        })
      )
      writeFileSync(lockPath(stateFile), "{ half written")
      assert.isTrue(Option.isNone(yield* readLock(stateFile)))
      yield* Effect.scoped(acquireLock(stateFile))
      assert.isFalse(existsSync(lockPath(stateFile)))
    })
  )

  it.scopedLive("a lock naming this process's pid from an earlier start (a container restarted) is not held", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const earlier = {
        pid: process.pid,
        hostname: hostname(),
        startedAt: ago(3),
        processStartedAt: ago(3600),
        heartbeatAt: ago(3),
        argv: []
      }
      writeFileSync(lockPath(stateFile), JSON.stringify(earlier))
      assert.isFalse(Option.getOrThrow(yield* readLock(stateFile)).alive)
      const lease = yield* acquireLock(stateFile)
      assert.isTrue(Option.isSome(lease.previous))
    })
  )

  it.scopedLive("another host's lock holds while its heartbeat is fresh and is taken over once it is stale", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const other = { pid: 1, hostname: "pod-a", startedAt: ago(600), heartbeatAt: ago(5), argv: [] }
      writeFileSync(lockPath(stateFile), JSON.stringify(other))
      const error = yield* Effect.flip(Effect.scoped(acquireLock(stateFile)))
      assert.strictEqual(error._tag, "PipelineLocked")
      assert.include(error.message, "pod-a")
      writeFileSync(lockPath(stateFile), JSON.stringify({ ...other, heartbeatAt: ago(120) }))
      const lease = yield* acquireLock(stateFile)
      assert.strictEqual(Option.getOrThrow(lease.previous).hostname, "pod-a")
    })
  )

  it.scopedLive("two live processes claiming different hosts exclude each other; a killed holder's lock expires", () =>
    Effect.gen(function* () {
      const stateFile = join(yield* tempDir, "state.sqlite")
      const holderScope = yield* Scope.make()
      yield* holderOn(stateFile, "pod-a").pipe(Scope.extend(holderScope))
      const error = yield* Effect.flip(Effect.scoped(acquireLock(stateFile)).pipe(asHost("pod-b")))
      assert.strictEqual(error._tag, "PipelineLocked")
      assert.include(error.message, "on pod-a")
      // Killed (SIGKILL): the lock stays, and from another host nothing but its heartbeat can tell it is dead.
      yield* Scope.close(holderScope, Exit.void)
      yield* Effect.sleep("200 millis")
      const left = JSON.parse(readFileSync(lockPath(stateFile), "utf8"))
      assert.strictEqual(left.hostname, "pod-a")
      assert.strictEqual(
        (yield* Effect.flip(Effect.scoped(acquireLock(stateFile)).pipe(asHost("pod-b"))))._tag,
        "PipelineLocked"
      )
      writeFileSync(lockPath(stateFile), JSON.stringify({ ...left, heartbeatAt: ago(61) }))
      const lease = yield* acquireLock(stateFile).pipe(asHost("pod-b"))
      assert.strictEqual(lease.owner.hostname, "pod-b")
    })
  )

  // A YAML block scalar in a pod spec ends the name with a newline: a lock of "pod-a\n", left by a killed run, was
  // another host's to the next run as "pod-a", which could no longer see its process was gone (exit 75 for 60 s).
  it.scoped("DOCSWEEP_HOSTNAME is read trimmed, and a blank one means the OS's name", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const named = yield* Effect.scoped(
        Effect.map(acquireLock(join(dir, "a", "state.sqlite")), (lease) => lease.owner.hostname)
      ).pipe(asHost(" pod-a\n"))
      assert.strictEqual(named, "pod-a")
      const blank = yield* Effect.scoped(
        Effect.map(acquireLock(join(dir, "b", "state.sqlite")), (lease) => lease.owner.hostname)
      ).pipe(asHost("  "))
      assert.strictEqual(blank, hostname())
    })
  )
})
