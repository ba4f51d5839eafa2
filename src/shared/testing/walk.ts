import type { z } from 'zod'

/** The parts of a zod 4 schema's definition the walk reads (zod's own types are internal). */
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  options?: readonly z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  items?: readonly z.ZodType[]
  rest?: z.ZodType | null
  keyType?: z.ZodType
  valueType?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  getter?: () => z.ZodType
  checks?: readonly unknown[]
  format?: string
  entries?: Record<string, string | number>
  values?: readonly unknown[]
}

interface SchemaNode {
  schema: z.ZodType
  def: Def
  /** Where the node sits: object keys, '[]' for array elements, '{}' for record values. */
  path: string[]
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/**
 * Every node of a schema, depth first (wrappers such as optional and default, both sides of a
 * pipe, every union option). Used by tests that hold the whole API contract to a rule, e.g. that
 * every string refuses control characters, and by the fuzzer that makes bad input for each endpoint.
 */
export function walkSchema(schema: z.ZodType, visit: (node: SchemaNode) => void, path: string[] = [], seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return
  seen.add(schema)
  const def = defOf(schema)
  visit({ schema, def, path })
  const child = (inner: z.ZodType | null | undefined, segment?: string) => {
    if (inner) walkSchema(inner, visit, segment === undefined ? path : [...path, segment], seen)
  }
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {})) child(value, key)
      child(def.catchall, '{}')
      break
    case 'array':
    case 'set':
      child(def.element ?? def.valueType, '[]')
      break
    case 'union':
      for (const option of def.options ?? []) child(option)
      break
    case 'intersection':
      child(def.left)
      child(def.right)
      break
    case 'tuple':
      def.items?.forEach((item, i) => child(item, String(i)))
      child(def.rest, '[]')
      break
    case 'record':
    case 'map':
      child(def.keyType, '{key}')
      child(def.valueType, '{}')
      break
    case 'pipe':
      child(def.in)
      child(def.out)
      break
    case 'lazy':
      child(def.getter?.())
      break
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional, promise, success
      child(def.innerType)
  }
}
