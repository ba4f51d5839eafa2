import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { CreateSlotBody, SlotScope } from '@shared/api/contract'
import { POST_TYPE_CHOICES } from '@shared/constants'
import type { AssignedSlot, BusinessPage, BusinessPageTags, BusinessPostTag, Member, PostTag, PostType, User, UserTags } from '@shared/domain'
import { isAdmin, isTeamLeader } from '@shared/rules/roles'
import {
  isDateInSlotWindow,
  isTimeOption,
  localDate,
  localTime,
  presetSlotDate,
  recurrencePayload,
  slotDateWindow,
  zonedInstant,
  type RecurrenceType
} from '@shared/rules/slots'
import type { PickableMember } from '@renderer/components/memberOptions'

/** The day, member and business page the modal opens with (e.g. the calendar day clicked). */
export interface AssignSlotPreset {
  /** 'yyyy-MM-dd'; a past or missing day becomes tomorrow (spec §5). */
  date?: string
  memberId?: string
  businessPageId?: string
}

const DEFAULT_SLOT_TIME = '09:00'
/** Occurrences offered when the Repeat switch is first turned on. */
const DEFAULT_OCCURRENCES = 4

/** What the modal edits; the payload is derived from it (createSlotPayload, slotSaveSteps). */
export interface SlotForm {
  auto: boolean
  userIds: string[]
  pageIds: string[]
  /** 'yyyy-MM-dd', or '' while the date field is cleared. */
  date: string
  /** One of TIME_OPTIONS ('HH:mm'). */
  time: string
  repeat: boolean
  repeatType: RecurrenceType
  /** Weeks between occurrences (1–4); monthly is always 1. */
  interval: number
  /** Occurrences in all (0–16); 0 sends no recurrence. */
  count: number
  tagId: string | null
  businessTagId: string | null
  postType: PostType
  targetAudience: string
  comment: string
}

const POST_TYPE_OF_CHOICE: Record<(typeof POST_TYPE_CHOICES)[number], PostType> = {
  Text: 'textOnly',
  'Add image': 'images',
  'Add media': 'videos',
  'Add a document': 'document',
  'Create a poll': 'poll'
}

/** The post type radios (spec §2 labels). */
export const POST_TYPE_OPTIONS = POST_TYPE_CHOICES.map((label) => ({ label, value: POST_TYPE_OF_CHOICE[label] }))

/** A member the modal can assign, with the business pages they are linked to. */
export type AssignableMember = PickableMember & { businessPages: readonly { id: string }[] }

/** The signed-in user as an assignable member (a MEMBER's only choice: no member list is needed). */
function selfAsMember(user: User): AssignableMember {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    image: user.image,
    status: 'ACTIVE',
    teams: [],
    businessPages: user.userOrgBusinessPages.map((p) => ({ id: p.businessPageId }))
  }
}

/** A MEMBER who leads no team assigns slots to themselves only (spec §6). */
export function assignsOnlySelf(user: User): boolean {
  return !isAdmin(user) && !isTeamLeader(user)
}

/**
 * Who the user may assign (spec §6, issue 5): admins and ghosts any ACTIVE member; team leaders the
 * ACTIVE members of the teams they lead and themselves; anyone else only themselves (locked).
 * INVITED members never show.
 */
export function assignableMembers(user: User, members: readonly Member[] | undefined): { members: AssignableMember[]; locked: boolean } {
  if (assignsOnlySelf(user)) return { members: [selfAsMember(user)], locked: true }
  const active = (members ?? []).filter((m) => m.status === 'ACTIVE')
  if (isAdmin(user)) return { members: active, locked: false }
  const led = new Set(user.leadingTeams.map((t) => t.id))
  const mine = active.filter((m) => m.id === user.id || m.teams.some((t) => led.has(t.id)))
  return { members: mine.some((m) => m.id === user.id) ? mine : [selfAsMember(user), ...mine], locked: false }
}

const linkedTo = (member: AssignableMember, pageId: string) => member.businessPages.some((p) => p.id === pageId)

/** Spec §4: with pages chosen, only members linked to every one of them (the chosen members stay). */
export function membersForPages(members: readonly AssignableMember[], pageIds: readonly string[], chosen: readonly string[]): AssignableMember[] {
  return members.filter((m) => chosen.includes(m.id) || pageIds.every((id) => linkedTo(m, id)))
}

