import { shownText } from "../client/ShownText.js"
import type { RunPlan } from "../runner/PlanRun.js"
import type { RunSummary } from "../runner/RunSummary.js"
import { type SkippedFile, skippedNote } from "../runner/Uploads.js"
import { plural } from "./Words.js"

const duration = (seconds: number) =>
  seconds < 90
    ? `${seconds.toFixed(1)} s`
    : seconds < 5400
      ? `${(seconds / 60).toFixed(1)} min`
      : `${(seconds / 3600).toFixed(1)} h`

/** `--dry-run`: what would happen, and nothing was written. */
export const renderPlan = (plan: RunPlan, concurrency: number | "auto"): string =>
  [
    "plan (dry run: nothing was submitted or written)",
    `  documents       ${plan.documents}${plan.newFiles > 0 ? ` (${plan.newFiles} local files to upload)` : ""}`,
    `  tables          ${plan.tables}`,
    `  columns         ${plan.columns}`,
    ...plan.renamedColumns.map(
      (rename) => `  renamed column  ${shownText(rename.from)} → ${shownText(rename.to)} (its answers are kept)`
    ),
    `  pairs in total  ${plan.pairs}`,
    `  already answered (skipped) ${plan.alreadyAnswered}`,
    `  in flight from an earlier run ${plan.inFlight}`,
    `  pairs to run    ${plan.toRun}${plan.skipped > 0 ? ` (${plan.skipped} new or changed left out by --only-failed)` : ""}`,
    `  chat messages   ${plan.chatMessages} (${plan.chatMessagesToRun} to run)`,
    `  estimate        ${plan.estimateSeconds === undefined ? "unknown until a first run has measured the service" : `${duration(plan.estimateSeconds)} ${concurrency === "auto" ? "at the answer rate the last run reached" : `at concurrency ${concurrency}`}`}`
  ].join("\n")

/**
 * The run's note without the skipped files it ends with, which the summary lists below, one a line. A note that does
 * not end with them (an interrupted run's, read from the checkpoint with no list beside it) is shown whole.
 */
const noteBesideSkipped = (note: string | undefined, skipped: ReadonlyArray<SkippedFile>) => {
  if (note === undefined || skipped.length === 0) return note
  const listed = skipped.map(skippedNote).join("; ")
  if (note === listed) return undefined
  return note.endsWith(`; ${listed}`) ? note.slice(0, -`; ${listed}`.length) : note
}

/** The one-screen summary at the end of a run. */
export const renderSummary = (summary: RunSummary, reports: ReadonlyArray<string>, exitCode: number): string => {
  const lines = [
    `run ${summary.runId === undefined ? "" : `#${summary.runId} `}${summary.outcome} in ${duration(summary.seconds)} (exit ${exitCode})`
  ]
  const note = noteBesideSkipped(summary.note, summary.skipped)
  if (note !== undefined) lines.push(`  ${shownText(note)}`)
  lines.push(
    `  cells: ${summary.cells.success} answered (${summary.answered} this run), ${summary.cells.failed} failed, ${
      summary.cells.pending + summary.cells.submitting + summary.cells.submitted
    } not finished`
  )
  const chatTotal = Object.values(summary.chats).reduce((a, b) => a + b, 0)
  if (chatTotal > 0) {
    lines.push(
      `  chat messages: ${summary.chats.success} answered (${summary.chatsAnswered} this run), ${summary.chats.failed} failed, ${
        summary.chats.pending + summary.chats.submitting + summary.chats.submitted
      } not finished`
    )
  }
  if (summary.tables.length > 0) {
    lines.push(
      `  tables: ${summary.tables.map((table) => `#${table.remoteId ?? "?"} (${plural(table.documents, "document")})`).join(", ")}`
    )
  }
  for (const skipped of summary.skipped)
    lines.push(`  skipped ${shownText(skipped.what)}: ${shownText(skipped.reason)}`)
  if (reports.length > 0) {
    lines.push("  reports:")
    for (const report of reports) lines.push(`    ${report}`)
  }
  return lines.join("\n")
}
