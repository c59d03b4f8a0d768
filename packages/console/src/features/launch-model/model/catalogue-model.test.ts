import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOCALES, ModelRegistrationList } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import {
  cardNumber,
  contextInThousands,
  isCached,
  shownAbility,
  specViews,
  toCatalogueModel,
} from './catalogue-model'
import { filterModels } from './filter'

// A plain path, not new URL(…): Vite would try to bundle a URL outside the project.
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../../../fixtures/xinference-v1.8')
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'))

describe('catalogue shapes', () => {
  it('groups upstream v1.8 flattened rows into specs with a flag per quantization', () => {
    const list = ModelRegistrationList.parse(fixture('llm-detailed.json')).map(toCatalogueModel)
    const qwen = list.find((model) => model.name === 'qwen2.5-instruct')
    const gguf = qwen?.specs.find((spec) => spec.format === 'ggufv2' && spec.size === '0_5')
    expect(gguf?.quantizations).toContain('q4_k_m')
    expect(gguf?.cached).toHaveLength(gguf?.quantizations.length ?? -1)
  })

  it("reads SPEC's shape: a quantizations list with a boolean or a list of flags", () => {
    const views = specViews([
      {
        model_format: 'ggufv2',
        model_size_in_billions: 7,
        quantizations: ['q4', 'q8'],
        cache_status: [false, true],
      },
      { model_format: 'pytorch', model_size_in_billions: 7, quantizations: ['none'], cache_status: true },
    ])
    expect(views).toEqual([
      { format: 'ggufv2', size: 7, quantizations: ['q4', 'q8'], cached: [false, true] },
      { format: 'pytorch', size: 7, quantizations: ['none'], cached: [true] },
    ])
  })

  it("reads a language written as a string (upstream's MeloTTS) as a list of one", () => {
    const [melo, whisper] = ModelRegistrationList.parse([
      { model_name: 'MeloTTS-Chinese', language: 'ZH' },
      { model_name: 'whisper-tiny', language: ['en', 'zh'] },
    ]).map(toCatalogueModel)
    expect(melo?.languages).toEqual(['ZH'])
    expect(whisper?.languages).toEqual(['en', 'zh'])
  })

  it('shows context in thousands rounded down, and the ability', () => {
    expect(contextInThousands(32768)).toBe('32K')
    expect(contextInThousands(131072)).toBe('131K')
    expect(shownAbility(['generate', 'chat'])).toBe('chat')
    expect(shownAbility(['generate'])).toBe('generate')
    expect(shownAbility(['vision'])).toBe('other')
  })
})

describe('filters', () => {
  const models = [
    {
      model_name: 'alpha-chat',
      model_description: 'talks',
      model_ability: ['chat'],
      model_specs: [{ model_format: 'ggufv2', quantizations: ['q4'], cache_status: [true] }],
    },
    {
      model_name: 'beta-vision',
      model_description: 'sees images',
      model_ability: ['chat', 'vision'],
      model_specs: [],
    },
    {
      model_name: 'gamma',
      model_description: 'completes text',
      model_ability: ['generate'],
      model_specs: [],
    },
  ].map((raw) => toCatalogueModel(raw))
  const context = { favorites: new Set(['gamma']), uncached: new Set<string>(), searchDescriptions: true }
  const names = (list: { name: string }[]) => list.map((model) => model.name)

  it('searches names and, for LLMs, descriptions', () => {
    expect(
      names(
        filterModels(models, { search: 'IMAGES', abilities: [], statuses: [], runsHere: false }, context),
      ),
    ).toEqual(['beta-vision'])
    expect(
      names(
        filterModels(
          models,
          { search: 'images', abilities: [], statuses: [], runsHere: false },
          { ...context, searchDescriptions: false },
        ),
      ),
    ).toEqual([])
  })

  it('narrows by ability (vl-chat means vision) and by status', () => {
    expect(
      names(
        filterModels(models, { search: '', abilities: ['chat'], statuses: [], runsHere: false }, context),
      ),
    ).toEqual(['alpha-chat', 'beta-vision'])
    expect(
      names(
        filterModels(models, { search: '', abilities: ['vl-chat'], statuses: [], runsHere: false }, context),
      ),
    ).toEqual(['beta-vision'])
    expect(
      names(
        filterModels(models, { search: '', abilities: [], statuses: ['favorite'], runsHere: false }, context),
      ),
    ).toEqual(['gamma'])
    expect(
      names(
        filterModels(models, { search: '', abilities: [], statuses: ['cached'], runsHere: false }, context),
      ),
    ).toEqual(['alpha-chat'])
    expect(models.filter(isCached).map((model) => model.name)).toEqual(['alpha-chat'])
  })

  it('keeps to the models that run here once the server said which, and to all before', () => {
    const filters = { search: '', abilities: [], statuses: [], runsHere: true }
    expect(names(filterModels(models, filters, { ...context, runsHere: new Set(['gamma']) }))).toEqual([
      'gamma',
    ])
    expect(filterModels(models, filters, context)).toHaveLength(models.length)
    expect(
      filterModels(models, { ...filters, runsHere: false }, { ...context, runsHere: new Set() }),
    ).toHaveLength(models.length)
  })

  it('treats a model whose cache was removed this session as not cached', () => {
    expect(
      filterModels(
        models,
        { search: '', abilities: [], statuses: ['cached'], runsHere: false },
        { ...context, uncached: new Set(['alpha-chat']) },
      ),
    ).toEqual([])
  })
})

describe('cardNumber', () => {
  it('writes a whole number as every language the console speaks does, without grouping', () => {
    for (const locale of LOCALES) {
      const shown = new Intl.NumberFormat(locale, { useGrouping: false })
      for (const value of [0, 7, 1010, 131072, -3])
        expect(cardNumber(value), locale).toBe(shown.format(value))
    }
    expect(cardNumber(1.5)).toBe('1.5')
  })
})
