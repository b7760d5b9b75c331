import { Effect, Layer } from "effect"
import { Authentication } from "../api/Authentication.js"
import { Auth } from "./Auth.js"

/** The bearer check of every operation but `POST /api/auth`: a valid token provides `CurrentUser`. */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(Auth, (auth) => ({ bearer: (token) => auth.verify(token) }))
)
