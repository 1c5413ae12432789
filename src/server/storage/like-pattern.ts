/** Makes typed text literal inside a LIKE pattern: `%`, `_` and `\` are escaped, not dropped. */
export const escapeLike = (text: string) => text.replaceAll(/[%_\\]/g, '\\$&')
