import { describe, expect, it } from 'vitest'
import { longestSharedPrefix, Slots } from '../src/platform/runtime/slots.js'

const first = <T>(free: readonly T[]) => free[0] as T
const never = new AbortController().signal

describe('Slots', () => {
  it('lends each slot to one borrower, and the rest wait in order', async () => {
    const slots = new Slots(['a', 'b'])
    const one = await slots.acquire(first, never)
    const two = await slots.acquire(first, never)
    expect([one, two]).toEqual(['a', 'b'])
    const order: string[] = []
    const third = slots.acquire(first, never).then((slot) => order.push(`third:${slot}`))
    const fourth = slots.acquire(first, never).then((slot) => order.push(`fourth:${slot}`))
    expect(slots.queued).toBe(2)
    slots.release(two)
    slots.release(one)
    await Promise.all([third, fourth])
    expect(order).toEqual(['third:b', 'fourth:a'])
  })

  it('lets a borrower that gives up leave the line at once, without taking a slot', async () => {
    const slots = new Slots(['only'])
    const held = await slots.acquire(first, never)
    const controller = new AbortController()
    const leaving = slots.acquire(first, controller.signal)
    const staying = slots.acquire(first, never)
    controller.abort()
    await expect(leaving).rejects.toThrow('cancelled')
    expect(slots.queued).toBe(1)
    slots.release(held)
    await expect(staying).resolves.toBe('only')
  })
})

describe('longestSharedPrefix', () => {
  const sequence = (...turns: string[]) => ({ turns })
  it('picks the sequence holding the most of the conversation, else the one free longest', () => {
    const empty = sequence()
    const other = sequence('user\nhello', 'assistant\nhi')
    const mine = sequence('system\nbe brief', 'user\nwhat is 2+2', 'assistant\n4')
    const next = ['system\nbe brief', 'user\nwhat is 2+2', 'assistant\n4', 'user\nand 3+3']
    expect(longestSharedPrefix([empty, other, mine], next)).toBe(mine)
    expect(longestSharedPrefix([empty, other], ['user\nnew'])).toBe(empty)
    expect(longestSharedPrefix([other, empty], ['user\nnew'])).toBe(other)
  })
})
