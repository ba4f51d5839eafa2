import type { AcademyHome, AcademyInsights, Certificate, CourseDetail, CourseSummary, QuizResult } from '@shared/domain/academy'

/** A course of the catalogue: three lessons (the first two completed) and a final quiz of three questions. */
export function aCourseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const lessons = [
    { slug: 'hooks', title: 'Hooks that stop the scroll', minutes: 4, completed: true },
    { slug: 'one-idea', title: 'One idea per post', minutes: 5, completed: true },
    { slug: 'endings', title: 'Endings that invite replies', minutes: 3, completed: false }
  ]
  return {
    slug: 'writing-posts',
    title: 'Writing posts people read',
    summary: 'Write posts your colleagues’ networks stop for.',
    source: 'pagecrew',
    minutes: 12,
    lessons,
    completedLessons: 2,
    resumeLessonSlug: 'one-idea',
    quiz: { questionCount: 3, passMark: 0.8 },
    passed: false,
    certificate: null,
    ...overrides
  }
}

export function aCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    certificateId: 'Zk3q9T0yXbW1vA2cD4eF5g',
    holderName: 'Ada Lovelace',
    courseSlug: 'writing-posts',
    courseTitle: 'Writing posts people read',
    organizationName: 'Acme',
    issuedAt: '2026-10-20T10:00:00.000Z',
    revokedAt: null,
    validationUrl: 'https://pagecrew.example.com/validate-certification?id=Zk3q9T0yXbW1vA2cD4eF5g',
    ...overrides
  }
}

export function someInsights(overrides: Partial<AcademyInsights> = {}): AcademyInsights {
  return {
    postCount: 12,
    minimumPosts: 5,
    bestDays: [
      { weekday: 1, posts: 5, engagementRate: 0.042 },
      { weekday: 3, posts: 7, engagementRate: 0.031 }
    ],
    bestHours: [{ hour: 9, posts: 6, engagementRate: 0.05 }],
    postTypes: [{ type: 'images', posts: 8, engagementRate: 0.04 }],
    lengths: [{ label: '50–149 words', minWords: 50, maxWords: 149, posts: 9, engagementRate: 0.038 }],
    topics: [{ tagId: 'tag-1', title: 'Hiring', color: '#0f6cbd', posts: 4, engagementRate: 0.061 }],
    timeZone: 'Europe/London',
    ...overrides
  }
}

export function anAcademyHome(overrides: Partial<AcademyHome> = {}): AcademyHome {
  return {
    entitled: true,
    courses: [
      aCourseSummary(),
      aCourseSummary({
        slug: 'trusted-profile',
        title: 'A profile that earns trust',
        summary: 'Make your profile worth the click.',
        lessons: [{ slug: 'headline', title: 'Your headline', minutes: 3, completed: false }],
        completedLessons: 0,
        // The server's resume point is the first lesson until the user opens another.
        resumeLessonSlug: 'headline'
      })
    ],
    articles: [{ slug: 'first-post', title: 'Your first post', summary: 'Where to start.', markdown: '## Start small\n\nWrite about **one** thing you did this week.', minutes: 2 }],
    insights: someInsights(),
    teamProgress: [],
    ...overrides
  }
}

/** The course of aCourseSummary with its lessons' text and a quiz: q1 and q3 single choice, q2 "choose all that apply". */
export function aCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const course = aCourseSummary()
  return {
    course,
    lessons: course.lessons.map((lesson) => ({ ...lesson, markdown: `## ${lesson.title}\n\nText of ${lesson.slug}.` })),
    quiz: {
      passMark: 0.8,
      questions: [
        { id: 'q1', prompt: 'What comes first?', multiple: false, options: [{ id: 'a', text: 'The hook' }, { id: 'b', text: 'The hashtags' }] },
        { id: 'q2', prompt: 'Which help a post?', multiple: true, options: [{ id: 'a', text: 'Short lines' }, { id: 'b', text: 'One idea' }, { id: 'c', text: 'Ten links' }] },
        { id: 'q3', prompt: 'How should it end?', multiple: false, options: [{ id: 'a', text: 'With a question' }, { id: 'b', text: 'Abruptly' }] }
      ]
    },
    attempts: [],
    ...overrides
  }
}

export function aQuizResult(passed: boolean, overrides: Partial<QuizResult> = {}): QuizResult {
  return passed
    ? { correct: 3, total: 3, passMark: 0.8, passed: true, questions: ['q1', 'q2', 'q3'].map((id) => ({ id, correct: true })), certificate: aCertificate(), ...overrides }
    : {
        correct: 1,
        total: 3,
        passMark: 0.8,
        passed: false,
        questions: [
          { id: 'q1', correct: true },
          { id: 'q2', correct: false },
          { id: 'q3', correct: false }
        ],
        certificate: null,
        ...overrides
      }
}
