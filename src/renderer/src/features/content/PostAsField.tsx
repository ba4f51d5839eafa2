import { Field, Select, makeStyles, tokens } from '@fluentui/react-components'
import type { Organization, User } from '@shared/domain'
import { PersonAvatar } from '@renderer/components/PersonAvatar'
import { PostAsHint } from './PostAsHint'

const useStyles = makeStyles({
  postAsBlock: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  postAs: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, '> :last-child': { flex: '0 1 360px', minWidth: 0 } },
  // A native select is at least as wide as its longest option (a long page name): on a phone it must shrink below that.
  shrink: { minWidth: 0 }
})

interface PostAsFieldProps {
  user: User
  organization: Organization
  /** Who the post goes out as: its avatar beside the field. */
  author: { name: string; image: string | null }
  /** The chosen business page; null: the user. */
  value: string | null
  pages: { id: string; linkedInCompanyName: string }[]
  readOnly: boolean
  /** Some of the organization's pages are not the user's to post as: the hint says how to get linked. */
  hinted: boolean
  hintId: string
  onChange: (businessPageId: string | null) => void
}

/** Post as: the user or one of the business pages they are linked to, with the author's avatar. */
export function PostAsField({ user, organization, author, value, pages, readOnly, hinted, hintId, onChange }: PostAsFieldProps) {
  const styles = useStyles()
  return (
    <div className={styles.postAsBlock}>
      <div className={styles.postAs}>
        <PersonAvatar name={author.name} image={author.image ? { src: author.image } : undefined} size={32} color="colorful" aria-hidden />
        <Field label="Post as">
          <Select
            className={styles.shrink}
            select={{ className: styles.shrink }}
            value={value ?? ''}
            onChange={(_, d) => onChange(d.value || null)}
            disabled={readOnly || pages.length === 0}
            aria-describedby={hinted ? hintId : undefined}
            data-testid="post-as"
          >
            <option value="">{user.fullName} (you)</option>
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.linkedInCompanyName}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {hinted ? <PostAsHint id={hintId} user={user} organization={organization} /> : null}
    </div>
  )
}
