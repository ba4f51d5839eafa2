import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { API_BASE, type teamFormFieldsSchema, type updateTeamFormFieldsSchema } from '../../shared/api/contract'
import { MESSAGES } from '../../shared/api/messages'
import type { Team } from '../../shared/domain'
import type { Clock } from '../clock'
import type { Database, Executor } from '../db/client'
import { organizations, teamMembers, teams, users } from '../db/schema'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors'
import type { OrganizationSession } from './sessions'
import { isAdminSession, lockOrganization, membersAmong, requireAdmin, requireEntitled, requireTemplate } from './access'
import { changedFields, record, sessionActor } from './audit'
import type { EntitlementService } from './entitlements'
import { isUuid } from './ids'
import type { NotificationService } from './notifications'
import { discard, moveInto, type UploadedImage } from './uploads'
import { linkTo } from '../../shared/routes'

type TeamFormFields = z.output<typeof teamFormFieldsSchema>
type UpdateTeamFormFields = z.output<typeof updateTeamFormFieldsSchema>

const ADDED_TO_TEAM_TITLE = 'You were added to a team 👥'

interface TeamImageFile {
  path: string
  contentType: string
}

export interface TeamService {
  list(organizationId: string): Promise<Team[]>
  create(session: OrganizationSession, fields: TeamFormFields, image: UploadedImage | null): Promise<Team>
  update(session: OrganizationSession, fields: UpdateTeamFormFields, image: UploadedImage | null): Promise<Team>
  remove(session: OrganizationSession, teamId: string): Promise<void>
  /** The image of a team of this organization; null when there is none (or the team is another organization's). */
  image(organizationId: string, teamId: string): Promise<TeamImageFile | null>
  /** Image files of the organization's teams (for DELETE /organization). */
  imageFiles(organizationId: string): Promise<string[]>
}

type TeamRow = typeof teams.$inferSelect

/** Two saves racing to put one person into two teams: the database's one-team rule answers 409. */
function concurrentTeamChange(err: unknown): unknown {
  if (!isUniqueViolation(err, 'team_members_one_team_per_org')) return err
  const message = 'A member was just added to another team. Reload and try again.'
  return conflict(message, { members: message })
}

