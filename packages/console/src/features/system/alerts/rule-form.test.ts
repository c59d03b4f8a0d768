import { afterEach, describe, expect, it } from 'vitest'
import { chooseLocale } from '../../../i18n/i18n'
import { conditionText, readingText, ruleNameText, unavailableText } from './alert-text'
import { NEW_RULE, ruleOf } from './rule-form'

describe('ruleOf', () => {
  it('sends the rule as the server takes it: numbers, a model only where the kind watches one', () => {
    expect(ruleOf({ ...NEW_RULE, name: ' Down ', model: ' chat ' })).toEqual({
      rule: {
        name: 'Down',
        kind: 'replicas_down',
        model: 'chat',
        threshold: 1,
        for_seconds: 120,
        severity: 'warning',
        enabled: true,
      },
    })
    expect(ruleOf({ ...NEW_RULE, name: 'Memory', kind: 'host_memory', model: 'chat' })).toMatchObject({
      rule: { model: null },
    })
  })

  it('names the first field that is wrong', () => {
    expect(ruleOf({ ...NEW_RULE, name: '  ' })).toEqual({ problem: 'name' })
    expect(ruleOf({ ...NEW_RULE, name: 'x', threshold: '' })).toEqual({ problem: 'threshold' })
    expect(ruleOf({ ...NEW_RULE, name: 'x', threshold: '-1' })).toEqual({ problem: 'threshold' })
    expect(ruleOf({ ...NEW_RULE, name: 'x', forSeconds: '1.5' })).toEqual({ problem: 'forSeconds' })
    expect(ruleOf({ ...NEW_RULE, name: 'x', forSeconds: '86401' })).toEqual({ problem: 'forSeconds' })
  })
})

describe('conditionText', () => {
  it('says when a rule fires, its duration in whole minutes or hours where it is', () => {
    expect(conditionText({ kind: 'first_token_ms', threshold: 10_000, for_seconds: 180 })).toBe(
      'first token above 10,000 ms on average for 3 min',
    )
    expect(conditionText({ kind: 'cache_disk_free', threshold: 10, for_seconds: 3600 })).toBe(
      '10 % free or less for 1 hr',
    )
    expect(conditionText({ kind: 'replicas_down', threshold: 1, for_seconds: 0 })).toBe(
      '1 or more replicas down',
    )
    expect(conditionText({ kind: 'launch_failed', threshold: 1, for_seconds: 0 })).toBe('a launch failed')
    expect(conditionText({ kind: 'cluster_down', threshold: 1, for_seconds: 120 })).toBe(
      'a cluster not answering for 2 min',
    )
  })
})

describe('readingText', () => {
  it('says what the alert saw, of a model, of the server, of a quota subject or of a cluster', () => {
    expect(readingText({ kind: 'replicas_down', model: 'chat', subject: null, value: 2 })).toBe(
      'Model chat: 2 replicas down',
    )
    expect(readingText({ kind: 'host_memory', model: null, subject: null, value: 93.456 })).toBe(
      'The server: 93.5 % of memory in use',
    )
    expect(readingText({ kind: 'quota_soft_limit', model: null, subject: 'user:alice', value: 104 })).toBe(
      'User alice: 104 % of its soft limit used',
    )
    expect(readingText({ kind: 'refusals', model: 'chat', subject: null, value: 1 })).toBe(
      'Model chat: 1 request refused in a minute',
    )
    // A cluster the platform holds, and a model of one, as clients name it here.
    expect(readingText({ kind: 'cluster_down', model: null, subject: 'cluster:gpu', value: 1 })).toBe(
      'Cluster gpu: not answering',
    )
    expect(readingText({ kind: 'replicas_down', model: 'gpu/tiny', subject: null, value: 1 })).toBe(
      'Model gpu/tiny: 1 replica down',
    )
    // A gateway's one cluster.
    expect(readingText({ kind: 'cluster_down', model: null, subject: 'cluster', value: 1 })).toBe(
      'The cluster: not answering',
    )
  })
})

describe('unavailableText', () => {
  const platform = { gateway: false, tellsHealth: true }
  const gateway = { gateway: true, tellsHealth: true }

  it("says why a rule is not evaluated: this server's missing figure, or what a gateway's cluster does not give it", () => {
    expect(unavailableText({ kind: 'gpu_memory', model: null }, platform)).toBe(
      'Not evaluated: no GPU was found on this server.',
    )
    expect(unavailableText({ kind: 'replicas_down', model: 'old/tiny' }, platform)).toBe(
      "Not evaluated: this cluster does not tell its models' health (Xinference before 3).",
    )
    expect(unavailableText({ kind: 'first_token_ms', model: null }, gateway)).toBe(
      "Not evaluated: a gateway passes its cluster's requests on without timing them.",
    )
    expect(unavailableText({ kind: 'gpu_memory', model: null }, gateway)).toBe(
      "Not evaluated: a gateway has no figure of its cluster's machines, cache or limits.",
    )
    expect(unavailableText({ kind: 'launch_failed', model: null }, gateway)).toBe(
      "Not evaluated: the cluster refused this gateway's reads; give the gateway one of its API keys (SERVING_CONSOLE_ENDPOINT_API_KEY).",
    )
    expect(
      unavailableText({ kind: 'replicas_down', model: null }, { gateway: true, tellsHealth: false }),
    ).toBe("Not evaluated: this cluster does not tell its models' health (Xinference before 3).")
  })
})

describe('ruleNameText', () => {
  afterEach(() => chooseLocale('en'))

  it("says a shipped rule's name in the reader's language, and any other name as given", async () => {
    await chooseLocale('zh-CN')
    expect(ruleNameText('Soft limit reached')).toBe('已达软限制')
    expect(ruleNameText('A replica is down')).toBe('有副本宕机')
    expect(ruleNameText('A replica is down!')).toBe('A replica is down!')
    expect(ruleNameText('A cluster is not answering')).toBe('有集群无响应')
  })
})
