/** Colours offered for new tags, taken in turn so neighbouring tags differ. */
const TAG_COLORS = ['#0f6cbd', '#c50f1f', '#107c10', '#8764b8', '#ca5010', '#00827f', '#b4009e', '#4f6bed'] as const

export function nextTagColor(existing: number): string {
  return TAG_COLORS[existing % TAG_COLORS.length] ?? TAG_COLORS[0]
}
