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
  /** The stores on an existing checkpoint, read only: a reader beside a running run (`docsweep view`). */
  openReadOnly: (path: string) => on({ path, mustExist: true, readOnly: true })
} as const
