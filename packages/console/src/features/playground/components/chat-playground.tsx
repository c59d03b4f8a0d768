import type { RunningModel } from '@serving-console/contract'
import { useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Notice } from '../../../components/notice'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { streamChat, tokensPerSecond, type ChatFigures } from '../model/chat-stream'
import { RequestCode } from './request-code'

/** The answer's length asked for: enough to read a model's speed, short enough to wait for. */
const MAX_TOKENS = 256

interface Answer {
  uid: string
  text: string
  figures: ChatFigures | null
  error: string | null
}

/**
 * Chat: one prompt to this model, and to a second running chat model beside it where one is chosen (their
 * answers streaming together), each with its first-token time and tokens a second.
 */
export function ChatPlayground({ row, models }: { row: RunningModel; models: RunningModel[] }) {
  const t = useT()
  const [prompt, setPrompt] = useState('Write one sentence about the sea.')
  const [other, setOther] = useState('')
  const [answers, setAnswers] = useState<Answer[]>([])
  const [running, setRunning] = useState(false)
  const stop = useRef<AbortController | null>(null)
  const others = models.filter((model) => model.model_type === 'LLM' && model.id !== row.id)
  const bodyFor = (uid: string) => ({
    model: uid,
    messages: [{ role: 'user', content: prompt }],
    max_tokens: MAX_TOKENS,
  })

  const send = async () => {
    const uids = [row.id, ...(other ? [other] : [])]
    const controller = new AbortController()
    stop.current = controller
    setRunning(true)
    setAnswers(uids.map((uid) => ({ uid, text: '', figures: null, error: null })))
    const update = (uid: string, change: Partial<Answer>) =>
      setAnswers((now) => now.map((answer) => (answer.uid === uid ? { ...answer, ...change } : answer)))
    await Promise.all(
      uids.map(async (uid) => {
        try {
          const figures = await streamChat(bodyFor(uid), (text) => update(uid, { text }), controller.signal)
          update(uid, { figures })
        } catch (error) {
          update(uid, {
            error: controller.signal.aborted ? t('playground.chat.stopped') : (error as Error).message,
          })
        }
      }),
    )
    setRunning(false)
  }

  return (
    <>
      <section className="surface playground-section" aria-labelledby="playground-try-title">
        <h2 id="playground-try-title">{t('playground.try')}</h2>
        <TextField
          label={t('playground.chat.prompt')}
          multiline
          rows={4}
          value={prompt}
          onChange={setPrompt}
        />
        <div className="playground-options">
          <Select
            label={t('playground.chat.compare')}
            value={other}
            options={[
              { value: '', label: t('playground.chat.compareNone') },
              ...others.map((model) => ({ value: model.id, label: model.id })),
            ]}
            onChange={setOther}
          />
        </div>
        <div className="playground-actions">
          <Button variant="contained" loading={running} disabled={!prompt.trim()} onClick={() => void send()}>
            {t('playground.chat.send')}
          </Button>
          {running && <Button onClick={() => stop.current?.abort()}>{t('playground.chat.stop')}</Button>}
        </div>
      </section>
      {answers.length > 0 && (
        <div className={answers.length > 1 ? 'playground-compare' : undefined}>
          {answers.map((answer) => {
            const speed = answer.figures ? tokensPerSecond(answer.figures) : null
            return (
              <section
                key={answer.uid}
                className="surface playground-section"
                aria-label={t('playground.chat.answerOf', { uid: answer.uid })}
              >
                <h2>{answer.uid}</h2>
                <p className="playground-chat-text" aria-live="polite">
                  {answer.text}
                </p>
                {answer.error && (
                  <Notice severity="error" role="alert" title={t('playground.failed')}>
                    {answer.error}
                  </Notice>
                )}
                {answer.figures && (
                  <p className="muted" role="status">
                    {t('playground.chat.figures', {
                      firstMs: Math.round(answer.figures.firstTokenMs ?? answer.figures.totalMs),
                      tokens: answer.figures.completionTokens ?? 0,
                      speed: speed === null ? '—' : speed.toFixed(1),
                      totalMs: Math.round(answer.figures.totalMs),
                    })}
                  </p>
                )}
              </section>
            )
          })}
        </div>
      )}
      <RequestCode row={row} request={{ path: '/v1/chat/completions', body: bodyFor(row.id) }} />
    </>
  )
}
