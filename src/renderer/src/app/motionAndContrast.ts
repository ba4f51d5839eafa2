import { makeStaticStyles } from '@fluentui/react-components'

/**
 * What the operating system asks of every screen, in one place:
 *
 * - Reduced motion (`prefers-reduced-motion: reduce`): no CSS animation or transition runs — they
 *   end at once, so nothing that waits for their end event waits longer. Fluent's own motion
 *   (dialogs, popovers, drawers: the Web Animations API) already shortens itself to nothing then
 *   (react-motion's useIsReducedMotion); this catches the app's styles and any component that does
 *   not. A spinner keeps turning, slowly (Fluent's own reduced-motion speed): it is what says the
 *   app is busy, not an effect.
 * - Forced colors (Windows contrast themes, `forced-colors: active`): the browser repaints author
 *   colors with the theme's few system colors, so a state drawn only as a background colour (the
 *   current page in the navigation, today in the Plan) is repainted away. Those states draw
 *   themselves in `Highlight` / `HighlightText` in their own styles (components/forcedColors.ts);
 *   focus outlines are system colours already (outline colours are forced to the theme's).
 */
export const useMotionAndContrastStyles = makeStaticStyles(`
@media (prefers-reduced-motion: reduce) {
  *:not(.fui-Spinner *),
  *:not(.fui-Spinner *)::before,
  *:not(.fui-Spinner *)::after {
    animation-duration: 0.01ms !important;
    animation-delay: 0s !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    transition-delay: 0s !important;
    scroll-behavior: auto !important;
  }
}
`)
