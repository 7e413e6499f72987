/**
 * Texts for the auth area that SPEC.md does not quote: plain, friendly Italian.
 * Keys are flat and dotted; placeholders are written {name}.
 */
export const authMessages = {
} as const;
