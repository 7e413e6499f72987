export const NEVER: string;
export const STROKED_LETTERS: Readonly<Record<string, string>>;
export function fullFoldedSkeleton(text: string): string;
export function operatorConfusables(target: string): Record<string, string>;
