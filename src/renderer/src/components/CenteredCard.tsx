import type { ReactNode } from 'react'
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '100%',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2
  },
  // A plain surface rather than Fluent's Card: Card brings focus-group machinery the sign-in screens
  // do not need, and the login route has a size budget.
  card: {
    width: '100%',
    maxWidth: '440px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8
  },
  wide: { maxWidth: '560px' },
  brand: { color: tokens.colorBrandForeground1 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL }
})

/** The centred card of the screens shown without the shell: sign-in, onboarding, join, certificates. */
export function CenteredCard({ title, subtitle, children, wide = false }: { title: string; subtitle?: string; children: ReactNode; wide?: boolean }) {
  const styles = useStyles()
  return (
    <div className={styles.page}>
      <main className={mergeClasses(styles.card, wide && styles.wide)}>
        <div className={styles.body}>
          <Text weight="semibold" size={400} className={styles.brand}>
            Pagecrew
          </Text>
          <div>
            <h1 className={styles.heading}>{title}</h1>
            {subtitle ? <Text>{subtitle}</Text> : null}
          </div>
          {children}
        </div>
      </main>
    </div>
  )
}
