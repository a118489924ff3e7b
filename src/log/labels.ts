/** The languages the block log can speak; `zh` is the design's wording. */
export type LogLanguage = 'zh' | 'en'

export const DEFAULT_LOG_LANGUAGE: LogLanguage = 'zh'

/** The word between the `│` bars of a header, one per log point. */
export interface LogLabels {
  engineStart: string
  turnStart: string
  thinking: string
  action: string
  modelReply: string
  toolStart: string
  toolDone: string
  toolFailed: string
  observation: string
  loopEnd: string
  notice: string
  handover: string
  handoverFailed: string
}

/**
 * Header labels. The Chinese set uses the design document's words so that
 * `grep 工具启动` finds every tool start. Keys and values are English in both.
 */
export const LOG_LABELS: Readonly<Record<LogLanguage, LogLabels>> = {
  zh: {
    engineStart: '引擎启动',
    turnStart: 'Turn 开始',
    thinking: '思考阶段',
    action: '行动阶段',
    modelReply: '模型回复',
    toolStart: '工具启动',
    toolDone: '工具完成',
    toolFailed: '工具失败',
    observation: '注入观察',
    loopEnd: '循环结束',
    notice: '引擎提示',
    handover: '交接',
    handoverFailed: '交接失败',
  },
  en: {
    engineStart: 'engine start',
    turnStart: 'turn start',
    thinking: 'thinking',
    action: 'action',
    modelReply: 'model reply',
    toolStart: 'tool start',
    toolDone: 'tool done',
    toolFailed: 'tool failed',
    observation: 'observation',
    loopEnd: 'loop end',
    notice: 'notice',
    handover: 'handover',
    handoverFailed: 'handover failed',
  },
}

/** Narrows a setting read from the outside (an input, a flag) to a language. */
export function isLogLanguage(value: unknown): value is LogLanguage {
  return value === 'zh' || value === 'en'
}
