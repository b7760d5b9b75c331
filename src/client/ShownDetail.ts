import { Option, Predicate, Schema } from "effect"
import { ValidationIssue } from "../api/ApiError.js"
import type { Scrub } from "./Scrub.js"
import { shownText } from "./ShownText.js"

const MAX_DETAIL = 300

const parseJson = (text: string): Option.Option<unknown> =>
  Option.liftThrowable((value: string): unknown => JSON.parse(value))(text)

/** Service text made safe to store and print: cut to a readable length, token out, control characters shown. */
export const shownDetail = (text: string, clean: Scrub) =>
  shownText(clean(text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text))

/** Whatever body a failed reply has: its `detail` string, or the text; HTML pages are cut to their title. */
export const detailOf = (text: string, clean: Scrub) => {
  const trimmed = text.trim()
  if (trimmed.startsWith("<")) {
    const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1]
    return `HTML reply${title === undefined ? "" : ` "${title.trim()}"`}`
  }
  const json = Option.getOrUndefined(parseJson(trimmed))
  const detail = Predicate.hasProperty(json, "detail") ? json.detail : undefined
  return shownDetail(typeof detail === "string" ? detail : trimmed, clean)
}

const decodeIssues = Schema.decodeUnknownOption(Schema.Array(ValidationIssue))

export const cleanIssues = (issues: ReadonlyArray<ValidationIssue>, clean: Scrub) =>
  issues.map((issue) => ({
    ...issue,
    loc: issue.loc.map((part) => (typeof part === "string" ? shownText(clean(part)) : part)),
    msg: shownText(clean(issue.msg))
  }))

/** 422 bodies: the reference's bare array, or FastAPI's `{"detail": [...]}` wrapper. */
export const issuesOf = (text: string, clean: Scrub) => {
  const json = Option.getOrUndefined(parseJson(text))
  const candidate = Predicate.hasProperty(json, "detail") ? json.detail : json
  const issues = Option.getOrElse(decodeIssues(candidate), () => [
    { loc: [] as ReadonlyArray<string>, msg: text.slice(0, MAX_DETAIL), type: "unparsed" }
  ])
  return cleanIssues(issues, clean)
}
