/**
 * Texts of the Worker's answers to malformed or oversized requests, whatever the route:
 * plain Italian (fastapi's 'Not Found' keeps its wording). Keys are flat and dotted.
 * Owner: the Worker's request handling (body limits, error shaping).
 */
export const requestsMessages = {
  'request.bodyTooLarge': 'La richiesta è troppo grande',
  'request.invalidBody': 'Corpo della richiesta non valido',
  'request.failed': 'Richiesta non riuscita',
  'request.internalError': 'Errore interno del server',
  'request.notFound': 'Not Found',
} as const;
