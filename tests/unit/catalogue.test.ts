import { describe, expect, it } from 'vitest';
import { messages } from '../../src/core/messages';
import { commonMessages } from '../../src/core/messages/common';
import { navigationMessages } from '../../src/core/messages/navigation';
import { guardMessages } from '../../src/core/messages/guard';
import { authMessages } from '../../src/core/messages/auth';
import { mailMessages } from '../../src/core/messages/mail';
import { siteMessages } from '../../src/core/messages/site';
import { pagesMessages } from '../../src/core/messages/pages';
import { editorMessages } from '../../src/core/messages/editor';
import { editorExtrasMessages } from '../../src/core/messages/editor-extras';
import { adminMessages } from '../../src/core/messages/admin';
import { usersScreenMessages } from '../../src/core/messages/users-screen';
import { landingMessages } from '../../src/core/messages/landing';
import { requestsMessages } from '../../src/core/messages/requests';

/**
 * Every text the product specification quotes, letter for letter: the catalogue must keep
 * each one exactly, whichever area file holds it.
 */
const QUOTED_VERBATIM: Record<string, string> = {
  'guard.pending.title': 'Registrazione in Attesa',
  'guard.pending.checkStatus': 'Controlla Stato Account',
  'guard.pending.logout': 'Disconnetti',
  'guard.rejected.title': 'Account Rifiutato',
  'guard.banned.title': 'Account Sospeso',
  'guard.exit': 'Esci',
  'status.pending': "Il tuo account è in attesa di approvazione da parte dell'amministratore.",
  'status.approved': "Account approvato! Verifica la tua email per attivare l'account.",
  'status.rejected': 'La tua richiesta di registrazione è stata rifiutata.',
  'status.unknown': "Status account sconosciuto. Contatta l'amministratore.",
  'nav.badge.admin': 'Admin',
  'nav.badge.user': 'Utente',
  'nav.user': 'Utente',
  'nav.create': 'Crea',
  'nav.users': 'Utenti',
  'nav.logout.confirm': 'Sei sicuro di voler uscire?',
  'nav.logout.running': 'Uscita...',
  'signup.title': 'Crea il tuo account',
  'signup.fullName': 'Nome completo',
  'signup.company': 'Azienda',
  'signup.email': 'Email',
  'signup.password': 'Password',
  'signup.confirmPassword': 'Conferma Password',
  'signup.createCompany': 'Crea nuova: "{name}"',
  'signup.loginLink': 'Accedi qui',
  'signup.submit': 'Registrati',
  'validation.email.invalid': 'Email non valida',
  'validation.email.required': 'Email richiesta',
  'validation.loginPassword.min': 'Password deve essere di almeno 6 caratteri',
  'validation.password.required': 'Password richiesta',
  'validation.fullName.min': 'Nome deve essere di almeno 2 caratteri',
  'validation.fullName.required': 'Nome completo richiesto',
  'validation.company.min': 'Nome azienda deve essere di almeno 2 caratteri',
  'validation.company.required': 'Azienda richiesta',
  'validation.password.min': 'Password deve essere di almeno 8 caratteri',
  'validation.password.pattern': 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero',
  'validation.confirmPassword.mismatch': 'Le password non coincidono',
  'validation.confirmPassword.required': 'Conferma password richiesta',
  'slug.required': 'Lo slug è obbligatorio',
  'slug.pattern': 'Lo slug può contenere solo lettere minuscole e numeri',
  'slug.taken': 'Lo slug "{slug}" è già utilizzato dalla landing "{name}"',
  'title.taken': 'Il titolo "{title}" è già utilizzato dalla landing "{slug}"',
  'page.slugMissing': 'Inserisci uno slug per la landing',
  'page.titleMissing': 'Inserisci un titolo',
  'page.headerMissing': "È necessario fornire un'immagine o video di testata",
  'page.buttonsMissing': 'Aggiungi almeno un pulsante',
  'page.buttonsMixed': 'Tutti i pulsanti devono essere dello stesso tipo',
  'page.buttonModeMismatch': 'I pulsanti di tipo {type} non sono compatibili con la modalità {mode}',
  'page.buttonPrefix': 'Pulsante {n}: ',
  'page.modeLocked': 'Non puoi cambiare modalità dopo aver creato pulsanti',
  'button.dateMissing': 'Inserisci la data',
  'button.cityMissing': 'Inserisci la città',
  'button.venueMissing': 'Inserisci la venue',
  'button.ctaMissing': 'Aggiungi almeno un pulsante CTA',
  'button.imageMissing': "Seleziona un'immagine per il pulsante",
  'upload.imageTooLarge': "L'immagine non può superare i 5MB",
  'upload.videoTooLarge': 'Il video non può superare i 50MB',
  'upload.buttonImageType': 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
  'upload.imageType': 'Formato immagine non supportato',
  'users.deleteMismatch': 'Nome non corrispondente. Eliminazione annullata.',
  'pages.authRequired': 'Devi essere autenticato per creare una landing page. Effettua il login.',
  'styles.saveFirst': 'Salva prima la landing page per poter aggiornare gli stili custom',
  'public.loading': 'Caricamento...',
  'public.redirecting': 'Reindirizzamento in corso...',
  'public.empty': 'Nessun dato disponibile',
  'public.noCookies': 'Questo sito non contiene cookies',
  'public.invalidData': 'Formato dati non valido',
  'public.notFound': 'Landing page non trovata',
  'public.loadError': 'Errore nel caricamento dei dati',
  'public.defaultButtonText': 'BIGLIETTI',
  'editor.title.create': 'CREAZIONE LANDING',
  'editor.title.edit': 'MODIFICA LANDING',
  'editor.sidebarButton': 'Landing Pages',
  'editor.cancelEdit': 'Annulla modifica',
  'editor.sidebar.empty': 'Nessuna landing page creata',
  'editor.cta.defaultLabel': 'biglietti',
  'admin.users.title': 'Gestione Utenti',
  'admin.users.accessDenied': 'Accesso Negato',
  'error.tokenExpired': 'Token non valido o scaduto. Effettua di nuovo il login.',
  'error.register': 'Errore durante la registrazione',
  'error.badCredentials': 'Credenziali non valide',
  'error.loginToast': 'Errore durante il login',
  'error.verifyToken': 'Token di verifica non valido o scaduto',
  'error.resetRequest': 'Errore nella richiesta di reset',
  'error.unverified': 'Account non ancora verificato. Controlla la tua email.',
  'error.connection': 'Errore di connessione',
  'error.server': 'Errore server: {status}',
  'error.imageDownload': "Errore nel download dell'immagine",
  'error.upload': 'Errore upload: {status}',
  'error.uploadButtons': 'Errore upload bottoni: {status}',
  'error.delete': "Errore durante l'eliminazione: {detail}",
  'error.create': 'Errore nella creazione: {detail}',
  'error.update': "Errore nell'aggiornamento: {detail}",
  'error.generate': 'Errore durante la generazione: {detail}',
  'error.companyUpdate': "Errore durante l'aggiornamento della company",
  'error.visibilityUpdate': "Errore durante l'aggiornamento della visibilità",
  'error.jsonLoad': 'Errore nel caricamento dei dati JSON',
  'error.statsLoad': 'Errore nel caricamento delle statistiche',
  'error.savedHeaderUploadFailed': "Landing page salvata ma errore nell'upload dell'immagine header: {detail}",
  'error.savedButtonsUploadFailed': "Landing page salvata ma errore nell'upload delle immagini bottoni: {detail}",
  'error.formData': 'Errore nel recupero dei dati del form',
  'error.serverTest': 'Server test failed: {detail}',
  'error.tracking': 'Tracciamento fallito',
  'error.legacyUpload': "L'upload tramite questo servizio non è più supportato. Usa landingPageDbService.",
  'error.makeAdmin': "Errore nell'elevare l'utente ad admin",
  'error.removeAdmin': 'Errore nella rimozione privilegi admin',
  'error.deleteUser': "Errore nell'eliminazione utente",
  'error.companyUserUpdate': "Errore nell'aggiornamento azienda",
  'error.usersLoad': 'Errore nel caricamento degli utenti: {detail}',
  'success.register':
    "Registrazione completata! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.registerScreen':
    "Registrazione completata con successo! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.login': 'Login effettuato con successo!',
  'success.logout': 'Logout effettuato',
  'success.verified': 'Account attivato con successo! Puoi ora effettuare il login.',
  'success.forgotPassword': "Se l'email esiste nel sistema, riceverai le istruzioni per il reset.",
  'success.pageCreated': 'Landing page generata con successo!',
  'success.pageUpdated': 'Landing page aggiornata con successo!',
  'success.stylesUpdated': 'Stili custom aggiornati con successo!',
  'success.buttonAdded': 'Pulsante aggiunto con successo',
  'success.buttonUpdated': 'Pulsante aggiornato con successo',
  'success.pageLoaded': 'Landing page caricata per la modifica',
  'success.pageReloaded': 'Dati della landing page ricaricati',
  'success.jsonCopied': 'JSON copiato negli appunti!',
  'success.jsonDownloaded': 'JSON scaricato con successo!',
  'success.statsUpdated': 'Statistiche aggiornate con successo',
  'success.serverReady': 'Il server risponde correttamente, è pronto!',
};

describe('catalogue areas', () => {
  it('never define the same key twice (a later area would silently win)', () => {
    const seen = new Map<string, string>();
    const areas = {
      commonMessages,
      navigationMessages,
      guardMessages,
      authMessages,
      mailMessages,
      siteMessages,
      pagesMessages,
      editorMessages,
      editorExtrasMessages,
      adminMessages,
      usersScreenMessages,
      landingMessages,
      requestsMessages,
    };
    for (const [area, texts] of Object.entries(areas)) {
      for (const key of Object.keys(texts)) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it('keep every text quoted from the product specification letter for letter', () => {
    const catalogue: Record<string, string> = messages;
    for (const [key, text] of Object.entries(QUOTED_VERBATIM)) expect(catalogue[key], key).toBe(text);
  });
});
