import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectAccessible } from '../support/axe'
import { api } from '../support/console-pages'
import { testServer } from '../support/servers'

// System → Clusters (docs/clusters.md): a platform holds an Xinference cluster (the replay of a real 1.8.0 server),
// says what it found there, and keeps one that does not answer, shown down.

const replay = testServer('replay-v1.8.0').url

// The platform is shared with the other specs: it holds no cluster before and after each test here.
const removeAll = async ({ request }: { request: APIRequestContext }) => {
  const listed = (await (await request.get(api('/api/v1/clusters'))).json()) as {
    clusters: { name: string }[]
  }
  for (const { name } of listed.clusters) await request.delete(api(`/api/v1/clusters/${name}`))
}
test.beforeEach(removeAll)
test.afterEach(removeAll)

test('an administrator adds clusters, sees which answer and their version, renames and removes them', async ({
  page,
}) => {
  await page.goto('#/system/clusters')
  await expect(page.getByRole('heading', { level: 1, name: 'Clusters' })).toBeVisible()
  await expect(page.getByText('No clusters yet')).toBeVisible()

  const addCluster = async (name: string, address: string) => {
    await page.getByRole('button', { name: 'Add cluster' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a cluster' })
    await dialog.getByLabel('Name', { exact: true }).fill(name)
    await dialog.getByLabel('Address', { exact: true }).fill(address)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
  }
  // An address the server would refuse is said in the dialog, before anything is sent.
  await page.getByRole('button', { name: 'Add cluster' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a cluster' })
  await dialog.getByLabel('Name', { exact: true }).fill('bad')
  await dialog.getByLabel('Address', { exact: true }).fill('http://admin:secret@10.0.0.5:9997')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(
    dialog.getByText('An http:// or https:// address, with no user, password, query or # in it'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await addCluster('legacy', replay)
  const legacy = page.getByRole('row', { name: /^legacy/ })
  await expect(legacy).toContainText('Up')
  await expect(legacy).toContainText(/Xinference 1\.8\.0 · answered in \d+ ms/)
  await addCluster('gone', 'http://127.0.0.1:9')
  const gone = page.getByRole('row', { name: /^gone/ })
  await expect(gone).toContainText('Down')
  await expect(gone).toContainText('Cannot reach')
  await expectAccessible(page)

  // Renamed: the server asks it again under its new name.
  await legacy.getByRole('button', { name: 'Edit legacy' }).click()
  const edit = page.getByRole('dialog', { name: 'Cluster legacy' })
  await edit.getByLabel('Name', { exact: true }).fill('xinference-1-8')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row', { name: /^xinference-1-8/ })).toContainText('Up')

  // Removed, after the question that says its models keep running there.
  await gone.getByRole('button', { name: 'Remove gone' }).click()
  await expect(page.getByText('The models running on it keep running there')).toBeVisible()
  await page.getByRole('button', { name: 'yes' }).click()
  await expect(gone).toBeHidden()
  await expect(page.getByRole('row')).toHaveCount(2)
})
