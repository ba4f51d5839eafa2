/**
 * happy-dom's Web Animations reject `finished` when Fluent cancels a motion on unmount, which
 * surfaces as unhandled rejections. Without `animate`, Fluent uses its no-op test motions.
 */
for (const proto of [Element.prototype, HTMLElement.prototype]) {
  Object.defineProperty(proto, 'animate', { value: undefined, configurable: true, writable: true })
}
