import type { AgentOptions } from '../../src/engine/run-agent.js'
import type { EngineEvent } from '../../src/schema/index.js'
import { Registry } from '../../src/tools/registry.js'
import { ScriptedProvider, type ScriptedReply } from './scripted-provider.js'
import { sleepTool } from './test-tools.js'

/**
 * What an engine test runs: a scripted provider, a registry holding the
 * `sleep` test tool, and options for runAgent (a system and a user message,
 * five turns, 5 s per tool) that record every engine event in `events`.
 */
export function scriptedAgentRun(
  script: ScriptedReply[],
  overrides: Partial<AgentOptions> = {},
) {
  const provider = new ScriptedProvider(script)
  const registry = new Registry()
  const tool = sleepTool()
  registry.register(tool)
  const events: EngineEvent[] = []
  const options: AgentOptions = {
    provider,
    registry,
    messages: [
      { role: 'system', content: 'You are a test.' },
      { role: 'user', content: 'Do the thing.' },
    ],
    workdir: '/tmp',
    env: {},
    maxTurns: 5,
    toolTimeoutMs: 5000,
    onEvent: (event) => events.push(event),
    ...overrides,
  }
  return { provider, registry, tool, events, options }
}
