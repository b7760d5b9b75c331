import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./Authentication.js"
import { idFromString, SessionId, SuccessReply } from "./Ids.js"
import {
  ChatMessage,
  CreateMessageBody,
  CreateMessageReply,
  CreateSessionBody,
  Session,
  SessionListParams,
  UpdateSessionBody
} from "./Sessions.js"

const SessionPath = Schema.Struct({ ai_session_id: idFromString(SessionId) })

/** Reference §4.3. */
export class SessionsGroup extends HttpApiGroup.make("sessions")
  .annotate(OpenApi.Description, "Chat sessions over documents and their messages (reference §4.3).")
  .add(
    HttpApiEndpoint.post("createSession", "/api/ai/session/create")
      .annotate(
        OpenApi.Summary,
        "Create a chat session; multi-document sessions need the advanced plan (reference §4.3)"
      )
      .setPayload(CreateSessionBody)
      .addSuccess(Session)
  )
  .add(
    HttpApiEndpoint.get("listSessions", "/api/ai/session/list")
      .annotate(OpenApi.Summary, "Sessions of a workspace (multi-document) or of one document (reference §4.3)")
      .setUrlParams(SessionListParams)
      .addSuccess(Schema.Array(Session))
  )
  .add(
    HttpApiEndpoint.get("getSession", "/api/ai/session/:ai_session_id")
      .annotate(OpenApi.Summary, "Read a session (reference §4.3)")
      .setPath(SessionPath)
      .addSuccess(Session)
  )
  .add(
    HttpApiEndpoint.post("updateSession", "/api/ai/session/:ai_session_id/update")
      .annotate(OpenApi.Summary, "Change a session's documents, meta or visibility (reference §4.3)")
      .setPath(SessionPath)
      .setPayload(UpdateSessionBody)
      .addSuccess(Session)
  )
  .add(
    HttpApiEndpoint.del("deleteSession", "/api/ai/session/:ai_session_id/delete")
      .annotate(OpenApi.Summary, "Delete a session and its messages (reference §4.3)")
      .setPath(SessionPath)
      .addSuccess(SuccessReply)
  )
  .add(
    HttpApiEndpoint.post("resetSession", "/api/ai/session/:ai_session_id/reset")
      .annotate(OpenApi.Summary, "Delete a session's messages, keep the session (reference §4.3)")
      .setPath(SessionPath)
      .addSuccess(SuccessReply)
  )
  .add(
    HttpApiEndpoint.post("createMessage", "/api/ai/session/:ai_session_id/qa/create")
      .annotate(
        OpenApi.Summary,
        "Ask a question; the reply is the message, pending until answered (reference §4.3, §8.3)"
      )
      .setPath(SessionPath)
      .setPayload(CreateMessageBody)
      .addSuccess(CreateMessageReply)
  )
  .add(
    HttpApiEndpoint.get("listMessages", "/api/ai/session/:ai_session_id/qa/list")
      .annotate(
        OpenApi.Summary,
        "Every message of a session: poll it until each task_status is success (reference §4.3)"
      )
      .setPath(SessionPath)
      .addSuccess(Schema.Array(ChatMessage))
  )
  .middleware(Authentication) {}
