import { describe, expect, it } from 'vitest'
import { favoritesStore, tokenCookie } from './storage'

describe('storage', () => {
  it('reads a damaged favourites list as empty instead of crashing', () => {
    localStorage.setItem('collectionArr', '{not json')
    expect(favoritesStore.get()).toEqual([])
    localStorage.setItem('collectionArr', '[1,2]')
    expect(favoritesStore.get()).toEqual([])
    favoritesStore.set(['qwen2.5-instruct'])
    expect(favoritesStore.get()).toEqual(['qwen2.5-instruct'])
  })

  it('keeps a token cookie with = and ; safe', () => {
    tokenCookie.set('a=b;c')
    expect(tokenCookie.get()).toBe('a=b;c')
    tokenCookie.remove()
    expect(tokenCookie.get()).toBeUndefined()
  })
})
