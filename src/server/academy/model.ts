/**
 * The Academy's shipped content (issue 15) as the server uses it. The Markdown files under
 * ./content are read, checked and parsed at build time (./parse.ts, through the Vite plugin in
 * scripts/academy-content.ts), so a start only reads the result (issue 16: parsing them cost
 * about 0.3 s of every start).
 */

export interface ContentLesson {
  slug: string
  /** NN of the file name: the lesson's place in the course. */
  position: number
  title: string
  minutes: number
  markdown: string
}

interface ContentQuizQuestion {
  id: string
  prompt: string
  options: { id: string; text: string }[]
  /** The ids of the right options (never sent to a client). */
  correct: ReadonlySet<string>
}

export interface ContentQuiz {
  title: string
  introduction: string
  questions: ContentQuizQuestion[]
}

export interface ContentCourse {
  slug: string
  title: string
  summary: string
  order: number
  introduction: string
  lessons: ContentLesson[]
  quiz: ContentQuiz | null
}

export interface ContentArticle {
  slug: string
  title: string
  summary: string
  order: number
  markdown: string
  minutes: number
}

export interface AcademyContent {
  /** By `order`, then slug. */
  courses: ContentCourse[]
  /** By `order`, then slug. */
  articles: ContentArticle[]
  course(slug: string): ContentCourse | undefined
}

/** Reading speed for lessons without `minutes`. */
const WORDS_PER_MINUTE = 200

/** Reading time of a Markdown text at WORDS_PER_MINUTE, at least a minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/** The content as plain data (JSON): what the build hands the server. A quiz's right options are a list. */
export interface AcademyContentData {
  courses: (Omit<ContentCourse, 'quiz'> & {
    quiz: (Omit<ContentQuiz, 'questions'> & { questions: (Omit<ContentQuizQuestion, 'correct'> & { correct: string[] })[] }) | null
  })[]
  articles: ContentArticle[]
}

/** Courses and articles (each already in order) with the look-up by slug. */
export function academyContentOf(courses: ContentCourse[], articles: ContentArticle[]): AcademyContent {
  const index = new Map(courses.map((c) => [c.slug, c]))
  return { courses, articles, course: (slug) => index.get(slug) }
}

export function academyContentData(content: AcademyContent): AcademyContentData {
  return {
    courses: content.courses.map((course) => ({
      ...course,
      quiz: course.quiz && { ...course.quiz, questions: course.quiz.questions.map((q) => ({ ...q, correct: [...q.correct] })) }
    })),
    articles: content.articles
  }
}

export function academyContentFromData(data: AcademyContentData): AcademyContent {
  const courses = data.courses.map((course) => ({
    ...course,
    quiz: course.quiz && { ...course.quiz, questions: course.quiz.questions.map((q) => ({ ...q, correct: new Set(q.correct) })) }
  }))
  return academyContentOf(courses, data.articles)
}
