import type { Modifier } from '@dnd-kit/core';

/** The list only reorders vertically (@dnd-kit/modifiers' helper, without another package). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
