export const escapeLike = (text: string) => text.replaceAll(/[%_\\]/g, '\\$&')
