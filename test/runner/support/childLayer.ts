import type { HttpClient } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { type Duration, Layer } from "effect"
import { ClientSettings } from "../../../src/client/ClientSettings.js"
import { ServiceClient } from "../../../src/client/ServiceClient.js"
import type { EffectiveConfig } from "../../../src/pipeline/EffectiveConfig.js"
import { DocumentIngest } from "../../../src/runner/DocumentIngest.js"
import { RunProgress } from "../../../src/runner/Progress.js"
import { CheckpointStore } from "../../../src/store/CheckpointStore.js"

/**
 * What a runner child process (runChild, benchChild) provides to `runPipeline`: a client of the effective
 * configuration's service (the default timeout unless told, Node's HttpClient unless told), the checkpoint at
 * `stateFile` and the progress.
 */
export const runnerLayer = (
  effective: Pick<EffectiveConfig, "service">,
  options: {
    readonly stateFile: string
    readonly timeout?: Duration.DurationInput
    readonly http?: Layer.Layer<HttpClient.HttpClient>
  }
) =>
  Layer.mergeAll(DocumentIngest.upload, RunProgress.Default).pipe(
    Layer.provideMerge(
      ServiceClient.Default.pipe(
        Layer.provide(
          ClientSettings.layer({
            baseUrl: effective.service.baseUrl ?? "",
            token: effective.service.token,
            timeout: options.timeout
          })
        ),
        Layer.provide(options.http ?? NodeHttpClient.layer)
      )
    ),
    Layer.provideMerge(CheckpointStore.open(options.stateFile))
  )
