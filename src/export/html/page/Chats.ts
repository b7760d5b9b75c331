import type { PageChat } from "../PageData.js"
import { button, count, el, isolatedList, replace } from "./Dom.js"

interface Session {
  readonly chat: string
  readonly scope: "each" | "all"
  readonly documents: ReadonlyArray<string>
  readonly messages: Array<PageChat>
}

/** Messages grouped by chat and session, in the order the checkpoint lists them (chat, session, position). */
const sessionsOf = (chats: ReadonlyArray<PageChat>): ReadonlyArray<Session> => {
  const sessions = new Map<string, Session>()
  for (const message of chats) {
    const key = `${message.chat}\u0000${message.session}`
    const session = sessions.get(key) ?? {
      chat: message.chat,
      scope: message.scope,
      documents: message.documents,
      messages: []
    }
    session.messages.push(message)
    sessions.set(key, session)
  }
  for (const session of sessions.values()) session.messages.sort((a, b) => a.position - b.position)
  return [...sessions.values()]
}

const statusClass = (status: string) => (status === "success" ? "s" : status === "failed" ? "f" : "p")

const messageView = (message: PageChat) =>
  el(
    "div",
    { class: "message" },
    el("div", { class: "question" }, el("span", { class: "who" }, "Asked"), message.message),
    el(
      "div",
      { class: `reply s-${statusClass(message.status)}` },
      el("span", { class: "who" }, message.status === "success" ? "Answer" : message.status),
      message.answer ?? (message.error === null ? "(no answer yet)" : `Failed: ${message.error}`)
    )
  )

const sessionView = (session: Session) =>
  el(
    "article",
    { class: "session" },
    el(
      "header",
      {},
      el("strong", {}, session.chat),
      el("span", { class: "chip" }, session.scope === "all" ? "multi-document" : "single document"),
      el("span", { class: "session-docs" }, isolatedList(session.documents))
    ),
    ...session.messages.map(messageView)
  )

/** The Chats tab: every session with its messages and answers, filtered by a search over their text. */
export const renderChats = (target: HTMLElement, chats: ReadonlyArray<PageChat>): void => {
  const sessions = sessionsOf(chats)
  if (sessions.length === 0) {
    replace(
      target,
      el("h2", { class: "section-title" }, "Chats"),
      el("p", { class: "muted" }, "This pipeline has no chats.")
    )
    return
  }
  const search = el("input", {
    type: "search",
    class: "search",
    placeholder: "Search chats",
    "aria-label": "Search chats"
  })
  const list = el("div", { class: "sessions" })
  const shownCount = el("span", { class: "shown" })
  let limit = 60
  const draw = () => {
    const query = search.value.trim().toLowerCase()
    const hits = sessions.filter(
      (session) =>
        query === "" ||
        session.documents.some((name) => name.toLowerCase().includes(query)) ||
        session.messages.some((m) => `${m.message}\n${m.answer ?? ""}\n${m.error ?? ""}`.toLowerCase().includes(query))
    )
    replace(shownCount, `${count(hits.length)} of ${count(sessions.length)} sessions`)
    replace(
      list,
      ...hits.slice(0, limit).map(sessionView),
      hits.length > limit &&
        button(`Show ${count(Math.min(60, hits.length - limit))} more`, () => {
          limit += 60
          draw()
        })
    )
  }
  search.addEventListener("input", () => {
    limit = 60
    draw()
  })
  replace(
    target,
    el("h2", { class: "section-title" }, "Chats"),
    el("div", { class: "toolbar" }, search, shownCount),
    list
  )
  draw()
}
