// The invitation of a /signup?invito={token} link (docs/behaviour.md#teams): looked up once,
// its company and e-mail handed to the form; a bad token (unknown, used, revoked, expired) is
// explained in the server's Italian words and the signup goes on without it.
import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, MailCheck } from 'lucide-react';
import { t } from '../../core/messages';
import { errorText } from '../../lib/api';
import { lookupInvitation, type InvitationLookup } from '../../lib/team-client';
import { roleName } from '../../stores/team/rules';

export type InvitationState =
  | { state: 'none' }
  | { state: 'loading' }
  | ({ state: 'ok'; token: string } & InvitationLookup)
  | { state: 'bad'; detail: string };

/** The link's token, or null (an empty `invito` counts as none). */
export function invitationToken(search: string): string | null {
  const token = new URLSearchParams(search).get('invito')?.trim();
  return token ? token : null;
}

export function useInvitation(onOffer: (offer: InvitationLookup) => void): InvitationState {
  const [state, setState] = useState<InvitationState>({ state: 'none' });
  const offer = useRef(onOffer);
  offer.current = onOffer;

  useEffect(() => {
    const token = invitationToken(location.search);
    if (!token) return;
    setState({ state: 'loading' });
    lookupInvitation(token)
      .then((found) => {
        offer.current(found);
        setState({ state: 'ok', token, ...found });
      })
      .catch((err: unknown) => setState({ state: 'bad', detail: errorText(err) }));
  }, []);
  return state;
}

export function InvitationNote({ invitation }: { invitation: InvitationState }) {
  if (invitation.state === 'none') return null;
  if (invitation.state === 'loading') {
    return (
      <p className="hint" role="status">
        {t('teamScreen.invito.loading')}
      </p>
    );
  }
  if (invitation.state === 'bad') {
    const detail = /[.!?]$/.test(invitation.detail) ? invitation.detail : `${invitation.detail}.`;
    return (
      <div className="alert alert-warning auth-note" role="alert" data-testid="invitation-bad">
        <AlertTriangle size={18} aria-hidden="true" />
        <span>{t('teamScreen.invito.bad', { detail })}</span>
      </div>
    );
  }
  return (
    <div className="alert alert-success auth-note" role="status" data-testid="invitation-ok">
      <MailCheck size={18} aria-hidden="true" />
      <span>{t('teamScreen.invito.welcome', { company: invitation.company, role: roleName(invitation.role) })}</span>
    </div>
  );
}
