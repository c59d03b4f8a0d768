import { join } from 'node:path'
import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { importBoundaries } from './import-boundaries.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const file = (path) => join(process.cwd(), path)
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } })

tester.run('import-boundaries', importBoundaries, {
  valid: [
    {
      filename: file('packages/console/src/features/login/login-page.js'),
      code: "import { api } from '../../lib/api-client'",
    },
    {
      filename: file('packages/console/src/features/login/login-page.js'),
      code: "import { x } from './model/x'",
    },
    {
      filename: file('packages/console/src/app/router.js'),
      code: "const page = import('../features/login/login-page')",
    },
    {
      filename: file('packages/server/src/app.js'),
      code: "import { apiPaths } from '@serving-console/contract'",
    },
  ],
  invalid: [
    {
      filename: file('packages/console/src/features/cluster-info/page.js'),
      code: "import { LoginPage } from '../login/login-page'",
      errors: [
        {
          message:
            'feature "cluster-info" must not import feature "login"; move shared code to lib/ or components/',
        },
      ],
    },
    {
      filename: file('packages/console/src/lib/auth.js'),
      code: "import { routes } from '../app/router'",
      errors: [{ message: 'shared lib/ must not import from the app shell' }],
    },
    {
      filename: file('packages/console/src/components/x.js'),
      code: "export { a } from '../features/launch-model/model/filter'",
      errors: [{ message: 'shared components/ must not import from feature "launch-model"' }],
    },
    {
      filename: file('packages/server/src/app.js'),
      code: "import { api } from '../../console/src/lib/api-client'",
      errors: [{ message: 'server must not import from console; share through @serving-console/contract' }],
    },
    {
      filename: file('packages/console/src/main.js'),
      code: "import { buildApp } from '@serving-console/server'",
      errors: [{ message: 'console must not import from server; share through @serving-console/contract' }],
    },
  ],
})
