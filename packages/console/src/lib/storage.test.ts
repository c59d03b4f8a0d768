import { describe, expect, it, vi } from 'vitest'
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

  /** The next task, where the token cookie is read from the browser again. */
  const nextTask = () => new Promise((resolve) => setTimeout(resolve))

  it('keeps a token cookie with = and ; safe', async () => {
    tokenCookie.set('a=b;c')
    await nextTask()
    expect(tokenCookie.get()).toBe('a=b;c')
    tokenCookie.remove()
    await nextTask()
    expect(tokenCookie.get()).toBeUndefined()
  })

  it("reads the token cookie from the browser once a task, and sees another tab's write from the next", async () => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
    const read = vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
      return cookie?.get?.call(this) as string
    })
    tokenCookie.set('mine')
    await nextTask()
    for (let i = 0; i < 5; i++) expect(tokenCookie.get()).toBe('mine')
    expect(read).toHaveBeenCalledTimes(1)
    // Another tab signs in: the cookie changes under this page.
    document.cookie = 'token=theirs; path=/'
    expect(tokenCookie.get()).toBe('mine')
    await nextTask()
    expect(tokenCookie.get()).toBe('theirs')
    expect(read).toHaveBeenCalledTimes(2)
  })
})
