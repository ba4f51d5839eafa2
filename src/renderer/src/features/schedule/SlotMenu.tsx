import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { Menu, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components'
import { CalendarArrowRight20Regular, DocumentEdit20Regular, Edit20Regular } from '@fluentui/react-icons'
import type { AssignedSlot } from '@shared/domain'
import { canWritePostFor, slotWritePath } from './entries'
import { canMoveSlot } from './moves'

export interface SlotMenuTarget {
  slot: AssignedSlot
  /** The slot's element on the calendar: the menu opens beside it, and focus goes back to it when it closes. */
  target: HTMLElement
}

interface SlotMenuProps {
  /** The slot whose menu is open; null: closed. */
  menu: SlotMenuTarget | null
  onClose: () => void
  viewerId: string
  now: Date
  onEdit: (slot: AssignedSlot) => void
  onMove: (slot: AssignedSlot) => void
}

/** A slot's context menu on the Plan: Write post (the viewer's own open slot), Edit slot and Move to…. */
export function SlotMenu({ menu, onClose, viewerId, now, onEdit, onMove }: SlotMenuProps) {
  const navigate = useNavigate()
  const closeMenu = (restoreFocus: boolean) => {
    if (restoreFocus && menu?.target.isConnected) menu.target.focus()
    onClose()
  }
  const menuSlot = menu?.slot

  // Opened for a slot (its context menu, Shift+F10 or the menu key), the menu takes focus at its
  // first item, as a menu does, so the arrows and Escape work in it at once.
  useEffect(() => {
    if (!menu) return
    const handle = requestAnimationFrame(() => {
      const popover = document.querySelector<HTMLElement>('[data-testid="slot-menu"]')
      if (!popover || popover.contains(document.activeElement)) return
      popover.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus()
    })
    return () => cancelAnimationFrame(handle)
  }, [menu])

  return (
    <Menu
      open={menu !== null}
      onOpenChange={(_, data) => {
        if (!data.open) closeMenu(true)
      }}
      positioning={{ target: menu?.target ?? null, position: 'below', align: 'start' }}
    >
      <MenuPopover data-testid="slot-menu">
        <MenuList>
          {menuSlot && canWritePostFor(menuSlot, viewerId) ? (
            <MenuItem
              icon={<DocumentEdit20Regular />}
              onClick={() => {
                closeMenu(false)
                void navigate(slotWritePath(menuSlot.id))
              }}
              data-testid="slot-menu-write"
            >
              Write post
            </MenuItem>
          ) : null}
          <MenuItem
            icon={<Edit20Regular />}
            onClick={() => {
              closeMenu(false)
              if (menuSlot) onEdit(menuSlot)
            }}
            data-testid="slot-menu-edit"
          >
            Edit slot
          </MenuItem>
          <MenuItem
            icon={<CalendarArrowRight20Regular />}
            disabled={!menuSlot || !canMoveSlot(menuSlot, now)}
            onClick={() => {
              closeMenu(false)
              if (menuSlot) onMove(menuSlot)
            }}
            data-testid="slot-menu-move"
          >
            Move to…
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
