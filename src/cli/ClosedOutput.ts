/**
 * A reader that goes away (`docsweep run … | head`, a log shipper restarted, the terminal of an ended SSH session)
 * must not end the run: Node reports the closed pipe as an `error` event on the stream, and with no listener that
 * ended the process mid-run, its checkpoint's run left "running". The run goes on with its output dropped; its exit
 * code, checkpoint and reports still tell how it ended.
 */
export const keepRunningWhenOutputCloses = (): void => {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", () => {
      // Nowhere left to say it: the other stream may be gone too.
    })
  }
}