/** Spec §4: with members chosen, only the pages every one of them is linked to (the chosen pages stay). */
export function pagesForMembers(
  pages: readonly BusinessPage[],
  members: readonly AssignableMember[],
  userIds: readonly string[],
  chosen: readonly string[]
): BusinessPage[] {
  const picked = members.filter((m) => userIds.includes(m.id))
  return pages.filter((p) => chosen.includes(p.id) || picked.every((m) => linkedTo(m, p.id)))
}

/** The topic tags every chosen member has (the server refuses any other: MESSAGES.slotTagNotAllowed). */
export function commonTags(userTags: readonly UserTags[], userIds: readonly string[]): PostTag[] {
  const lists = userIds.map((id) => userTags.find((u) => u.userId === id)?.tags ?? [])
  const [first = [], ...rest] = lists
  return first.filter((tag) => rest.every((list) => list.some((t) => t.id === tag.id)))
}

/** The business post tags of any chosen page, once each. */
export function pageTags(pageTagLists: readonly BusinessPageTags[], pageIds: readonly string[]): BusinessPostTag[] {
  const tags = pageTagLists.filter((p) => pageIds.includes(p.businessPageId)).flatMap((p) => p.tags)
  return [...new Map(tags.map((t) => [t.id, t])).values()]
}

/** The user's timezone, or the browser's for a user who has none yet. */
export function userTimeZone(user: Pick<User, 'timezone'>): string {
  return user.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
}

/**
 * A new slot's form: the preset day (a past one becomes tomorrow), member and page. `selfOnly`
 * is the user's id when they may assign only themselves: they are chosen whatever the preset says.
 */
export function initialCreateForm(input: { preset?: AssignSlotPreset; now: Date; timeZone: string; selfOnly?: string }): SlotForm {
  const { preset, now, timeZone, selfOnly } = input
  const member = selfOnly ?? preset?.memberId
  return {
    auto: false,
    userIds: member ? [member] : [],
    pageIds: preset?.businessPageId ? [preset.businessPageId] : [],
    date: presetSlotDate(preset?.date, now, timeZone),
    time: DEFAULT_SLOT_TIME,
    repeat: false,
    repeatType: 'weekly',
    interval: 1,
    count: DEFAULT_OCCURRENCES,
    tagId: null,
    businessTagId: null,
    postType: 'textOnly',
    targetAudience: '',
    comment: ''
  }
}

/** A slot as the edit form shows it: its day and time in the viewer's timezone. */
export function initialEditForm(slot: AssignedSlot, timeZone: string): SlotForm {
  return {
    auto: slot.autoAssign,
    userIds: [slot.assignee.id],
    pageIds: slot.businessPages.map((p) => p.id),
    date: localDate(slot.time, timeZone),
    time: localTime(slot.time, timeZone),
    repeat: slot.recurrence !== null,
    repeatType: slot.recurrence?.type ?? 'weekly',
    interval: slot.recurrence?.interval ?? 1,
    count: slot.recurrence?.count ?? 0,
    tagId: slot.tag?.id ?? null,
    businessTagId: slot.businessPostTag?.id ?? null,
    postType: slot.postType,
    targetAudience: slot.targetAudience,
    comment: slot.comment
  }
}

/** One field changed. With no member left the topic tag goes too: it is chosen among the members' tags (spec §5). */
export function withField<K extends keyof SlotForm>(form: SlotForm, key: K, value: SlotForm[K]): SlotForm {
  const next = { ...form, [key]: value }
  return key === 'userIds' && next.userIds.length === 0 ? { ...next, tagId: null } : next
}

/** With business pages chosen a slot takes a business post tag, otherwise a topic tag (spec §5). */
function effectiveTags(form: Pick<SlotForm, 'pageIds' | 'tagId' | 'businessTagId'>): { tagId: string | null; businessPostTagId: string | null } {
  const pages = form.pageIds.length > 0
  return { tagId: pages ? null : form.tagId, businessPostTagId: pages ? form.businessTagId : null }
}

/** Spec §5: at least one member and a day in the window (auto mode needs no day), and a listed time. */
export function canAssign(form: SlotForm, now: Date, timeZone: string): boolean {
  return form.userIds.length > 0 && (form.auto || isDateInSlotWindow(form.date, now, timeZone)) && isTimeOption(form.time)
}

