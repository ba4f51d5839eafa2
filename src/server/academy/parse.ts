import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { ORGANIZATION_COURSE_SLUG } from '../../shared/domain/academy'
import { academyContentOf, readingMinutes, type AcademyContent, type ContentArticle, type ContentLesson, type ContentQuiz, type ContentCourse } from './model'

/**
 * The Academy's content files, checked and parsed: Markdown with YAML front matter under ./content.
 * The build runs this (scripts/academy-content.ts), not the server's start.
 *
 *   courses/<course>/course.md               title, summary, order; body: the introduction
 *   courses/<course>/lessons/NN-<lesson>.md  title, optional minutes; body: the lesson
 *   courses/<course>/quiz.md                 title, questions (options with `correct: true`)
 *   articles/<article>.md                    title, summary, order; body: the article
 *
 * Invalid content is a programming error of the release: parseAcademyContent throws a message that
 * names the file, so the build (and the tests) stop rather than ship a broken course.
 */

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/

const text = z.string().trim().min(1)
/** YAML reads `id: 1` as a number: ids are names, so numbers are taken as their text. */
const id = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().regex(ID, 'use lower-case a-z, 0-9 and "-"'))

const courseFrontMatter = z.strictObject({ title: text, summary: text, order: z.number().int() })
const articleFrontMatter = z.strictObject({ title: text, summary: text, order: z.number().int() })
const lessonFrontMatter = z.strictObject({ title: text, minutes: z.number().int().positive().optional() })
const quizFrontMatter = z.strictObject({
  title: text,
  questions: z
    .array(
      z.strictObject({
        id,
        prompt: text,
        options: z
          .array(z.strictObject({ id, text, correct: z.boolean().optional() }))
          .min(2, 'a question needs at least two options')
          .refine((options) => new Set(options.map((o) => o.id)).size === options.length, 'option ids must be unique within a question')
          .refine((options) => options.some((o) => o.correct === true), 'a question needs at least one correct option')
      })
    )
    .min(1, 'a quiz needs at least one question')
    .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, 'question ids must be unique within the quiz')
})

export class AcademyContentError extends Error {
  constructor(file: string, problem: string) {
    super(`Academy content ${file}: ${problem}`)
    this.name = 'AcademyContentError'
  }
}

/** Front matter (YAML between the first two `---` lines) and the Markdown body after it. */
function splitFrontMatter(file: string, source: string): { data: unknown; body: string } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source)
  if (!match) throw new AcademyContentError(file, 'it must start with front matter between two "---" lines')
  try {
    return { data: parseYaml(match[1]!) ?? {}, body: match[2]!.trim() }
  } catch (error) {
    throw new AcademyContentError(file, `its front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`)
  }
}

function checked<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''
    throw new AcademyContentError(file, `${where}${issue.message}`)
  }
  return result.data
}

/** 'courses/writing/course.md' from './content/courses/writing/course.md' (the glob's keys) or a bare relative path. */
function relativePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:.*\/)?content\//, '').replace(/^\.\//, '')
}

/**
 * The Academy's content from its files (path -> text). Pure: tests call it with fixtures.
 * Throws AcademyContentError naming the first invalid file.
 */
