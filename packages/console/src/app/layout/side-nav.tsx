import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined'
import DnsOutlined from '@mui/icons-material/DnsOutlined'
import GitHub from '@mui/icons-material/GitHub'
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined'
import ViewListOutlined from '@mui/icons-material/ViewListOutlined'
import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import type { SvgIconProps } from '@mui/material/SvgIcon'
import type { ComponentType } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Logo } from '../../components/logo'
import { rememberSection, routes } from '../../lib/routes'

/** The public source repository that Contact Us opens. */
export const SOURCE_REPOSITORY_URL = 'https://github.com/xorbitsai/inference'

/** SPEC §2 and §9: 20 % of the window, clamped to 287–320 px; CSS follows resizes by itself. */
export const NAV_WIDTH = 'clamp(287px, 20vw, 320px)'

interface Entry {
  label: string
  Icon: ComponentType<SvgIconProps>
  to: string
}

/** SPEC §2: each entry opens its section's first tab, which the section then remembers. */
const ENTRIES: Entry[] = [
  { label: 'Launch Model', Icon: RocketLaunchOutlined, to: routes.launchModel.href('llm') },
  { label: 'Running Models', Icon: ViewListOutlined, to: routes.runningModels.href('LLM') },
  { label: 'Register Model', Icon: AddBoxOutlined, to: routes.registerModel.href('llm') },
  { label: 'Cluster Information', Icon: DnsOutlined, to: routes.clusterInfo.href() },
]

export function SideNav() {
  const navigate = useNavigate()
  const active = useLocation().pathname.split('/')[1]

  const open = (entry: Entry) => {
    rememberSection(entry.to)
    void navigate(entry.to)
  }

  return (
    // The room the navigation takes in the page, and the navigation fixed in it. (Not MUI's permanent Drawer: the
    // same two boxes, with the modal and slide code of its other variants on the first screen.)
    <Box sx={{ width: NAV_WIDTH, flexShrink: 0 }}>
      <Box
        component="nav"
        aria-label="Main"
        sx={{
          position: 'fixed',
          inset: '0 auto 0 0',
          width: NAV_WIDTH,
          overflowY: 'auto',
          bgcolor: 'background.paper',
          borderRight: '1px solid',
          borderColor: 'divider',
          zIndex: 'drawer',
        }}
      >
        <Box sx={{ px: 3, py: 3 }}>
          <Logo />
        </Box>
        <Divider />
        <List sx={{ px: 1.5, py: 2 }}>
          {ENTRIES.map((entry) => (
            <ListItemButton
              key={entry.to}
              selected={active === entry.to.split('/')[1]}
              onClick={() => open(entry)}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                py: 1.25,
                '&.Mui-selected': {
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <entry.Icon />
              </ListItemIcon>
              <ListItemText
                primary={entry.label}
                slotProps={{ primary: { sx: { fontSize: 14, fontWeight: 500 } } }}
              />
            </ListItemButton>
          ))}
          <Divider sx={{ my: 1.5 }} />
          <ListItemButton
            component="a"
            href={SOURCE_REPOSITORY_URL}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ borderRadius: 2, py: 1.25 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <GitHub />
            </ListItemIcon>
            <ListItemText
              primary="Contact Us"
              slotProps={{ primary: { sx: { fontSize: 14, fontWeight: 500 } } }}
            />
          </ListItemButton>
        </List>
      </Box>
    </Box>
  )
}
