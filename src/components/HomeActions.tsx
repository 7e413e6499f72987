// The home page's calls to action: login and signup when logged out, a link to the
// admin panel (/admin or /user) when logged in. The static HTML shows the logged-out pair.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ArrowRight, LayoutDashboard, LogIn } from 'lucide-react';
import { t } from '../core/messages';
import { $user, areaPath, loadSession } from '../stores/session';
import { useHydrated } from './useHydrated';

export default function HomeActions({ variant = 'hero' }: { variant?: 'hero' | 'closing' }) {
  const hydrated = useHydrated();
  const stored = useStore($user);
  const user = hydrated ? stored : null;
  useEffect(() => {
    loadSession().catch((err: unknown) => console.error(err));
  }, []);

  if (user) {
    return (
      <div className="home-actions">
        <a className="btn btn-primary btn-lg" href={areaPath(user)} data-testid="home-panel">
          <LayoutDashboard size={20} aria-hidden="true" />
          {t('home.ctaPanel')}
        </a>
      </div>
    );
  }
  return (
    <div className="home-actions">
      <a className="btn btn-primary btn-lg" href="/signup">
        {t('home.ctaSignup')}
        <ArrowRight size={20} aria-hidden="true" />
      </a>
      {variant === 'hero' && (
        <a className="btn btn-lg btn-on-ink" href="/login">
          <LogIn size={20} aria-hidden="true" />
          {t('home.ctaLogin')}
        </a>
      )}
    </div>
  );
}
