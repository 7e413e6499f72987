/**
 * Texts for the common area that SPEC.md does not quote: plain, friendly Italian.
 * Keys are flat and dotted; placeholders are written {name}.
 */
export const commonMessages = {
} as const;
