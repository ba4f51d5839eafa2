import { z } from 'zod'

/**
 * Strings at the border (DESIGN.md §7): every string the API accepts goes through one of the two
 * rules below, so no handler meets a control character. PostgreSQL refuses U+0000 in text (a
 * request carrying one used to fail with a 500), and the other controls have no business in
 * names, ids or addresses: a line break in a name or subject line is header injection waiting to
 * happen, and C1 controls and DEL only garble what others see.
 *
 * - single-line text (names, titles, ids, emails, addresses, passwords): no C0 control at all
 *   (U+0000–U+001F, so no tab or line break either), no DEL or C1 control (U+007F–U+009F), and no
 *   line or paragraph separator (U+2028, U+2029).
 * - multi-line text (post text, descriptions, content ideas, AI instructions, alt text): the same,
 *   except that tab, line feed and carriage return are kept (browsers send CRLF from a textarea).
 *
 * Both also refuse an unpaired UTF-16 surrogate (U+D800–U+DFFF not part of a pair; JSON's `"\ud800"`
 * makes one): it is no character at all, PostgreSQL's json refuses it (the audit entry's insert
 * failed with a 500) and UTF-8 cannot carry it. The `u` flag makes the range match only unpaired
 * halves: a pair (an emoji) is one code point outside it.
 */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/u
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/u

export const SINGLE_LINE_TEXT_MESSAGE = 'Remove line breaks and control characters from this text.'
export const MULTI_LINE_TEXT_MESSAGE = 'Remove control characters from this text.'

const isSingleLineText = (value: string): boolean => !SINGLE_LINE_FORBIDDEN.test(value)
const isMultiLineText = (value: string): boolean => !MULTI_LINE_FORBIDDEN.test(value)

/**
 * The two checks themselves: one instance each, shared by every schema that carries it, so a test
 * can walk the contract and see that every string does (src/shared/testing/walk.ts).
 */
export const singleLineTextCheck = z.refine<string>(isSingleLineText, { message: SINGLE_LINE_TEXT_MESSAGE })
export const multiLineTextCheck = z.refine<string>(isMultiLineText, { message: MULTI_LINE_TEXT_MESSAGE })

/** A string without control characters or line breaks: the default for every API input string. */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(singleLineTextCheck)

/** A string that may hold tabs and line breaks but no other control character (textareas). */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(multiLineTextCheck)

/**
 * Unicode bidirectional controls (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM, ALM): in a
 * file name they make `invoice\u202Efdp.exe` (RLO before "fdp") read as `invoiceexe.pdf`. Stripped from file names.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g
// eslint-disable-next-line no-control-regex
const FILE_NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/**
 * A client's file name as Pagecrew keeps and shows it: the last path segment (either slash), with
 * control characters and bidi controls removed, trimmed, at most 255 characters; '' when nothing is left.
 */
export function cleanFileNameText(name: string): string {
  const last = name.replace(/\\/g, '/').replace(/\/+$/, '').split('/').pop() ?? ''
  return Array.from(last.replace(FILE_NAME_CONTROLS, '').replace(BIDI_CONTROLS, '').trim()).slice(0, 255).join('').trim()
}
