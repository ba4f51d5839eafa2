import type { AssignedSlot, BusinessPage } from '@shared/domain'

/** A business page of the organization (organizationBusinessPages). */
export function aBusinessPage(overrides: Partial<BusinessPage> = {}): BusinessPage {
  return {
    id: 'page-1',
    image: null,
    linkedInCompanyName: 'Acme Robotics',
    linkedInWebsite: null,
    linkedInCompanyDescription: null,
    linkedInPageLink: null,
    aiSettingTemplate: null,
    aiSettingTemplateId: null,
    ...overrides
  }
}

/** An open, editable slot of Grace Hopper's, not part of a series. */
export function aSlot(overrides: Partial<AssignedSlot> = {}): AssignedSlot {
  return {
    id: 'slot-1',
    seriesId: 'series-1',
    occurrence: 0,
    seriesSize: 1,
    time: '2026-03-10T09:00:00.000Z',
    timezone: 'Europe/London',
    comment: 'Launch recap',
    autoAssign: false,
    assignee: { id: 'member-1', fullName: 'Grace Hopper', image: null },
    tag: null,
    isBusinessPageSlot: false,
    businessPages: [],
    businessPostTag: null,
    targetAudience: 'Engineers',
    postType: 'textOnly',
    recurrence: null,
    createdBy: { id: 'user-1', fullName: 'Ada Lovelace', image: null },
    status: 'OPEN',
    postId: null,
    canEdit: true,
    ...overrides
  }
}
