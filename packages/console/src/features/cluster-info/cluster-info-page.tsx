import { Typography } from '@mui/material'
import { PageHeader } from '../../components/page-header'

/** Placeholder until this screen's issue lands. */
export function ClusterInfoPage() {
  return (
    <>
      <PageHeader title="Cluster Information" />
      <Typography color="text.secondary">This screen is being built.</Typography>
    </>
  )
}
