import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { CourseSummary, TeamCourseProgress } from '@shared/domain/academy'

const useStyles = makeStyles({
  teams: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { minWidth: '480px' },
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 }
})

/** Team leaders (their teams) and admins (every team): each member's lessons completed per course, and who passed. */
export function TeamProgressTable({ teams, courses }: { teams: TeamCourseProgress[]; courses: CourseSummary[] }) {
  const styles = useStyles()
  return (
    <div className={styles.teams} data-testid="academy-team-progress">
      {teams.map((team) => (
        <div key={team.teamId} className={styles.scroll} data-scrolls-sideways="" tabIndex={0} role="region" aria-label={`${team.teamName}: course progress`}>
          <Table className={styles.table} aria-label={`${team.teamName}: course progress`} size="small" data-testid="academy-team-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{team.teamName}</TableHeaderCell>
                {courses.map((course) => (
                  <TableHeaderCell key={course.slug}>{course.title}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.members.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={courses.length + 1}>
                    <Text className={styles.muted}>No members in this team yet.</Text>
                  </TableCell>
                </TableRow>
              ) : null}
              {team.members.map((member) => (
                <TableRow key={member.userId}>
                  <TableCell>{member.fullName}</TableCell>
                  {courses.map((course) => {
                    const progress = member.courses.find((c) => c.slug === course.slug)
                    return (
                      <TableCell key={course.slug}>
                        <span className={styles.cell}>
                          {progress ? `${progress.completedLessons}/${progress.lessonCount}` : '—'}
                          {progress?.passed ? (
                            <Badge appearance="tint" color="success" size="small">
                              Passed
                            </Badge>
                          ) : null}
                        </span>
                      </TableCell>
                    )
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </div>
  )
}
