/**
 * The 'Avvisami' block under the events of a text page (docs/behaviour.md#fans-and-alerts): a
 * plain form POST to /{slug}/fans that works without JavaScript (the Worker answers a small page
 * with a link back); the page script sends the same fields with fetch and shows the answer in
 * the status line (script.ts). In the editor's preview the form is inert: no action, a plain
 * button, no link.
 */
import { fanPaths } from '../core/api-paths';
import { ALL_CITIES, FAN_CITY_MAX, FAN_EMAIL_MAX, OTHER_CITY } from '../core/fans';
import { t } from '../core/messages';
import type { FanSignupView } from '../core/public-view';

export function FanSignup({
  signup,
  title,
  slug,
  privacy,
  preview,
}: {
  signup: FanSignupView;
  title: string;
  slug: string;
  privacy: string;
  preview: boolean;
}) {
  const company = signup.company || t('fans.page.someone');
  return (
    <section className="fs" aria-labelledby="fs-h">
      <h2 className="fh" id="fs-h">
        {t('fans.public.heading')}
      </h2>
      <p className="fi">{t('fans.public.intro')}</p>
      <form
        method={preview ? undefined : 'post'}
        action={preview ? undefined : fanPaths.signup(slug)}
        data-f={preview ? undefined : ''}
        data-s={t('fans.public.sending')}
        data-e={t('fans.public.networkError')}
      >
        <label htmlFor="fs-e">{t('fans.public.email')}</label>
        <input
          id="fs-e"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={FAN_EMAIL_MAX}
          required
        />
        <label htmlFor="fs-c">{t('fans.public.city')}</label>
        <select id="fs-c" name="city" required defaultValue="">
          <option value="" disabled>
            {t('fans.public.chooseCity')}
          </option>
          {signup.cities.map((c) => (
            <option key={c.key} value={c.name}>
              {c.name}
            </option>
          ))}
          <option value={ALL_CITIES}>{t('fans.public.allDates')}</option>
          <option value={OTHER_CITY}>{t('fans.public.otherCity')}</option>
        </select>
        <div className="fo">
          <label htmlFor="fs-o">{t('fans.public.otherCityLabel')}</label>
          <input id="fs-o" name="other_city" type="text" autoComplete="address-level2" maxLength={FAN_CITY_MAX} />
        </div>
        <div className="vh" aria-hidden="true">
          <label htmlFor="fs-w">{t('fans.public.honeypot')}</label>
          <input id="fs-w" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p className="fc">
          {t('fans.public.consent', { company, title })}{' '}
          <a href={preview ? undefined : privacy} rel="noopener">
            {t('fans.public.privacy')}
          </a>
        </p>
        <button className="b" type={preview ? 'button' : 'submit'}>
          {t('fans.public.title')}
        </button>
        <p className="fm" role="status" />
      </form>
    </section>
  );
}
