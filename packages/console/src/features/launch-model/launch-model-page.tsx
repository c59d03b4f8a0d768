import { Typography } from '@mui/material'
import { useState } from 'react'
import { PageHeader } from '../../components/page-header'
import { SearchField } from '../../components/search-field'

/** Placeholder until the Launch Model issue lands: the title and the shared search field. */
export function LaunchModelPage() {
  const [search, setSearch] = useState('')
  return (
    <>
      <PageHeader title="Launch Model">
        <SearchField value={search} onChange={setSearch} label="Search for model name and description" />
      </PageHeader>
      <Typography color="text.secondary">This screen is being built.</Typography>
    </>
  )
}
