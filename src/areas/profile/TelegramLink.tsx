import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AnchorButton, Button } from '@blueprintjs/core';
import { useStores } from '../../app/context';
import type { Profile } from './ProfileStore';

/** Telegram notifications: a one-time link that opens the network's bot, or unlinking the account. */
export function TelegramLink({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const intl = useIntl();
  const { api } = useStores();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const linked = profile.messengers.some((m) => m.name.toLowerCase() === 'telegram' && m.messenger_user_id);

  async function run(call: () => Promise<void>) {
    setBusy(true);
    try {
      await call();
    } catch {
      // the API client showed the toast
    } finally {
      setBusy(false);
    }
  }

  if (linked) {
    return (
      <p>
        {intl.formatMessage({ id: 'profile.telegram.linked' })}{' '}
        <Button size="small" loading={busy} onClick={() => void run(async () => (await api.delete('profile/telegram'), onChanged()))}>
          {intl.formatMessage({ id: 'profile.telegram.unlink' })}
        </Button>
      </p>
    );
  }
  return link ? (
    <p>
      {intl.formatMessage({ id: 'profile.telegram.open' })}{' '}
      <AnchorButton size="small" intent="primary" href={link} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage({ id: 'profile.telegram.openButton' })}
      </AnchorButton>
    </p>
  ) : (
    <Button loading={busy} onClick={() => void run(async () => setLink((await api.post<{ data: { url: string } }>('profile/telegram/generate-url')).data.url))}>
      {intl.formatMessage({ id: 'profile.telegram.link' })}
    </Button>
  );
}
