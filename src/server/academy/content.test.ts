import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { academyContent as academyContentPlugin } from '../../../scripts/academy-content'
import { academyContent, academyContentData, academyContentFromData, readingMinutes } from './content'
import { AcademyContentError, parseAcademyContent, readAcademyContentFiles } from './parse'

const course = (title = 'Writing posts', order = 1) => `---\ntitle: ${title}\nsummary: Posts people read.\norder: ${order}\n---\nWhy this course.\n`
const lesson = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n${'word '.repeat(450)}\n`
const quiz = `---
title: Final quiz
questions:
  - id: q1
    prompt: "Which?"
    options:
      - { id: a, text: "One" }
      - { id: b, text: "Two", correct: true }
  - id: q2
    prompt: "Which of these? (choose all that apply)"
    options:
      - { id: a, text: "One", correct: true }
      - { id: b, text: "Two", correct: true }
      - { id: c, text: "Three" }
---
Good luck.
`

const fixture = (): Record<string, string> => ({
  './content/courses/writing/course.md': course(),
  './content/courses/writing/lessons/02-second.md': lesson('Second', 'minutes: 7\n'),
  './content/courses/writing/lessons/01-first.md': lesson('First'),
  './content/courses/writing/quiz.md': quiz,
  './content/courses/profile/course.md': course('A profile that earns trust', 0),
  './content/courses/profile/lessons/01-photo.md': lesson('Photo'),
  './content/articles/best-time.md': '---\ntitle: The best time\nsummary: When to post.\norder: 2\n---\nTuesday mornings, mostly.\n',
  './content/articles/hashtags.md': '---\ntitle: Hashtags\nsummary: Three at most.\norder: 1\n---\nUse few.\n'
})

function parseError(files: Record<string, string>): string {
  try {
    parseAcademyContent(files)
  } catch (error) {
    expect(error).toBeInstanceOf(AcademyContentError)
    return (error as Error).message
  }
  throw new Error('the content was accepted')
}

describe('parseAcademyContent', () => {
  it('reads courses, lessons in file order, quizzes and articles, sorted by order', () => {
    const content = parseAcademyContent(fixture())
    expect(content.courses.map((c) => c.slug)).toEqual(['profile', 'writing'])
    const writing = content.course('writing')!
    expect(writing).toMatchObject({ title: 'Writing posts', summary: 'Posts people read.', order: 1, introduction: 'Why this course.' })
    expect(writing.lessons.map((l) => [l.position, l.slug, l.title, l.minutes])).toEqual([
      [1, 'first', 'First', 3], // 450 words at 200 a minute
      [2, 'second', 'Second', 7]
    ])
    expect(writing.quiz?.introduction).toBe('Good luck.')
    expect(writing.quiz?.questions.map((q) => [q.id, q.options.map((o) => o.id), [...q.correct]])).toEqual([
      ['q1', ['a', 'b'], ['b']],
      ['q2', ['a', 'b', 'c'], ['a', 'b']]
    ])
    // Options as clients may see them: no trace of which one is right.
    expect(Object.keys(writing.quiz!.questions[0]!.options[0]!)).toEqual(['id', 'text'])
    expect(content.course('profile')?.quiz).toBeNull()
    expect(content.articles.map((a) => a.slug)).toEqual(['hashtags', 'best-time'])
    expect(content.course('missing')).toBeUndefined()
  })

  it('takes paths with or without the ./content/ prefix, and ignores a README', () => {
    const files = Object.fromEntries(Object.entries(fixture()).map(([path, text]) => [path.replace('./content/', ''), text]))
    expect(parseAcademyContent({ ...files, 'README.md': 'Notes for writers' }).courses).toHaveLength(2)
  })

  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes('word '.repeat(200))).toBe(1)
    expect(readingMinutes('word '.repeat(201))).toBe(2)
    expect(readingMinutes('- a list\n- of # things')).toBe(1)
  })

  it.each([
    ['no front matter', { './content/courses/writing/course.md': 'title: x' }, 'courses/writing/course.md: it must start with front matter'],
    ['YAML that does not parse', { './content/courses/writing/course.md': '---\ntitle: [oops\n---\n' }, 'courses/writing/course.md: its front matter is not valid YAML'],
    ['a missing summary', { './content/courses/writing/course.md': '---\ntitle: x\norder: 1\n---\n' }, 'courses/writing/course.md: summary:'],
    ['an unknown front matter key', { './content/courses/writing/course.md': '---\ntitle: x\nsummary: y\norder: 1\ntitel: z\n---\n' }, 'courses/writing/course.md:'],
    ['a lesson without a position', { './content/courses/writing/lessons/first.md': lesson('x') }, 'courses/writing/lessons/first.md: a lesson file is named NN-'],
    ['an upper-case lesson slug', { './content/courses/writing/lessons/03-First.md': lesson('x') }, 'courses/writing/lessons/03-First.md: the lesson slug "First"'],
    ['two lessons at one position', { './content/courses/writing/lessons/01-again.md': lesson('x') }, 'courses/writing/lessons/01-first.md: another lesson has the position 01'],
    ['an empty lesson', { './content/courses/writing/lessons/03-empty.md': '---\ntitle: Empty\n---\n' }, 'courses/writing/lessons/03-empty.md: the lesson has no text'],
    ['lessons without course.md', { './content/courses/orphan/lessons/01-a.md': lesson('x') }, 'courses/orphan: the course has no course.md'],
    ['a course without lessons', { './content/courses/empty/course.md': course() }, 'courses/empty/course.md: the course has no lessons'],
    ['the organization course name', { './content/courses/organization/course.md': course() }, 'courses/organization/course.md: "organization" is the course'],
    ['a file in an unknown place', { './content/courses/writing/notes.md': 'x' }, 'courses/writing/notes.md: not a place for content'],
    [
      'a question without a right option',
      { './content/courses/writing/quiz.md': '---\ntitle: Q\nquestions:\n  - id: q1\n    prompt: P\n    options:\n      - { id: a, text: A }\n      - { id: b, text: B }\n---\n' },
      'courses/writing/quiz.md: questions.0.options: a question needs at least one correct option'
    ],
    [
      'two questions with one id',
      { './content/courses/writing/quiz.md': quiz.replace('id: q2', 'id: q1') },
      'courses/writing/quiz.md: questions: question ids must be unique within the quiz'
    ],
    [
      'two options with one id',
      { './content/courses/writing/quiz.md': quiz.replace('{ id: c, text: "Three" }', '{ id: a, text: "Three" }') },
      'courses/writing/quiz.md: questions.1.options: option ids must be unique within a question'
    ],
    ['an article without a summary', { './content/articles/x.md': '---\ntitle: X\norder: 1\n---\nBody\n' }, 'articles/x.md: summary:']
  ])('refuses %s, naming the file', (_case, change, message) => {
    expect(parseError({ ...fixture(), ...change })).toContain(`Academy content ${message}`)
  })
})

describe('the shipped content', () => {
  it('has at least three courses of four lessons or more, each with a final quiz of eight questions or more', () => {
    const content = academyContent()
    expect(content.courses.length).toBeGreaterThanOrEqual(3)
    const courseSlugs = new Set<string>()
    for (const course of content.courses) {
      expect(courseSlugs.has(course.slug), course.slug).toBe(false)
      courseSlugs.add(course.slug)
      expect(course.lessons.length, course.slug).toBeGreaterThanOrEqual(4)
      expect(new Set(course.lessons.map((l) => l.slug)).size, course.slug).toBe(course.lessons.length)
      expect(course.quiz, `${course.slug} has a quiz`).not.toBeNull()
      const questions = course.quiz!.questions
      expect(questions.length, course.slug).toBeGreaterThanOrEqual(8)
      expect(new Set(questions.map((q) => q.id)).size, course.slug).toBe(questions.length)
      for (const question of questions) {
        expect(question.correct.size, `${course.slug} ${question.id}`).toBeGreaterThanOrEqual(1)
        expect(new Set(question.options.map((o) => o.id)).size).toBe(question.options.length)
      }
    }
    expect(new Set(content.articles.map((a) => a.slug)).size).toBe(content.articles.length)
  })
})

describe('the build hands the parsed content over (scripts/academy-content.ts)', () => {
  type Load = (this: { addWatchFile(file: string): void }, id: string) => string | null
  const loadWith = (dir: string) => {
    const plugin = academyContentPlugin(dir)
    const id = (plugin.resolveId as (id: string) => string | null)('virtual:academy-content')!
    const watched: string[] = []
    const code = (plugin.load as Load).call({ addWatchFile: (file) => watched.push(file) }, id)!
    const prefix = 'export default JSON.parse('
    expect(code.startsWith(prefix)).toBe(true)
    return { data: JSON.parse(JSON.parse(code.slice(prefix.length, -1)) as string) as ReturnType<typeof academyContentData>, watched }
  }
  const folderWith = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'pagecrew-academy-'))
    for (const [path, text] of Object.entries(files)) {
      const file = join(dir, path.replace('./content/', ''))
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
    }
    return dir
  }

  it('as JSON that becomes the same content again, right options and look-up included', () => {
    const parsed = parseAcademyContent(fixture())
    const again = academyContentFromData(JSON.parse(JSON.stringify(academyContentData(parsed))) as ReturnType<typeof academyContentData>)
    expect(again.courses).toEqual(parsed.courses)
    expect(again.articles).toEqual(parsed.articles)
    expect([...again.course('writing')!.quiz!.questions[1]!.correct]).toEqual(['a', 'b'])
  })

  it('reads every file of the folder, and refuses a bad one naming it', () => {
    const dir = folderWith(fixture())
    try {
      const { data, watched } = loadWith(dir)
      expect(data).toEqual(academyContentData(parseAcademyContent(fixture())))
      expect(watched).toHaveLength(Object.keys(fixture()).length)
      writeFileSync(join(dir, 'courses/writing/lessons/03-empty.md'), '---\ntitle: Empty\n---\n')
      expect(() => loadWith(dir)).toThrow('Academy content courses/writing/lessons/03-empty.md: the lesson has no text')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the server gets what the shipped files say', () => {
    const shipped = parseAcademyContent(readAcademyContentFiles(resolve(__dirname, 'content')))
    expect(academyContent().courses).toEqual(shipped.courses)
    expect(academyContent().articles).toEqual(shipped.articles)
  })
})
