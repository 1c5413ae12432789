export const SHORTCUTS = [
  ['/', 'Search: the page’s own search, or Go to'],
  ['g then c', 'Go to the container board'],
  ['g then s', 'Go to shipments'],
  ['g then t', 'Go to tracking requests'],
  ['g then e', 'Go to email'],
  ['?', 'Show these shortcuts'],
  ['Esc', 'Close a menu or dialog'],
] as const
