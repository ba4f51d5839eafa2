import { userLocales } from '@renderer/lib/formatDate'

/** 12,345 in the user's locale. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(userLocales() as string[] | undefined).format(value)
}

/** An engagement rate as '4.2%'; '—' without impressions. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`
}

/** '3 of 5 posts' or, without a target, '3 posts'. */
export function postsAgainstTarget(published: number, target: number): string {
  return target > 0 ? `${published} of ${target} ${target === 1 ? 'post' : 'posts'}` : `${published} ${published === 1 ? 'post' : 'posts'}`
}
