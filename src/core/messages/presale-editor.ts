/**
 * Presales in the editor and the Fan view (docs/behaviour.md#presales). Keys are flat and
 * dotted; placeholders are written {name} and filled by `t()`.
 */
export const presaleEditorMessages = {
  'presale.editor.legend': 'Prevendita per gli iscritti',
  // quoted from the product's description of presales
  'presale.editor.addCodes': 'Aggiungi codici',
} as const;
