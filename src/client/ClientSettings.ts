import { Context, Duration, Layer, type Redacted } from "effect"

/**
 * The default limit for one request, reply included. The slowest legitimate replies are an upload (the service
 * replies once the text is extracted: reference §4.1) and the cell list of a full table (no paging); a minute
 * leaves them room while a connection that hangs still ends in a `Transport` error the runner retries. A pipeline
 * sets its own for a configured service (`run.request_timeout`, the same minute by default).
 */
export const defaultRequestTimeout = Duration.seconds(60)

/** Where the service is and how the client talks to it; the CLI fills it from config, tests directly. */
export class ClientSettings extends Context.Tag("app/client/ClientSettings")<
  ClientSettings,
  {
    readonly baseUrl: string
    /** Bearer token; absent only for `POST /api/auth`. Kept Redacted end to end. */
    readonly token: Redacted.Redacted<string> | undefined
    /** Limit for one request, reply body included. */
    readonly timeout: Duration.Duration
    /** Most bytes of a 2xx reply read (default `replyBodyLimit`); tests set a small one. */
    readonly maxReplyBytes?: number
  }
>() {
  static readonly layer = (settings: {
    readonly baseUrl: string
    readonly token?: Redacted.Redacted<string> | undefined
    readonly timeout?: Duration.DurationInput | undefined
    readonly maxReplyBytes?: number | undefined
  }) =>
    Layer.succeed(ClientSettings, {
      baseUrl: settings.baseUrl.replace(/\/+$/, ""),
      token: settings.token,
      timeout: settings.timeout === undefined ? defaultRequestTimeout : Duration.decode(settings.timeout),
      ...(settings.maxReplyBytes === undefined ? {} : { maxReplyBytes: settings.maxReplyBytes })
    })
}
