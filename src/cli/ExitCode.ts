import type { RunOutcome } from "../store/CheckpointModel.js"

/** The exit codes cron jobs and scripts can rely on (README, "Exit codes"). */
export const ExitCode = {
  ok: 0,
  internal: 1,
  invalidInput: 2,
  failedCells: 3,
  refused: 4,
  unavailable: 5,
  locked: 75,
  interrupted: 130
} as const

export const exitCodeOf = (outcome: RunOutcome): number => {
  switch (outcome) {
    case "completed":
      return ExitCode.ok
    case "failed-cells":
      return ExitCode.failedCells
    case "refused":
      return ExitCode.refused
    case "service-unavailable":
    case "deadline":
      return ExitCode.unavailable
    case "interrupted":
      return ExitCode.interrupted
    case "invalid":
      return ExitCode.invalidInput
    case "running":
    case "error":
      return ExitCode.internal
  }
}