export function createTeamService(deps: {
  db: Database
  clock: Clock
  notifications: NotificationService
  entitlements: EntitlementService
  uploadsDir: string
}): TeamService {
  const { db, clock, notifications, entitlements } = deps
  const imagesDir = join(deps.uploadsDir, 'teams')

  const previewURL = (row: TeamRow) => (row.imageFile ? `${API_BASE}/team/image/${row.id}?v=${row.imageVersion ?? '0'}` : null)

  async function views(executor: Executor, rows: TeamRow[]): Promise<Team[]> {
    if (rows.length === 0) return []
    const people = await executor
      .select({ teamId: teamMembers.teamId, id: users.id, fullName: users.fullName, image: users.image, isLeader: teamMembers.isLeader })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(inArray(teamMembers.teamId, rows.map((r) => r.id)))
      .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    return rows.map((row) => {
      const mine = people.filter((p) => p.teamId === row.id)
      const person = (p: (typeof mine)[number]) => ({ id: p.id, fullName: p.fullName, image: p.image })
      return {
        id: row.id,
        name: row.name,
        members: mine.map(person),
        teamLeaders: mine.filter((p) => p.isLeader).map(person),
        requireTag: row.requireTag,
        aISettingTemplateId: row.aiSettingTemplateId,
        previewURL: previewURL(row),
        imageName: row.imageName
      }
    })
  }

  async function findTeam(executor: Executor, organizationId: string, teamId: string): Promise<TeamRow | null> {
    if (!isUuid(teamId)) return null
    const [row] = await executor.select().from(teams).where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId))).limit(1)
    return row ?? null
  }

  /**
   * Members and leaders: every id an ACTIVE member of the organization (404 for strangers, 400
   * for invitations not accepted yet), leaders made members too, nobody in another team (409).
   */
  async function checkPeople(tx: Executor, organizationId: string, fields: TeamFormFields, teamId: string | null) {
    const leaders = [...new Set(fields.teamLeaders)]
    const members = [...new Set([...fields.members, ...leaders])]
    const found = await membersAmong(tx, organizationId, members)
    if (found.size !== members.length) throw notFound(MESSAGES.memberNotFound)
    const invited = members.filter((id) => found.get(id) === 'INVITED')
    if (invited.length > 0) {
      const message = 'Invited members can join a team once they have accepted their invitation.'
      throw badRequest(message, { members: message })
    }
    const elsewhere = await tx
      .select({ fullName: users.fullName, email: users.email, team: teams.name })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(
          eq(teamMembers.organizationId, organizationId),
          inArray(teamMembers.userId, members),
          teamId ? ne(teamMembers.teamId, teamId) : undefined
        )
      )
      .orderBy(asc(users.fullName))
    if (elsewhere.length > 0) {
      const names = elsewhere.map((p) => `${p.fullName || p.email} (${p.team})`).join(', ')
      const message = `Already in another team: ${names}. A member can be in only one team.`
      throw conflict(message, { members: message })
    }
    return { members, leaders: new Set(leaders) }
  }

  async function replacePeople(tx: Executor, organizationId: string, teamId: string, members: string[], leaders: Set<string>) {
    const before = await tx.select({ userId: teamMembers.userId, isLeader: teamMembers.isLeader }).from(teamMembers).where(eq(teamMembers.teamId, teamId))
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId))
    const now = clock.now()
    await tx.insert(teamMembers).values(members.map((userId) => ({ teamId, organizationId, userId, isLeader: leaders.has(userId), createdAt: now })))
    const had = new Set(before.map((b) => b.userId))
    return {
      added: members.filter((id) => !had.has(id)),
      /** The people before and after, for the audit log. */
      was: { members: before.map((b) => b.userId).sort(), leaders: before.filter((b) => b.isLeader).map((b) => b.userId).sort() },
      now: { members: [...members].sort(), leaders: [...leaders].sort() }
    }
  }

  async function notifyAdded(tx: Executor, organizationId: string, teamName: string, userIds: string[], actorId: string) {
    const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1)
    for (const userId of userIds) {
      if (userId === actorId) continue
      await notifications.notify(
        { organizationId, userId, title: ADDED_TO_TEAM_TITLE, message: `You are now a member of the team ${teamName} in ${org?.name ?? 'your organization'}.`, link: linkTo('team') },
        tx
      )
    }
  }

  /** Keeps an upload under uploads/teams; returns the columns to store, or null when there is none. */
  async function storeImage(image: UploadedImage | null) {
    if (!image) return null
    const file = await moveInto(image, imagesDir)
    return { imageFile: file, imageName: image.fileName, imageContentType: image.contentType, imageVersion: randomBytes(4).toString('hex') }
  }

  const removeFile = async (file: string | null | undefined) => {
    if (file) await rm(join(imagesDir, file), { force: true })
  }

  const service: TeamService = {
    async list(organizationId) {
      const rows = await db
        .select()
        .from(teams)
        .where(eq(teams.organizationId, organizationId))
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
      return views(db, rows)
    },

    async create(session, fields, image) {
      try {
        requireAdmin(session)
        const organizationId = session.organization.id
        // A cheap early answer before an upload is kept; the binding check runs under the lock below.
        await requireEntitled(entitlements, organizationId, 'TEAMS', MESSAGES.teamsLimit)
        const stored = await storeImage(image)
        image = null
        try {
          return await db.transaction(async (tx) => {
            // Counted under the organization lock: two simultaneous creates cannot both take the last team.
            await lockOrganization(tx, organizationId)
            await entitlements.requireWithin(tx, organizationId, 'TEAMS', MESSAGES.teamsLimit)
            await requireTemplate(tx, organizationId, fields.aISettingTemplateId)
            const people = await checkPeople(tx, organizationId, fields, null)
            const now = clock.now()
            const id = randomUUID()
            const [row] = await tx
              .insert(teams)
              .values({
                id,
                organizationId,
                name: fields.name,
                requireTag: fields.requireTag ?? false,
                aiSettingTemplateId: fields.aISettingTemplateId ?? null,
                ...(stored ?? {}),
                createdAt: now,
                updatedAt: now
              })
              .returning()
            const { added, now: peopleNow } = await replacePeople(tx, organizationId, id, people.members, people.leaders)
            await notifyAdded(tx, organizationId, fields.name, added, session.userId)
            await record(tx, {
              organizationId,
              at: now,
              actor: sessionActor(session),
              action: 'team.created',
              target: { type: 'team', id, label: fields.name },
              after: { name: fields.name, requireTag: row!.requireTag, aiSettingTemplateId: row!.aiSettingTemplateId, ...peopleNow }
            })
            return (await views(tx, [row!]))[0]!
          })
        } catch (err) {
          await removeFile(stored?.imageFile)
          throw concurrentTeamChange(err)
        }
      } finally {
        await discard(image)
      }
    },

    async update(session, fields, image) {
      try {
        const organizationId = session.organization.id
        const existing = await findTeam(db, organizationId, fields.id)
        if (!existing) throw notFound(MESSAGES.teamNotFound)
        await requireAdminOrLeader(session, existing.id)
        const stored = await storeImage(image)
        image = null
        let replaced: string | null = null
        try {
          const team = await db.transaction(async (tx) => {
            await requireTemplate(tx, organizationId, fields.aISettingTemplateId)
            const people = await checkPeople(tx, organizationId, fields, existing.id)
            const changes: Partial<typeof teams.$inferInsert> = { name: fields.name, updatedAt: clock.now() }
            if (fields.requireTag !== undefined) changes.requireTag = fields.requireTag
            if (fields.aISettingTemplateId !== undefined) changes.aiSettingTemplateId = fields.aISettingTemplateId
            if (stored) {
              Object.assign(changes, stored)
              replaced = existing.imageFile
            } else if (fields.imageRemoved === 'true') {
              Object.assign(changes, { imageFile: null, imageName: null, imageContentType: null, imageVersion: null })
              replaced = existing.imageFile
            }
            // Deleted since it was read (a racing delete): nothing to update, and no members to add to it.
            const [row] = await tx.update(teams).set(changes).where(eq(teams.id, existing.id)).returning()
            if (!row) throw notFound(MESSAGES.teamNotFound)
            const { added, was, now } = await replacePeople(tx, organizationId, existing.id, people.members, people.leaders)
            await notifyAdded(tx, organizationId, fields.name, added, session.userId)
            const settings = (t: typeof existing) => ({ name: t.name, requireTag: t.requireTag, aiSettingTemplateId: t.aiSettingTemplateId, imageName: t.imageName })
            const changed = changedFields({ ...settings(existing), ...was }, { ...settings(row), ...now })
            if (changed) {
              await record(tx, {
                organizationId,
                at: clock.now(),
                actor: sessionActor(session),
                action: 'team.updated',
                target: { type: 'team', id: existing.id, label: row.name },
                ...changed
              })
            }
            return (await views(tx, [row]))[0]!
          })
          await removeFile(replaced)
          return team
        } catch (err) {
          await removeFile(stored?.imageFile)
          throw concurrentTeamChange(err)
        }
      } finally {
        await discard(image)
      }
    },

    async remove(session, teamId) {
      const organizationId = session.organization.id
      const existing = await findTeam(db, organizationId, teamId)
      if (!existing) throw notFound(MESSAGES.teamNotFound)
      await requireAdminOrLeader(session, existing.id)
      // Only the request whose delete removed the row answers 200 (and removes the image it had);
      // the others of a burst found it already gone.
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(teams)
          .where(and(eq(teams.id, existing.id), eq(teams.organizationId, organizationId)))
          .returning({ imageFile: teams.imageFile, name: teams.name })
        if (!row) throw notFound(MESSAGES.teamNotFound)
        await record(tx, {
          organizationId,
          at: clock.now(),
          actor: sessionActor(session),
          action: 'team.deleted',
          target: { type: 'team', id: existing.id, label: row.name },
          before: { name: row.name }
        })
        return row
      })
      await removeFile(deleted.imageFile)
    },

    async image(organizationId, teamId) {
      const row = await findTeam(db, organizationId, teamId)
      if (!row?.imageFile || !row.imageContentType) return null
      return { path: join(imagesDir, row.imageFile), contentType: row.imageContentType }
    },

    async imageFiles(organizationId) {
      const rows = await db.select({ file: teams.imageFile }).from(teams).where(eq(teams.organizationId, organizationId))
      return rows.flatMap((r) => (r.file ? [join(imagesDir, r.file)] : []))
    }
  }

  /** Admins, or a leader of this team (spec §1: team leaders manage their team). */
  async function requireAdminOrLeader(session: OrganizationSession, teamId: string) {
    if (isAdminSession(session)) return
    const [lead] = await db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, session.userId), eq(teamMembers.isLeader, true)))
      .limit(1)
    if (!lead) throw forbidden('Only admins and the leaders of this team can change it.')
  }

  return service
}
