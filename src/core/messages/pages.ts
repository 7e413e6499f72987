/**
 * Texts for the pages area that SPEC.md does not quote: plain, friendly Italian.
 * Keys are flat and dotted; placeholders are written {name}.
 */
export const pagesMessages = {
} as const;