/** The assigner's weekday name and hour in their timezone (auto mode, spec §3). */
function currentDayAndHour(now: Date, timeZone: string): { currentDate: string; currentHour: number } {
  const zoned = new TZDate(now.getTime(), timeZone)
  return { currentDate: format(zoned, 'EEEE'), currentHour: Number(format(zoned, 'H')) }
}

/** The slot create payload, exactly spec §3 (plus currentDate and currentHour in auto mode). */
export function createSlotPayload(form: SlotForm, now: Date, timeZone: string): CreateSlotBody {
  const pages = form.pageIds.length > 0
  // Auto mode hides the date picker and sends tomorrow (spec §5).
  const day = form.auto ? slotDateWindow(now, timeZone).min : form.date
  return {
    assignedUserId: form.userIds,
    time: zonedInstant(day, form.time, timeZone).toISOString(),
    comment: form.comment.trim(),
    autoAssign: form.auto,
    ...effectiveTags(form),
    isBusinessPageSlot: pages,
    ...(pages ? { businessPageId: form.pageIds } : {}),
    ...recurrencePayload({ enabled: form.repeat, type: form.repeatType, interval: form.interval, count: form.count }),
    targetAudience: form.targetAudience.trim(),
    postType: form.postType,
    ...(form.auto ? currentDayAndHour(now, timeZone) : {})
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id))

type SlotUpdateFields = { time?: string; assigneeId?: string; comment?: string; targetAudience?: string; postType?: PostType; businessPageId?: string[] }
/** Tag fields of PUT …/updateTags: absent leaves a tag, null clears it. */
type SlotTagFields = { tagId?: string | null; businessPostTagId?: string | null }

/** One call of a save, in order. */
type SlotSaveStep = { kind: 'update'; body: SlotUpdateFields } | { kind: 'tags'; body: SlotTagFields }

/**
 * The calls that save an edit. Only changed fields are sent, so a series edit leaves the later
 * slots' own ideas or audiences alone when only the time moves. The server checks the tags
 * against the slot's member and pages on every call, so a tag that changes is cleared before
 * the fields change and set after them.
 */
export function slotSaveSteps(initial: SlotForm, form: SlotForm, timeZone: string): SlotSaveStep[] {
  const update: SlotUpdateFields = {}
  if (form.date !== initial.date || form.time !== initial.time) update.time = zonedInstant(form.date, form.time, timeZone).toISOString()
  const assignee = form.userIds[0]
  if (assignee !== undefined && assignee !== initial.userIds[0]) update.assigneeId = assignee
  if (form.comment.trim() !== initial.comment.trim()) update.comment = form.comment.trim()
  if (form.targetAudience.trim() !== initial.targetAudience.trim()) update.targetAudience = form.targetAudience.trim()
  if (form.postType !== initial.postType) update.postType = form.postType
  if (!sameSet(form.pageIds, initial.pageIds)) update.businessPageId = form.pageIds

  const before = effectiveTags(initial)
  const after = effectiveTags(form)
  const changed = (['tagId', 'businessPostTagId'] as const).filter((key) => before[key] !== after[key])
  const tagStep = (keys: readonly (keyof SlotTagFields)[], value: (key: keyof SlotTagFields) => string | null): SlotSaveStep[] =>
    keys.length === 0 ? [] : [{ kind: 'tags', body: Object.fromEntries(keys.map((key) => [key, value(key)])) }]

  if (Object.keys(update).length === 0) return tagStep(changed, (key) => after[key])
  return [
    ...tagStep(changed.filter((key) => before[key] !== null), () => null),
    { kind: 'update', body: update },
    ...tagStep(changed.filter((key) => after[key] !== null), (key) => after[key])
  ]
}

/**
 * An edited slot can be saved with one member, a listed time and a day in the window; its own
 * day stays allowed (a slot later today keeps its day when only the idea changes).
 */
export function canSaveEdit(initial: SlotForm, form: SlotForm, now: Date, timeZone: string): boolean {
  const dayOk = form.date === initial.date || isDateInSlotWindow(form.date, now, timeZone)
  return form.userIds.length === 1 && dayOk && isTimeOption(form.time)
}

/** A scope choice is offered when the slot belongs to a series of more than one. */
export function hasSeries(slot: Pick<AssignedSlot, 'seriesSize'>): boolean {
  return slot.seriesSize > 1
}

export const SCOPE_LABELS: Record<SlotScope, string> = {
  one: 'Only this slot',
  series: 'This and following slots'
}
