/**
 * makeStyles rules for a selected or current state drawn as a background colour (the current page
 * in the navigation, today in the Plan): under forced colors (Windows contrast themes) the browser
 * would repaint that background away, so the state paints itself in the theme's Highlight colours.
 */
export const FORCED_COLORS_SELECTED = {
  '@media (forced-colors: active)': { forcedColorAdjust: 'none', backgroundColor: 'Highlight', color: 'HighlightText' }
} as const
