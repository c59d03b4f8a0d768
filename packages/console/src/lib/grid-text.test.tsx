import { act, renderHook, waitFor } from '@testing-library/react'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { chooseLocale } from '../i18n/i18n'
import { withGridText } from './grid-locales/load'
import { useGridText } from './grid-text'

afterEach(async () => {
  await chooseLocale('en')
})

const Grid = () => null

describe('the data grid in the language shown', () => {
  it('keeps MUI’s English in English', async () => {
    await withGridText(async () => Grid)()
    expect(renderHook(() => useGridText()).result.current).toBeUndefined()
  })

  it('has MUI X’s texts of the language it opens in from its first render', async () => {
    await chooseLocale('zh-CN')
    expect(await withGridText(async () => Grid)()).toBe(Grid)
    const { result } = renderHook(() => useGridText())
    expect(result.current?.noRowsLabel).toBe('没有数据。')
    expect(
      result.current?.paginationDisplayedRows?.({ from: 1, to: 2, count: 3, estimated: undefined }),
    ).toBe('第 1–2 条，共 3 条')
  })

  it('follows a language chosen while it is shown', async () => {
    await chooseLocale('zh-CN')
    await withGridText(async () => Grid)()
    const { result } = renderHook(() => useGridText())
    await act(() => chooseLocale('ja'))
    await waitFor(() => expect(result.current?.noRowsLabel).toBe('行がありません。'))
  })
})

it('leaves MUI X’s translations out of the grid’s chunk: only the one-language modules import them, loaded lazily', () => {
  // All three in the grid's chunk took it over the bundler's 500 kB warning, printed on every first `npm start`.
  const src = join(dirname(fileURLToPath(import.meta.url)), '..')
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file))
  const importers = files.filter((file) =>
    /^(import|export) (?!type )[^']*from '@mui\/x-data-grid\/locales'/m.test(
      readFileSync(join(src, file), 'utf8'),
    ),
  )
  expect(importers.sort()).toEqual([
    'lib/grid-locales/ja.ts',
    'lib/grid-locales/ko.ts',
    'lib/grid-locales/zh-CN.ts',
  ])
  const staticImports = files.filter((file) =>
    /^import [^']*'[^']*grid-locales\/(zh-CN|ja|ko)'/m.test(readFileSync(join(src, file), 'utf8')),
  )
  expect(staticImports).toEqual([])
})
