import { Avatar, type AvatarProps } from '@fluentui/react-components'
import { initialsOf } from '@renderer/lib/initials'

/**
 * Fluent's Avatar with initials that read right in every script (lib/initials.ts): the only Avatar
 * the app draws (a lint rule keeps Fluent's own out of the features).
 */
export function PersonAvatar(props: AvatarProps & { name: string }) {
  return <Avatar {...props} initials={props.initials ?? initialsOf(props.name)} />
}
