#!/usr/bin/env node
// Runs the TypeScript sources directly: users never need a separate build step.
import { register } from "tsx/esm/api"

register()
await import("./main.ts")
