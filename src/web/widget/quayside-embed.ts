import { QuaysideTracking } from './tracking-element'

// a page that loads the script twice keeps the first definition
if (!customElements.get('quayside-tracking')) customElements.define('quayside-tracking', QuaysideTracking)
