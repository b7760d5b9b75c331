import { Layer } from "effect"
import { CellStore } from "./CellStore.js"
import { ChatStore } from "./ChatStore.js"
import { CheckpointDatabase, CheckpointPath } from "./CheckpointDatabase.js"
import { LayoutStore } from "./LayoutStore.js"
import { ReadStore } from "./ReadStore.js"
import { RunStore } from "./RunStore.js"
import type { StoreError } from "./StoreError.js"

/**
 * The pipeline's checkpoint, as the services over its one connection: runs and meta (RunStore), what the run set up
 * remotely (LayoutStore), the pairs (CellStore), the chat messages (ChatStore) and the reads of status, diff and
 * reports (ReadStore). Each step of the runner asks for the ones it touches. It never receives the service token.
 */
export type CheckpointStore = RunStore | LayoutStore | CellStore | ChatStore | ReadStore

const stores = Layer.mergeAll(
  RunStore.Default,
  LayoutStore.Default,
  CellStore.Default,
  ChatStore.Default,
  ReadStore.Default
)

const on = (path: typeof CheckpointPath.Service): Layer.Layer<CheckpointStore, StoreError> =>
  stores.pipe(Layer.provide(CheckpointDatabase.Default), Layer.provide(Layer.succeed(CheckpointPath, path)))

export const CheckpointStore = {
  /** The stores on the checkpoint at `path`, opened (and migrated) when the layer is built. */
  open: (path: string) => on({ path }),
  /** The stores on an existing checkpoint only: a missing file fails with StoreError (operation "open"). */
  openExisting: (path: string) => on({ path, mustExist: true }),
  /**
   * The stores on an existing checkpoint, read only: a reader beside a running run (`docsweep view`). Like a look, it
   * writes nothing beside the file (see `openIdleCopy`): with no writer connected it may read a copy in memory, which
   * its reader opens again when the file changes. An older schema is refused, not upgraded.
   */
  openReadOnly: (path: string) => on({ path, mustExist: true, readOnly: true, copyWhenIdle: true }),
  /**
   * The stores on an existing checkpoint for one look (`docsweep status`, `diff`): read only, so a user who may only
   * read the output folder can look, and nothing a running or later writer needs is touched (see `openIdleCopy`). A
   * checkpoint of an older schema is opened to be upgraded instead, as it was before (a newer one is refused again).
   */
  openToLook: (path: string) =>
    on({ path, mustExist: true, readOnly: true, copyWhenIdle: true }).pipe(
      // Fresh: the layers it shares with the read-only attempt would otherwise be handed back as they failed.
      Layer.catchAll((error) =>
        error.kind === "version" ? Layer.fresh(on({ path, mustExist: true })) : Layer.fail(error)
      )
    )
} as const
