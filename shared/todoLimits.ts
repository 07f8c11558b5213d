/** The most tasks a conversation's list holds, and the longest task's text (the contract and the window). */
export const TODO_LIMITS = {items: 50, text: 300} as const;
