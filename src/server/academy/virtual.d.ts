/** The Academy's content as the build checked and parsed it (scripts/academy-content.ts). */
declare module 'virtual:academy-content' {
  const content: import('./model').AcademyContentData
  export default content
}
