/**
 * Dates from a ticket link (docs/behaviour.md#dates-from-a-ticket-link): the editor's 'Importa da link' dialog.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketImportEditorMessages = {} as const;
