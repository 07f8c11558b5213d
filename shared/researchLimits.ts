// The bounds of a research run, shared by the contract, the core and the window (plain values, no schema).

export const RESEARCH_LIMITS = {
    /** Questions in a research plan (the sections of its report). */
    questions: 6,
    /** Characters in one question of the plan. */
    question: 300,
    /** Sub-questions one plan question may lead to (one level below it: two levels in all). */
    followUps: 2,
    maxSteps: 200,
    maxMinutes: 240,
    maxTokens: 2_000_000,
} as const;

/** A run's budget when nobody sets one: steps, minutes, and the model's tokens (read and written). */
export const RESEARCH_DEFAULTS = {steps: 30, minutes: 15, tokens: 200_000} as const;
