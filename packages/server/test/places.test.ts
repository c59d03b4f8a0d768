import { describe, expect, it } from 'vitest'
import { FairQueue, LeftTheQueue, Places } from '../src/platform/runtime/places.js'

describe('FairQueue', () => {
  it('takes turns across clients, each client’s requests in their order', () => {
    const queue = new FairQueue<string>()
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item)
    queue.push('b', 'b1')
    queue.push('c', 'c1')
    queue.push('b', 'b2')
    const taken: string[] = []
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) taken.push(item)
    // First come first served would be a1 a2 a3 a4 b1 c1 b2: b and c waiting behind a's burst.
    expect(taken).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4'])
    expect(queue.size).toBe(0)
  })

  it('lets one request leave its line', () => {
    const queue = new FairQueue<string>()
    queue.push('a', 'a1')
    queue.push('a', 'a2')
    expect(queue.remove('a', 'a1')).toBe(true)
    expect(queue.remove('a', 'a1')).toBe(false)
    expect(queue.size).toBe(1)
    expect(queue.shift()).toBe('a2')
  })
})

describe('Places', () => {
  it('serves n at once; a freed place goes to the next client in turn', async () => {
    const places = new Places(2)
    await places.take('a')
    await places.take('a')
    const order: string[] = []
    const waiting = [
      places.take('a').then(() => order.push('a3')),
      places.take('a').then(() => order.push('a4')),
      places.take('b').then(() => order.push('b1')),
    ]
    expect([places.inUse, places.queued]).toEqual([2, 3])
    places.release()
    places.release()
    places.release()
    await Promise.all(waiting)
    expect(order).toEqual(['a3', 'b1', 'a4'])
    expect([places.inUse, places.queued]).toEqual([2, 0])
  })

  it('lets a request whose client went away leave the line at once, taking no place', async () => {
    const places = new Places(1)
    await places.take('a')
    const controller = new AbortController()
    const leaving = places.take('b', controller.signal)
    const staying = places.take('c')
    controller.abort()
    await expect(leaving).rejects.toBeInstanceOf(LeftTheQueue)
    expect(places.queued).toBe(1)
    places.release()
    await staying
    expect(places.inUse).toBe(1)
    places.release()
    expect(places.inUse).toBe(0)
  })
})
