import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

/** The folder of one version's recorded exchanges with a real Xinference server. */
export const recordedFolder = (version: string) =>
  fileURLToPath(new URL(`../../fixtures/xinference-recorded/${version}`, import.meta.url))

/** One recorded exchange, by file name without `.json`. */
export const recorded = (version: string, file: string) =>
  JSON.parse(readFileSync(`${recordedFolder(version)}/${file}.json`, 'utf8')) as {
    request: { body: unknown }
    response: { body: unknown }
  }

/** Signs in on the Login screen with the credentials v3.2.1 accepted when it was recorded. */
export async function signInToV3(page: Page) {
  const { username, password } = recorded('v3.2.1', '008-token-login').request.body as Record<string, string>
  // The recorded cluster answers that it has no administrator yet (002) while its recording goes on with one
  // (004): the console offers its set-up first, and signing in is a click away.
  const instead = page.getByRole('button', { name: 'Sign in with an existing account' })
  await expect(instead.or(page.getByRole('heading', { name: 'LOGIN' }))).toBeVisible()
  if (await instead.isVisible()) await instead.click()
  await page.getByLabel('Username').fill(username ?? '')
  await page.getByLabel('Password').fill(password ?? '')
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** The text of a version's recorded chat stream (129), as its CRLF-separated events carry it. */
export function streamedText(version: string): string {
  const body = recorded(version, '129-chat-completion-stream').response.body as string
  return body
    .split('\r\n\r\n')
    .map((event) => event.replace(/^data: /, ''))
    .filter((data) => data && data !== '[DONE]')
    .map(
      (data) =>
        (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '',
    )
    .join('')
}
