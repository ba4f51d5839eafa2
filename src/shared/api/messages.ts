import { PHOTO_MAX_SIDE, PHOTO_MIN_SIDE } from '../constants'

/**
 * Messages the server answers with for organization administration (issue 3). Those quoted from
 * the product spec are exact (§5, §6, §8); the renderer may match on them or show them as they are.
 */
export const MESSAGES = {
  // Invitations (spec §8)
  emailAlreadyInvited: 'Email already invited to organization.',
  /** What the client shows for emailAlreadyInvited (spec §5). */
  alreadyInvitedToast: 'Sorry, that user has already been invited.',
  inviteFailedTitle: 'User invitation failed',
  seatsLimitReached: 'Plan seats limit reached',
  noPlan: 'Your organization has no plan. Please contact support.',
  invalidInvitation: 'This invitation link is invalid or has expired.',
  /** A join link accepted already (410 join_link_used): the account exists, so signing in (with a password or single sign-on) is the way in. */
  joinLinkUsed: 'This invitation has already been used. Sign in instead.',
  incorrectCredentials: 'Incorrect email or password.',
  inviteEmailInvalid: 'Enter a valid email address.',
  ghostRoleNotIncluded: 'The GHOST role is not included in your plan. Upgrade your plan to use it.',

  // Members and roles (spec §4, §6, §8)
  roleUpdateFailTitle: 'Role update fail',
  lastAdmin: 'There must be at least one admin in your organization.',
  ghostCannotChangeRoles: 'A ghost user cannot change roles.',
  cannotDeleteYourself: 'You cannot delete yourself.',
  invitedTargetLocked: 'Invited users cannot have monthly target posts edited until they join.',
  invitedApprovalFlowLocked: 'Invited users cannot have the review flow edited until they join.',
  emailChangeOnlyInvited: 'Only the email of an invited user can be changed.',
  monthlyTargetInvalid: 'Enter a whole number of 0 or more.',
  memberNotFound: 'Member not found.',

  // Teams (spec §5, §6)
  teamNameEmpty: 'Please enter a non-empty team name',
  teamNameMissing: 'Please enter a team name',
  teamMembersMissing: 'Please add at least one team member',
  teamLeaderMissing: 'Please add a team leader',
  upgradePlanTitle: 'Upgrade Plan 🚀',
  teamsLimit: "You've reached the team creation limit for your current plan. To add more teams, please upgrade your plan.",
  teamImageNotImage: 'The team image must be an image file (PNG, JPEG, GIF or WebP).',
  teamNotFound: 'Team not found.',

  // Profile photo (Settings → Profile)
  photoMissing: 'Choose a photo to upload.',
  photoNotImage: 'The photo must be a PNG, JPEG or WebP image.',
  photoUnreadable: 'This image could not be read. Choose another one.',
  photoNotSquare: 'The photo must be square.',
  photoTooSmall: `The photo must be at least ${PHOTO_MIN_SIDE} × ${PHOTO_MIN_SIDE} pixels.`,
  photoTooLarge: `The photo must be at most ${PHOTO_MAX_SIDE} × ${PHOTO_MAX_SIDE} pixels.`,
  photoNotFound: 'Photo not found.',

  // Tags (spec §5)
  tagTitleEmpty: 'Please enter a tag',
  tagTitleTaken: 'A tag with this title already exists.',
  tagColorInvalid: 'Choose a color like #1a73e8.',
  topicTagsLimit: 'Your plan does not include more topic tags. Upgrade your plan to add more.',
  tagNotFound: 'Tag not found.',

  // Business pages
  businessPagesLimit: 'Your plan does not include more business pages. Upgrade your plan to add more.',
  businessPageNameEmpty: 'Enter the company page name.',
  businessPageNotFound: 'Business page not found.',

  // AI templates
  aiTemplatesLimit: 'Your plan does not include more AI templates. Upgrade your plan to add more.',
  aiTemplateNameEmpty: 'Enter a template name.',
  aiTemplateDefaultNotDeletable: 'The default template cannot be deleted. Make another template the default first.',
  aiTemplateNotFound: 'Template not found.',

  // Billing (spec §8 toasts; the rest are Pagecrew's)
  seatsUpdatedTitle: 'Seats updated',
  seatsUpdatedBody: 'Number of seats has been updated. Check Manage billing to see your changes.',
  seatsErrorTitle: 'Error updating seats',
  seatsErrorBody: 'Please contact support',
  seatsBelowMin: (minSeats: number) => `Your plan needs at least ${minSeats} ${minSeats === 1 ? 'seat' : 'seats'}.`,
  seatsRemovalCount: (n: number) => `Select exactly ${n} ${n === 1 ? 'member' : 'members'} to remove.`,
  seatsRemovalUnknown: 'Some of the selected members are not in your organization.',
  seatsCannotRemoveYourself: 'You cannot remove yourself. Choose another member.',
  seatsWouldRemoveLastAdmin: 'There must be at least one admin in your organization.',
  checkoutSeatsBelowUsers: (users: number) => `Choose at least ${users} ${users === 1 ? 'seat' : 'seats'}: your organization has ${users} ${users === 1 ? 'user' : 'users'}.`,
  checkoutUnknownPrice: 'That plan is not available. Choose a plan from the list.',
  enterpriseContactSales: 'The Enterprise plan is arranged with our team. Please contact us.',
  billingProviderFailed: 'The billing provider did not answer. Please try again, or contact support.',
  subscriptionExpired: 'Your subscription has expired. Please choose a plan to continue using Pagecrew.',
  checkoutAlreadyOnPlan: 'Your organization already has this plan. Use Manage seats to change the number of seats.',
  trialSeatsMax: (seats: number) => `The free trial includes up to ${seats} seats. Choose a plan to add more.`,
  billingLinkExpired: 'This billing link has expired. Open Manage billing in Pagecrew again.',

  // Plan: assigned slots (spec §2, §4, §5, §8; the rest are Pagecrew's)
  slotAssignFailedTitle: 'Slot assignment failed',
  slotUpdateFailedTitle: 'Slot update failed',
  genericTryAgain: 'Something went wrong. Please try again later.',
  cancelConfirmTitle: 'Are you sure you want to cancel?',
  cancelConfirmBody: 'Any unsaved changes will be lost. Do you still want to proceed?',
  noTagsForUser: 'Please contact your admin to add you to a team to use tags.',
  slotDateOutsideWindow: 'Choose a day from tomorrow to 90 days ahead.',
  slotTimeNotOption: 'Choose a time on the quarter hour (00:00 to 23:45).',
  slotNeedsUser: 'Choose at least one member.',
  slotOnlySelf: 'You can only assign slots to yourself.',
  slotOnlyYourTeams: 'You can only assign slots to members of the teams you lead.',
  slotMemberUnknown: 'One of the chosen members is not an active member of your organization.',
  slotPageNotLinked: 'Every chosen member must be linked to every chosen business page.',
  slotTagNotAllowed: 'Choose a topic tag assigned to every chosen member.',
  slotTagWithPages: 'A business page slot takes a business post tag, not a topic tag.',
  slotBusinessTagNotAllowed: 'Choose a business post tag of one of the chosen business pages.',
  slotRecurrenceInvalid: 'Repeat weekly every 1 to 4 weeks or monthly, from 1 to 16 times.',
  slotNotFound: 'Slot not found.',
  slotNotEditable: 'Only admins, the leaders of the member’s team and the slot’s creator can change this slot.',
  slotInPast: 'This slot’s time has passed; it can no longer be changed.',
  calendarRangeTooLong: 'Show at most 100 days at a time.',
  noEligibleMember: 'No active member can take this slot.',

  // Organization
  onlyAdmins: 'Only admins can do that.',
  /** 402 of the open platform's endpoints (API keys, webhooks, chat channels) on a plan without them (not in the spec). */
  apiNotInPlan: 'API keys, webhooks and chat channels are part of the Professional and Enterprise plans.',
  onlyAdminDeletesOrganization: 'Only an admin can delete the organization.',

  // Writing and publishing (issue 6)
  postTooLong: 'A LinkedIn post can have at most 3,000 characters.',
  /** The failure reason of a scheduled post whose author was removed from the organization. */
  authorLeftOrganization: 'Not published: the author is no longer a member of this organization.',
  postEmpty: 'Write something before you publish.',
  pollQuestionMissing: 'Enter a poll question.',
  pollQuestionTooLong: 'A poll question can have at most 140 characters.',
  pollOptionCount: 'A poll needs 2 to 4 options.',
  pollOptionTooLong: 'Poll options can have at most 30 characters.',
  pollOptionEmpty: 'Fill in every poll option or remove it.',
  tooManyImages: 'A post can have at most 20 images.',
  imagesMissing: 'Add at least one image.',
  oneVideo: 'A post can have one video.',
  videoMissing: 'Add a video.',
  oneDocument: 'A post can have one document.',
  documentMissing: 'Add a document.',
  mediaWrongKind: 'This file does not fit the chosen post type.',
  mediaTypeUnsupported: 'Pagecrew accepts PNG, JPEG, GIF and WebP images, MP4, MOV and WebM videos, and PDF, PowerPoint and Word documents.',
  scheduleInPast: 'Choose a time in the future.',
  linkedInNotConnected: 'You need to connect to LinkedIn.',
  linkedInExpired: 'You need to reconnect to LinkedIn.',
  /** The same, when an API key acts on a member's post (issue 28). */
  authorLinkedInNotConnected: 'The author needs to connect to LinkedIn.',
  authorLinkedInExpired: 'The author needs to reconnect to LinkedIn.',
  linkedInRedirectNotAllowed: 'LinkedIn can only send you back to this app’s /callback, http://127.0.0.1:<port>/callback, http://localhost:<port>/callback or pagecrew://callback.',
  linkedInSignInExpired: 'This LinkedIn sign-in has expired or was not started here. Connect again.',
  linkedInCancelled: 'LinkedIn connection was cancelled.',
  linkedInDenied: 'LinkedIn did not allow the connection. Connect again.',
  linkedInCodeMissing: 'LinkedIn sent no authorization code. Connect again.',
  linkedInCodeRefused: 'LinkedIn did not accept this sign-in. Connect again.',
  linkedInUnavailable: 'LinkedIn did not answer. Try connecting again in a moment.',
  postChangedElsewhere: 'This post was changed in another window. Reload it to see the latest version.',
  postPublished: 'This post is already published.',
  postBeingPublished: 'This post is being published right now.',
  notLinkedToPage: 'You are not linked to this business page.',
  authorNotLinkedToPage: 'The author is not linked to this business page.',
  /** An API key names a post's author who is not an ACTIVE member (issue 28). */
  postAuthorUnknown: 'The author is not an active member of your organization.',
  slotNotYours: 'This slot is assigned to someone else.',
  slotTaken: 'Another post is already scheduled into this slot.',
  postNotFound: 'Post not found.',
  postNotFailed: 'Only a post that failed to publish can be retried.',
  scheduleTimeMissing: 'Choose a date and time, or a slot.',
  mediaNotFound: 'File not found.',
  mediaEmpty: 'This file is empty.',
  mediaContentMismatch: 'This file’s contents do not match its type. Choose another file.',
  mediaUnavailable: 'One of the files is no longer available. Upload it again.',
  mediaRepeated: 'Each file can be added to a post once.',
  uploadNotFound: 'This upload is no longer available. Start it again.',
  uploadIncomplete: (received: number, size: number) => `Only ${received} of ${size} bytes have arrived.`,
  uploadChunkTooBig: 'Send the file in chunks of at most 4 MB.',
  aiLimitReached: 'Your organization has used all AI generations of this month.',
  /** 502: the AI provider is down, timed out or failed on its side; the generation did not count. */
  aiUnavailable: 'The AI service did not answer. Try again in a moment.',
  /** 503: the database cannot be reached (down, restarting, or not answering in time); nothing was changed. */
  databaseUnavailable: 'The database is not answering. Try again in a moment.',
  /** 507: the server's disk (or quota) is full; the upload's partial bytes were removed. */
  storageFull: 'The server is out of storage space. Try again later or ask your admin.',

  // Collaborate (issue 13)
  reviewNotIncluded: 'Feedback requests and approvals are not included in your plan. Upgrade your plan to use them.',
  reviewersMissing: 'Choose at least one reviewer.',
  reviewerUnavailable: 'One of the reviewers is not an active member of this organization.',
  reviewerIsAuthor: 'You cannot ask yourself for feedback.',
  reviewNotOpen: 'This post has no open feedback request.',
  reviewDueInPast: 'Choose a due date in the future.',
  feedbackNotFound: 'Feedback not found.',
  feedbackTextEmpty: 'Write your comment first.',
  feedbackAnchorInvalid: 'The quoted text is no longer in the post. Select it again.',
  suggestionNeedsAnchor: 'Select the text your suggestion replaces.',
  suggestionUnchanged: 'The suggestion must change the selected text.',
  suggestionOutdated: 'The text this suggestion changes has been edited since. It cannot be applied.',
  suggestionNotOpen: 'This suggestion was already accepted or dismissed.',
  replyToReply: 'Reply to the comment that starts the thread.',
  onlyAuthorAccepts: 'Only the author of the post can accept or dismiss a suggestion.',
  mentionNotParticipant: 'Only people who can see this post can be mentioned. Ask them for feedback first.',
  approvalNotRequired: 'This post does not need approval.',
  approvalRequiredToSchedule: 'This post needs approval before it can be scheduled or posted.',
  approvalPendingToSchedule: 'This post is waiting for approval. It can be scheduled once it is approved.',
  approvalAlreadyPending: 'This post is already waiting for approval.',
  selfApproval: 'You cannot approve or reject your own post.',
  notAnApprover: 'Only the author’s team leaders and admins can approve or reject this post.',
  approvalNotPending: 'This post is not waiting for approval.',
  rejectionReasonEmpty: 'Say why the post is rejected.',
  // Approve links (issue 28): emailed to approvers and posted to chat channels.
  approveLinkInvalid: 'This approval link is not valid. Open the post in Pagecrew instead.',
  approveLinkUsed: 'This approval link has already been used. Open the post in Pagecrew to see where it stands.',
  approveLinkExpired: 'This approval link has expired. Open the post in Pagecrew to decide there.',
  approveLinkNotYours: 'This approval link was sent to another approver. Open the post in Pagecrew instead.',
  approveLinkOutdated: 'The post changed since approval was asked for. Open it in Pagecrew to review the new version.',
  approveLinkOtherOrganization: 'This approval link belongs to another of your organizations. Switch to it and open the link again.',
  /** The publisher's failure reason for a post whose time came while it was not approved. */
  notApprovedAtPublishTime: 'not approved when its time came — get it approved and schedule it again'
} as const

/** '{file name} is too big!' (spec §5) with the real file name. */
export function fileTooBigMessage(fileName: string): string {
  return `${fileName} is too big!`
}

/**
 * The 409 for a media chunk sent at another offset than the bytes the server holds (a lost answer,
 * a retried chunk): the message carries the offset so the client resumes from there.
 */
export function mediaOffsetMismatchMessage(received: number): string {
  return `This upload continues at byte ${received}.`
}

/** The offset a media chunk 409 asks for (the last number in its message), or null when it has none. */
export function mediaOffsetFromMessage(message: string): number | null {
  const numbers = message.match(/\d[\d,]*/g)
  if (!numbers) return null
  const offset = Number(numbers[numbers.length - 1]!.replace(/,/g, ''))
  return Number.isSafeInteger(offset) ? offset : null
}
