/** `1 chat`, `2 chats`, `0 chats`: a count with its noun in the right number. */
export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`
