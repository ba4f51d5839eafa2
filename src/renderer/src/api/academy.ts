import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { endpoints, type BodyOf } from '@shared/api/contract'
import type { AcademyHome, Certificate, CourseDetail, CourseSummary } from '@shared/domain/academy'
import { useHost } from '@renderer/host/HostContext'
import { downloadApiFile, useCallApi } from './client'
import { academyKeys, certificateKeys } from './queryKeys'

/*
 * The Academy (issue 15). The shipped courses change only with a release, so a course is fresh for
 * long; the home carries the user's progress and the organization's insights, so it is kept
 * shorter. Progress answers the course's summary, which goes into both caches as it is.
 */

const HOME_STALE_TIME = 60_000
const COURSE_STALE_TIME = 5 * 60_000
const CERTIFICATES_STALE_TIME = 60_000
const ORGANIZATION_LESSONS_STALE_TIME = 5 * 60_000

type WithKey<B> = B & { idempotencyKey?: string }

/** GET /academy/courses: the catalogue with the user's progress, articles, insights, team progress. */
export function useAcademyHome() {
  const callApi = useCallApi()
  return useQuery({ queryKey: academyKeys.home(), queryFn: () => callApi(endpoints.academyHome), staleTime: HOME_STALE_TIME })
}

/** GET /academy/course: a course's lessons (Markdown), its quiz's questions and the user's attempts. */
export function useAcademyCourse(slug: string, options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: academyKeys.course(slug),
    queryFn: () => callApi(endpoints.academyCourse, { query: { slug } }),
    staleTime: COURSE_STALE_TIME,
    enabled: options.enabled ?? true
  })
}

/** Puts a course's new summary (progress, resume point, certificate) into the course and home caches. */
function storeCourseSummary(queryClient: QueryClient, summary: CourseSummary) {
  const completed = new Map(summary.lessons.map((lesson) => [lesson.slug, lesson.completed]))
  queryClient.setQueryData<CourseDetail>(academyKeys.course(summary.slug), (detail) =>
    detail
      ? { ...detail, course: summary, lessons: detail.lessons.map((lesson) => ({ ...lesson, completed: completed.get(lesson.slug) ?? lesson.completed })) }
      : detail
  )
  queryClient.setQueryData<AcademyHome>(academyKeys.home(), (home) =>
    home ? { ...home, courses: home.courses.map((course) => (course.slug === summary.slug ? summary : course)) } : home
  )
}

/** PUT /academy/progress: a lesson opened (the resume point; `completed` absent) or marked (not) completed. */
export function useAcademyProgress() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.academyProgress>) => callApi(endpoints.academyProgress, { body }),
    onSuccess: (summary) => {
      storeCourseSummary(queryClient, summary)
      // Team progress on the home changes with it; the next visit refetches.
      return queryClient.invalidateQueries({ queryKey: academyKeys.home(), refetchType: 'none' })
    }
  })
}

/** POST /academy/quiz/submit, scored on the server. One Idempotency-Key per submission. */
export function useSubmitQuiz() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: WithKey<BodyOf<typeof endpoints.submitQuiz>>) =>
      callApi(endpoints.submitQuiz, { body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
    onSuccess: (_result, { courseSlug }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: academyKeys.course(courseSlug) }),
        queryClient.invalidateQueries({ queryKey: academyKeys.home() }),
        queryClient.invalidateQueries({ queryKey: certificateKeys.lists() })
      ])
  })
}

/** GET /academy/certificates: the user's own, or (admins) every certificate of the organization. */
export function useCertificates(scope: 'mine' | 'organization', options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: certificateKeys.list(scope),
    queryFn: () => callApi(endpoints.listCertificates, { query: { scope } }),
    staleTime: CERTIFICATES_STALE_TIME,
    enabled: options.enabled ?? true
  })
}

/** POST /academy/certificates/revoke (admins): it then validates as revoked. */
export function useRevokeCertificate() {
  const callApi = useCallApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.revokeCertificate>) => callApi(endpoints.revokeCertificate, { body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: certificateKeys.all }), queryClient.invalidateQueries({ queryKey: academyKeys.all })])
  })
}

/** A certificate's file name: the course and the id, nothing a file system refuses. */
function certificateFileName(certificate: Pick<Certificate, 'courseTitle' | 'certificateId'>): string {
  const course = certificate.courseTitle
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `Pagecrew-certificate-${course || 'course'}-${certificate.certificateId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}.pdf`
}

/** GET /academy/certificates/pdf saved through the host; false when the user cancelled the desktop's save dialog. */
export function useDownloadCertificatePdf() {
  const host = useHost()
  return useCallback(
    (certificate: Pick<Certificate, 'courseTitle' | 'certificateId'>) =>
      downloadApiFile(host, endpoints.certificatePdf.path, { certificateId: certificate.certificateId }, certificateFileName(certificate)),
    [host]
  )
}

/** GET /academy/lessons: the organization's own lessons (admins manage them on the Academy home). */
export function useOrganizationLessons(options: { enabled?: boolean } = {}) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: academyKeys.organizationLessons(),
    queryFn: () => callApi(endpoints.listOrganizationLessons),
    staleTime: ORGANIZATION_LESSONS_STALE_TIME,
    enabled: options.enabled ?? true
  })
}

function useOrganizationLessonsChanged() {
  const queryClient = useQueryClient()
  // The organization course, its place in the catalogue and the list all follow the lessons.
  return () => queryClient.invalidateQueries({ queryKey: academyKeys.all })
}

/** POST /academy/lessons/create. One Idempotency-Key per submission. */
export function useCreateOrganizationLesson() {
  const callApi = useCallApi()
  const onSuccess = useOrganizationLessonsChanged()
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: WithKey<BodyOf<typeof endpoints.createOrganizationLesson>>) =>
      callApi(endpoints.createOrganizationLesson, { body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
    onSuccess
  })
}

export function useUpdateOrganizationLesson() {
  const callApi = useCallApi()
  const onSuccess = useOrganizationLessonsChanged()
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.updateOrganizationLesson>) => callApi(endpoints.updateOrganizationLesson, { body }),
    onSuccess
  })
}

export function useDeleteOrganizationLesson() {
  const callApi = useCallApi()
  const onSuccess = useOrganizationLessonsChanged()
  return useMutation({
    mutationFn: (lessonId: string) => callApi(endpoints.deleteOrganizationLesson, { query: { lessonId } }),
    onSuccess
  })
}
