/**
 * The URL of a server listening on `host` and `port`: `http://127.0.0.1:8790`, `http://[::1]:8790` (an IPv6 address
 * goes in brackets). Both the service and `docsweep view` print theirs; it lives here because `src/view` may import
 * only this part of `src/service` (README, Development: "May import").
 */
export const listenUrl = (host: string, port: number): string =>
  `http://${host.includes(":") ? `[${host}]` : host}:${port}`
