import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/core/messages';

/** Every area file of the catalogue, as the index spreads them into `messages`. */
const areaFiles = import.meta.glob<Record<string, Record<string, string>>>(
  ['../../src/core/messages/*.ts', '!../../src/core/messages/index.ts'],
  { eager: true },
);

/**
 * The keys whose texts are quoted verbatim from the product specification. Their area files
 * mark them with a comment; this list and the digest below keep them letter for letter.
 */
const QUOTED_KEYS = `
  guard.pending.title guard.pending.checkStatus guard.pending.logout guard.rejected.title guard.banned.title
  guard.exit status.pending status.approved status.rejected status.unknown nav.badge.admin nav.badge.user
  nav.user nav.create nav.users nav.logout.confirm nav.logout.running signup.title signup.fullName
  signup.company signup.email signup.password signup.confirmPassword signup.createCompany signup.loginLink
  signup.submit validation.email.invalid validation.email.required validation.loginPassword.min
  validation.password.required validation.fullName.min validation.fullName.required validation.company.min
  validation.company.required validation.password.min validation.password.pattern
  validation.confirmPassword.mismatch validation.confirmPassword.required slug.required slug.pattern slug.taken
  title.taken page.slugMissing page.titleMissing page.headerMissing page.buttonsMissing page.buttonsMixed
  page.buttonModeMismatch page.buttonPrefix page.modeLocked button.dateMissing button.cityMissing
  button.venueMissing button.ctaMissing button.imageMissing upload.imageTooLarge upload.videoTooLarge
  upload.buttonImageType upload.imageType users.deleteMismatch pages.authRequired styles.saveFirst
  public.loading public.redirecting public.empty public.noCookies public.invalidData public.notFound
  public.loadError public.defaultButtonText editor.title.create editor.title.edit editor.sidebarButton
  editor.cancelEdit editor.sidebar.empty editor.cta.defaultLabel admin.users.title admin.users.accessDenied
  error.tokenExpired error.register error.badCredentials error.loginToast error.verifyToken error.resetRequest
  error.unverified error.connection error.server error.imageDownload error.upload error.uploadButtons
  error.delete error.create error.update error.generate error.companyUpdate error.visibilityUpdate
  error.jsonLoad error.statsLoad error.savedHeaderUploadFailed error.savedButtonsUploadFailed error.formData
  error.serverTest error.tracking error.legacyUpload error.makeAdmin error.removeAdmin error.deleteUser
  error.companyUserUpdate error.usersLoad success.register success.registerScreen success.login success.logout
  success.verified success.forgotPassword success.pageCreated success.pageUpdated success.stylesUpdated
  success.buttonAdded success.buttonUpdated success.pageLoaded success.pageReloaded success.jsonCopied
  success.jsonDownloaded success.statsUpdated success.serverReady
`
  .trim()
  .split(/\s+/);

/** SHA-256 of the quoted keys with their texts: any change to one of those texts changes it. */
const QUOTED_DIGEST = '2c46258dafdbbb09d05d42f3d7128d1b89436141298b85413a17bc676c834126';

function quotedDigest(): string {
  const catalogue: Record<string, string> = messages;
  const pairs = QUOTED_KEYS.map((key) => [key, catalogue[key]]);
  return createHash('sha256').update(JSON.stringify(pairs)).digest('hex');
}

describe('catalogue areas', () => {
  it('never define the same key twice (a later area would silently win)', () => {
    const seen = new Map<string, string>();
    const areas = Object.entries(areaFiles).flatMap(([file, exports]) =>
      Object.entries(exports).map(([name, texts]) => [`${file.split('/').pop()} ${name}`, texts] as const),
    );
    for (const [area, texts] of areas) {
      for (const key of Object.keys(texts)) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
    // the files found are the areas the catalogue is made of, every one of them
    expect([...seen.keys()].sort()).toEqual(Object.keys(messages).sort());
  });

  it('keep every text quoted from the product specification letter for letter', () => {
    const catalogue: Record<string, string> = messages;
    expect(QUOTED_KEYS).toHaveLength(126);
    for (const key of QUOTED_KEYS) expect(catalogue[key], key).toBeTruthy();
    // A failure here means a quoted text was edited: restore it from git history.
    expect(quotedDigest()).toBe(QUOTED_DIGEST);
  });
});