export function parseAcademyContent(files: Record<string, string>): AcademyContent {
  interface CourseParts {
    meta?: { file: string; title: string; summary: string; order: number; introduction: string }
    lessons: (ContentLesson & { file: string })[]
    quiz?: ContentQuiz
  }
  const courses = new Map<string, CourseParts>()
  const partsOf = (slug: string) => {
    let parts = courses.get(slug)
    if (!parts) courses.set(slug, (parts = { lessons: [] }))
    return parts
  }
  const articles: ContentArticle[] = []

  for (const [path, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = relativePath(path)
    if (/^readme\.md$/i.test(file)) continue
    let m: RegExpExecArray | null
    if ((m = /^courses\/([^/]+)\/course\.md$/.exec(file))) {
      const slug = m[1]!
      if (!SLUG.test(slug)) throw new AcademyContentError(file, `the course folder "${slug}" is not a valid slug (lower-case a-z, 0-9 and "-")`)
      if (slug === ORGANIZATION_COURSE_SLUG) throw new AcademyContentError(file, `"${slug}" is the course of the organization's own lessons; choose another folder name`)
      const { data, body } = splitFrontMatter(file, source)
      const meta = checked(file, courseFrontMatter, data)
      partsOf(slug).meta = { file, ...meta, introduction: body }
    } else if ((m = /^courses\/([^/]+)\/lessons\/([^/]+)\.md$/.exec(file))) {
      const [, courseSlug, name] = m as unknown as [string, string, string]
      const named = /^(\d{2})-(.+)$/.exec(name)
      if (!named) throw new AcademyContentError(file, 'a lesson file is named NN-<lesson-slug>.md (NN: its two-digit position)')
      const lessonSlug = named[2]!
      if (!SLUG.test(lessonSlug)) throw new AcademyContentError(file, `the lesson slug "${lessonSlug}" is not valid (lower-case a-z, 0-9 and "-")`)
      const { data, body } = splitFrontMatter(file, source)
      const meta = checked(file, lessonFrontMatter, data)
      if (!body) throw new AcademyContentError(file, 'the lesson has no text')
      partsOf(courseSlug).lessons.push({
        file,
        slug: lessonSlug,
        position: Number(named[1]),
        title: meta.title,
        minutes: meta.minutes ?? readingMinutes(body),
        markdown: body
      })
    } else if ((m = /^courses\/([^/]+)\/quiz\.md$/.exec(file))) {
      const { data, body } = splitFrontMatter(file, source)
      const quiz = checked(file, quizFrontMatter, data)
      partsOf(m[1]!).quiz = {
        title: quiz.title,
        introduction: body,
        questions: quiz.questions.map((q) => ({
          id: q.id,
          prompt: q.prompt,
          options: q.options.map((o) => ({ id: o.id, text: o.text })),
          correct: new Set(q.options.filter((o) => o.correct === true).map((o) => o.id))
        }))
      }
    } else if ((m = /^articles\/([^/]+)\.md$/.exec(file))) {
      const slug = m[1]!
      if (!SLUG.test(slug)) throw new AcademyContentError(file, `the article slug "${slug}" is not valid (lower-case a-z, 0-9 and "-")`)
      const { data, body } = splitFrontMatter(file, source)
      const meta = checked(file, articleFrontMatter, data)
      if (!body) throw new AcademyContentError(file, 'the article has no text')
      articles.push({ slug, title: meta.title, summary: meta.summary, order: meta.order, markdown: body, minutes: readingMinutes(body) })
    } else {
      throw new AcademyContentError(file, 'not a place for content (courses/<course>/course.md, courses/<course>/lessons/NN-<lesson>.md, courses/<course>/quiz.md or articles/<article>.md)')
    }
  }

  const parsed: ContentCourse[] = []
  for (const [slug, parts] of courses) {
    const { meta } = parts
    if (!meta) throw new AcademyContentError(`courses/${slug}`, 'the course has no course.md')
    if (parts.lessons.length === 0) throw new AcademyContentError(meta.file, 'the course has no lessons (courses/<course>/lessons/NN-<lesson>.md)')
    const lessons = [...parts.lessons].sort((a, b) => a.position - b.position)
    for (let i = 1; i < lessons.length; i++) {
      if (lessons[i]!.position === lessons[i - 1]!.position) throw new AcademyContentError(lessons[i]!.file, `another lesson has the position ${String(lessons[i]!.position).padStart(2, '0')}`)
    }
    const slugs = new Set<string>()
    for (const lesson of lessons) {
      if (slugs.has(lesson.slug)) throw new AcademyContentError(lesson.file, `another lesson of the course has the slug "${lesson.slug}"`)
      slugs.add(lesson.slug)
    }
    parsed.push({
      slug,
      title: meta.title,
      summary: meta.summary,
      order: meta.order,
      introduction: meta.introduction,
      lessons: lessons.map(({ file: _file, ...lesson }) => lesson),
      quiz: parts.quiz ?? null
    })
  }
  const byOrder = <T extends { order: number; slug: string }>(a: T, b: T) => a.order - b.order || a.slug.localeCompare(b.slug)
  parsed.sort(byOrder)
  articles.sort(byOrder)
  return academyContentOf(parsed, articles)
}

/** Every Markdown file under `dir` (path relative to it -> text): what parseAcademyContent reads. */
export function readAcademyContentFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = entry.replace(/\\/g, '/')
    if (path.endsWith('.md')) files[path] = readFileSync(join(dir, entry), 'utf8')
  }
  return files
}
