/**
 * Texts of requests and their failures whatever the route: the Worker's answers to malformed
 * or oversized requests (fastapi's English wordings kept as they are) and the client's generic
 * connection errors.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const requestsMessages = {
  'request.bodyTooLarge': 'La richiesta è troppo grande',
  'request.invalidBody': 'Corpo della richiesta non valido',
  'request.failed': 'Richiesta non riuscita',
  'request.internalError': 'Errore interno del server',
  'request.notFound': 'Not Found',
  // fastapi-users' wording for every missing, bad or revoked token
  'request.unauthorized': 'Unauthorized',
  // a failed parse without any issue to name
  'request.invalidData': 'Dati non validi',

  // Quoted verbatim from the product specification
  'error.connection': 'Errore di connessione',
  'success.serverReady': 'Il server risponde correttamente, è pronto!',
} as const;
