import { z } from 'zod'
import {
  academyHomeSchema,
  certificateIdSchema,
  certificateSchema,
  certificateValidationSchema,
  courseDetailSchema,
  courseSlugSchema,
  courseSummarySchema,
  organizationLessonBodySchema,
  organizationLessonSchema,
  progressBodySchema,
  quizResultSchema,
  quizSubmitBodySchema
} from '../../domain/academy'
import { singleLineText } from '../../domain/text'
import { endpoint, none, ok } from './base'
import { idSchema } from './common'
import { ACADEMY_MESSAGES } from '../../domain/academy'

export const academyEndpoints = {
  // Academy (issue 15). Everything but the catalogue and validation needs ACADEMY (402 otherwise).
  /** The Academy home: the catalogue with the user's progress, articles, insights, and team progress for leaders. Answers without ACADEMY too (entitled: false, no progress). */
  academyHome: endpoint({ method: 'GET', path: '/academy/courses', query: none, body: none, response: academyHomeSchema }),
  /** One course with its lessons' Markdown and its quiz's questions (never which options are right). */
  academyCourse: endpoint({ entitlement: 'ACADEMY', method: 'GET', path: '/academy/course', query: z.object({ slug: courseSlugSchema }), body: none, response: courseDetailSchema }),
  /** A lesson opened (the resume point) or marked completed / not completed. */
  academyProgress: endpoint({ entitlement: 'ACADEMY', method: 'PUT', path: '/academy/progress', query: none, body: progressBodySchema, response: courseSummarySchema }),
  /** Scored on the server; passing (80 %) issues the course's certificate (or returns the live one). */
  submitQuiz: endpoint({ entitlement: 'ACADEMY', method: 'POST', path: '/academy/quiz/submit', query: none, body: quizSubmitBodySchema, response: quizResultSchema, idempotent: true }),
  /** Public (no session), rate-limited: valid with the details, revoked, or 404 not found. */
  validateCertification: endpoint({
    method: 'GET',
    path: '/academy/certificates/validate',
    query: z.object({ certificateId: certificateIdSchema }),
    body: none,
    response: certificateValidationSchema,
    auth: false
  }),
  /** The session user's certificates; admins add every certificate of the organization (scope=organization). */
  listCertificates: endpoint({ entitlement: 'ACADEMY',
    method: 'GET',
    path: '/academy/certificates',
    query: z.object({ scope: z.enum(['mine', 'organization']).default('mine') }),
    body: none,
    response: z.array(certificateSchema)
  }),
  /** The printable certificate as a PDF (the holder and the organization's admins). */
  certificatePdf: endpoint({ entitlement: 'ACADEMY', method: 'GET', path: '/academy/certificates/pdf', query: z.object({ certificateId: certificateIdSchema }), body: none, response: ok }),
  /** Admins: the certificate then validates as revoked. Audited. */
  revokeCertificate: endpoint({ role: 'admin', refused: ACADEMY_MESSAGES.onlyAdminsRevoke, entitlement: 'ACADEMY',
    method: 'POST',
    path: '/academy/certificates/revoke',
    query: none,
    body: z.object({ certificateId: certificateIdSchema, reason: singleLineText().trim().max(500).optional() }),
    response: certificateSchema
  }),
  /** The organization's own lessons (admins write them; everyone with ACADEMY reads them in the Academy). */
  listOrganizationLessons: endpoint({ entitlement: 'ACADEMY', method: 'GET', path: '/academy/lessons', query: none, body: none, response: z.array(organizationLessonSchema) }),
  createOrganizationLesson: endpoint({ role: 'admin', refused: ACADEMY_MESSAGES.onlyAdminsLessons, entitlement: 'ACADEMY', method: 'POST', path: '/academy/lessons/create', query: none, body: organizationLessonBodySchema, response: organizationLessonSchema, idempotent: true }),
  updateOrganizationLesson: endpoint({ role: 'admin', refused: ACADEMY_MESSAGES.onlyAdminsLessons, entitlement: 'ACADEMY',
    method: 'PUT',
    path: '/academy/lessons/update',
    query: none,
    body: organizationLessonBodySchema.extend({ lessonId: idSchema, position: z.number().int().min(0).max(10_000).optional() }),
    response: organizationLessonSchema
  }),
  deleteOrganizationLesson: endpoint({ role: 'admin', refused: ACADEMY_MESSAGES.onlyAdminsLessons, entitlement: 'ACADEMY', method: 'DELETE', path: '/academy/lessons/delete', query: z.object({ lessonId: idSchema }), body: none, response: ok })
} as const
