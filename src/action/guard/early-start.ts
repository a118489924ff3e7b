import { reexecWithScrubbedEnvironment } from './scrub-environment.js'

// Imported first by index.ts, so it runs before any other module of the
// action (ESM evaluates imports in order, and this one is synchronous).
reexecWithScrubbedEnvironment()
