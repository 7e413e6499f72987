export const NEVER: string;
export function fullFoldedSkeleton(text: string): string;
export function operatorConfusables(target: string): Record<string, string>;
