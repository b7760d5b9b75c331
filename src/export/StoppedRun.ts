import type { ReportModel } from "./ReportModel.js"

/**
 * How reports and `docsweep status` show a run that stopped without ending (killed, crashed): its checkpoint still
 * says "running", and no live process holds the pipeline's lock.
 */
export const stoppedOutcome = "stopped"
export const stoppedNote = "stopped before it could end (killed or crashed): run the same command again, it resumes"

/**
 * The report of a run as it stands: the newest run, still marked running in the checkpoint while no live process
 * holds the pipeline's lock (`lockFree`), was killed or crashed before it could end, and reads "stopped" with what
 * to do, not "running". `docsweep export` and `docsweep view` both show it so.
 */
export const withStoppedRun = (
  model: ReportModel,
  state: { readonly newest: boolean; readonly lockFree: boolean }
): ReportModel =>
  state.lockFree && state.newest && model.run.outcome === "running"
    ? { ...model, run: { ...model.run, outcome: stoppedOutcome, note: stoppedNote } }
    : model
