/**
 * Texts of the API reference page (src/pages/api-reference.astro): the headings and labels the
 * site adds around the OpenAPI document. The document's own summaries and descriptions are
 * shown as it has them.
 */
export const apiReferenceMessages = {
  'title.apiReference': 'Riferimento API',
  'apiRef.lead':
    'Le API di Palco: gli stessi indirizzi che usano il sito e l’editor, per account, pagine, statistiche, fan e amministrazione.',
  'apiRef.basics': 'Come si usa',
  'apiRef.baseUrl':
    'Indirizzo di base: lo stesso dominio del sito; i percorsi qui sotto si aggiungono alla sua origine, per esempio {example}.',
  'apiRef.auth':
    'Autenticazione: le operazioni segnate «{session}» chiedono l’intestazione {header}, con il token che risponde {login}.',
  'apiRef.errors': 'Errori: ogni risposta di errore è un oggetto {shape}; i messaggi sono in italiano.',
  'apiRef.document': 'Il documento OpenAPI 3.1 completo, da leggere con i tuoi strumenti:',
  'apiRef.contents': 'Indice',
  'apiRef.schemas': 'Schemi',
  'apiRef.untagged': 'Altro',
  'apiRef.session': 'Richiede una sessione',
  'apiRef.public': 'Senza autenticazione',
  'apiRef.parameters': 'Parametri',
  'apiRef.param.name': 'Nome',
  'apiRef.param.in': 'Dove',
  'apiRef.param.type': 'Tipo',
  'apiRef.param.description': 'Descrizione',
  'apiRef.in.path': 'percorso',
  'apiRef.in.query': 'query',
  'apiRef.in.header': 'intestazione',
  'apiRef.in.cookie': 'cookie',
  'apiRef.requestBody': 'Corpo della richiesta',
  'apiRef.answers': 'Risposte',
  'apiRef.required': 'obbligatorio',
  'apiRef.optional': 'facoltativo',
  'apiRef.deprecated': 'deprecato',
  'apiRef.oneOf': 'Uno di:',
  'apiRef.allOf': 'Tutti insieme:',
  'apiRef.values': 'Valori:',
  'apiRef.default': 'Predefinito:',
  'apiRef.example': 'Esempio:',
  'apiRef.pattern': 'Formato:',
  'apiRef.items': 'Ogni elemento:',
  'apiRef.extraKeys': 'Altre chiavi:',
  'apiRef.chars': 'caratteri',
  'apiRef.itemsUnit': 'elementi',
  'apiRef.noContent': 'Nessun contenuto',
  'apiRef.backToContents': 'Torna all’indice',
  'footer.api': 'API',
} as const;
