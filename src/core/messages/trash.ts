/**
 * Texts of the trash (docs/behaviour.md#trash): the API's answers and refusals, and the e-mail
 * to the Titolari. Keys are flat and dotted; placeholders are written {name}.
 */
export const trashMessages = {
  'trash.moved': 'Landing page spostata nel cestino: puoi ripristinarla fino al {until}',
  'trash.purged': 'Landing page eliminata definitivamente',
  'trash.slugTaken':
    'Lo slug "{slug}" è già utilizzato dalla landing "{name}", che è nel cestino: ripristinala o eliminala definitivamente',
  'trash.titleTaken':
    'Il titolo "{title}" è già utilizzato dalla landing "{slug}", che è nel cestino: ripristinala o eliminala definitivamente',
  // the subject is quoted from the product specification
  'trash.mail.subject': '{page} è stata spostata nel cestino da {name}',
  'trash.mail.text':
    "Ciao {recipient},\n\n{name} ({email}) ha spostato nel cestino la pagina \"{page}\" (/{slug}) di {company}.\n\nDa ora la pagina non è più visibile al pubblico. Statistiche, fan e file restano conservati: un titolare può ripristinarla così com'era fino al {until}, dal Cestino dell'editor. Dopo quella data verrà eliminata definitivamente.\n\nApri l'editor: {link}\n\nIl team di Palco",
} as const;
