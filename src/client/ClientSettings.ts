import { Context, Duration, Layer, type Redacted } from "effect"

/** Where the service is and how the client talks to it; the CLI fills it from config, tests directly. */
export class ClientSettings extends Context.Tag("app/client/ClientSettings")<
  ClientSettings,
  {
    readonly baseUrl: string
    /** Bearer token; absent only for `POST /api/auth`. Kept Redacted end to end. */
    readonly token: Redacted.Redacted<string> | undefined
    /** Limit for one request, reply body included. */
    readonly timeout: Duration.Duration
  }
>() {
  static readonly layer = (settings: {
    readonly baseUrl: string
    readonly token?: Redacted.Redacted<string> | undefined
    readonly timeout?: Duration.DurationInput | undefined
  }) =>
    Layer.succeed(ClientSettings, {
      baseUrl: settings.baseUrl.replace(/\/+$/, ""),
      token: settings.token,
      timeout: Duration.decode(settings.timeout ?? "60 seconds")
    })
}
