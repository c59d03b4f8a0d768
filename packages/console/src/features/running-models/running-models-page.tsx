import { Typography } from '@mui/material'
import { PageHeader } from '../../components/page-header'

/** Placeholder until this screen's issue lands. */
export function RunningModelsPage() {
  return (
    <>
      <PageHeader title="Running Models" />
      <Typography color="text.secondary">This screen is being built.</Typography>
    </>
  )
}
