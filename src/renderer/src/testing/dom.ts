import { configure } from '@testing-library/react'

/**
 * happy-dom's Web Animations reject `finished` when Fluent cancels a motion on unmount, which
 * surfaces as unhandled rejections. Without `animate`, Fluent uses its no-op test motions.
 */
for (const proto of [Element.prototype, HTMLElement.prototype]) {
  Object.defineProperty(proto, 'animate', { value: undefined, configurable: true, writable: true })
}

// Test files run in parallel and Fluent surfaces take a few renders to settle: wait longer than 1 s.
// Waits end as soon as what they wait for shows; 15 s leaves room for a machine that is busy with
// other work (a long dialog test reached 5 s under a load of 8 on two cores).
configure({ asyncUtilTimeout: 15_000 })

// Dates follow the user's languages (lib/formatDate): tests write theirs in British English on any machine.
Object.defineProperty(window.navigator, 'languages', { value: ['en-GB'], configurable: true })
Object.defineProperty(window.navigator, 'language', { value: 'en-GB', configurable: true })
