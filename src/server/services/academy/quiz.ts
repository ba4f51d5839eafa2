import { ACADEMY_MESSAGES, QUIZ_PASS_MARK } from '../../../shared/domain/academy'
import type { ContentQuiz } from '../../academy/content'
import { badRequest } from '../../errors'

/* How a final quiz is scored (docs/architecture.md, "Academy: content, quizzes and certificates"). */

/** Questions right out of the chosen option ids: each must match the correct set exactly. */
export function scoreQuiz(quiz: ContentQuiz, answers: Record<string, string[]>): { questions: { id: string; correct: boolean }[]; correct: number } {
  const known = new Map(quiz.questions.map((q) => [q.id, q]))
  for (const [questionId, chosen] of Object.entries(answers)) {
    const question = known.get(questionId)
    if (!question || chosen.some((optionId) => !question.options.some((o) => o.id === optionId))) {
      throw badRequest(ACADEMY_MESSAGES.quizUnknownAnswer, { answers: ACADEMY_MESSAGES.quizUnknownAnswer })
    }
  }
  const missing = quiz.questions.find((q) => (answers[q.id] ?? []).length === 0)
  if (missing) throw badRequest(ACADEMY_MESSAGES.quizIncomplete, { [`answers.${missing.id}`]: ACADEMY_MESSAGES.quizIncomplete })
  const questions = quiz.questions.map((q) => {
    const chosen = new Set(answers[q.id])
    return { id: q.id, correct: chosen.size === q.correct.size && [...chosen].every((id) => q.correct.has(id)) }
  })
  return { questions, correct: questions.filter((q) => q.correct).length }
}

/** Whether `correct` of `total` reaches the pass mark (8 of 10 passes at 80 %). */
export const passesQuiz = (correct: number, total: number) => total > 0 && correct >= Math.ceil(QUIZ_PASS_MARK * total - 1e-9)
