import { diffWords } from "diff"
import type { PageAnswer } from "../PageData.js"
import { dateTime, el } from "./Dom.js"

/** What an answer of the history says: its text, or its failure. */
const answerOf = (answer: PageAnswer): string | undefined => (answer.status === "s" ? (answer.text ?? "") : undefined)

/** The words `after` adds and drops against `before`, as marked Text nodes (never HTML). */
const wordDiff = (before: string, after: string): HTMLElement => {
  const parts = diffWords(before, after).map((part) =>
    part.added
      ? el("ins", { class: "diff-added" }, part.value)
      : part.removed
        ? el("del", { class: "diff-removed" }, part.value)
        : document.createTextNode(part.value)
  )
  return el("div", { class: "diff" }, ...parts)
}

/**
 * The answers a pair had, newest first: run, time, status and text, each marked "changed" when it differs from
 * the answer before it, with the words added and removed.
 */
export const historyView = (answers: ReadonlyArray<PageAnswer>, currentRun: number): HTMLElement => {
  const items = answers.map((answer, position) => {
    const previous = position === 0 ? undefined : answers[position - 1]
    const before = previous === undefined ? undefined : answerOf(previous)
    const now = answerOf(answer)
    const changed = previous !== undefined && before !== now
    const heading = el(
      "div",
      { class: "history-head" },
      el("strong", {}, `Run ${answer.run}`),
      answer.run === currentRun && el("span", { class: "chip" }, "this run"),
      el("span", { class: `chip s-${answer.status}` }, answer.status === "s" ? "answered" : "failed"),
      changed && el("span", { class: "chip changed" }, "changed"),
      el("span", { class: "muted" }, dateTime(answer.at))
    )
    const body =
      now === undefined
        ? el("div", { class: "history-error" }, answer.error ?? "no reason recorded")
        : changed && before !== undefined
          ? wordDiff(before, now)
          : el("div", { class: "history-text" }, now)
    return el("li", { class: `history-item${changed ? " is-changed" : ""}` }, heading, body)
  })
  return el("ol", { class: "history", reversed: true }, ...items.reverse())
}
