import { isLogLanguage, LOG_LABELS } from '../../src/log/labels.js'

describe('LOG_LABELS', () => {
  test('Chinese labels are the design document words, then the handover the budget adds', () => {
    expect(Object.values(LOG_LABELS.zh)).toEqual([
      '引擎启动',
      'Turn 开始',
      '思考阶段',
      '行动阶段',
      '模型回复',
      '工具启动',
      '工具完成',
      '工具失败',
      '注入观察',
      '循环结束',
      '引擎提示',
      '交接',
      '交接失败',
    ])
  })

  test('both languages label the same log points, each label distinct', () => {
    expect(Object.keys(LOG_LABELS.en)).toEqual(Object.keys(LOG_LABELS.zh))
    for (const labels of Object.values(LOG_LABELS)) {
      const values = Object.values(labels)
      expect(new Set(values).size).toBe(values.length)
    }
  })

  test('isLogLanguage accepts only zh and en', () => {
    expect(['zh', 'en', 'EN', 'fr', undefined].map(isLogLanguage)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })
})
